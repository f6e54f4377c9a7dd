// One job: what the data worker (or, where workers are refused, the main thread) runs for a client
// call: a `query` or `query_range`, or any other endpoint (names, targets, config, alerts, rules,
// exemplars…). The HTTP, the JSON parse and the decode happen here; a range answer leaves as typed
// arrays (../columnar.ts), any other as the decoded object.
import { parseBucketQuantile, quantileOverRange, type BucketQuantileQuery } from '../bucket-quantile';
import { toColumnar } from '../columnar';
import {
  decodeAlerts,
  decodeBuildInfo,
  decodeConfig,
  decodeExemplars,
  decodeFlags,
  decodeMatrix,
  decodeMetadata,
  decodeQueryResult,
  decodeRules,
  decodeSeries,
  decodeStringList,
  decodeTargets,
} from '../decoders';
import { abortedError, PrometheusError, type PrometheusErrorKind } from '../errors';
import { apiRequest, type HttpConfig, type Params } from '../http';
import type { ApiErrorType, ColumnarSeries, MatrixSeries, QueryResult } from '../types';

export type QueryEndpoint = 'query' | 'query_range';

/** Plain data only: it crosses to the worker by postMessage. */
export interface QueryJob {
  endpoint: QueryEndpoint;
  baseUrl: string;
  headers: Record<string, string>;
  params: Params;
  maxBodyBytes: number;
  /** Set by the page's transport from its approval (ApprovedBackends): see HttpConfig.allowedPaths. */
  allowedPaths?: readonly string[];
  /**
   * A range job whose `query` is `histogram_quantile(q, inner)` (../bucket-quantile.ts): `inner` is
   * asked instead, once for every such job in flight with the same inner query and window, and the
   * quantile computed from it.
   */
  fromBuckets?: BucketQuantileQuery;
}

/** The decoders an API job names: a function cannot cross to the worker, its name can. */
const DECODERS = {
  stringList: decodeStringList,
  series: decodeSeries,
  metadata: decodeMetadata,
  targets: decodeTargets,
  buildInfo: decodeBuildInfo,
  config: decodeConfig,
  alerts: decodeAlerts,
  rules: decodeRules,
  exemplars: decodeExemplars,
  flags: decodeFlags,
} as const;

export type DecoderName = keyof typeof DECODERS;
/** What the decoder named `N` answers. */
export type Decoded<N extends DecoderName> = NonNullable<ReturnType<(typeof DECODERS)[N]>>;

/** Any other endpoint than `query` and `query_range`: the request as apiRequest takes it, its decoder by name. */
export interface ApiJob {
  endpoint: 'api';
  baseUrl: string;
  headers: Record<string, string>;
  maxBodyBytes: number;
  /** As QueryJob's. */
  allowedPaths?: readonly string[];
  method: 'GET' | 'POST';
  path: string;
  params: Params;
  decoder: DecoderName;
  /** What `data` should have been, for the not-prometheus message ("a target list"). */
  expected: string;
}

export type Job = QueryJob | ApiJob;

export type JobAnswer =
  | { endpoint: 'query_range'; result: ColumnarSeries[]; warnings: string[]; /** Set when the answer went past ANSWER_BUDGET. */ seriesTotal?: number }
  | { endpoint: 'query'; result: QueryResult; warnings: string[] }
  | { endpoint: 'api'; data: unknown; warnings: string[] };

export interface JobOutcome {
  answer: JobAnswer;
  /** Buffers to transfer with the answer. */
  buffers: ArrayBuffer[];
}

/**
 * Runs `job` with `fetchFn`. `timeoutMs` is applied here only by the in-thread transport; the worker
 * transport keeps the timer on the main thread (the page's clock, which tests and the bench drive).
 */
export async function runJob(job: Job, fetchFn: typeof fetch, signal: AbortSignal | undefined, timeoutMs?: number): Promise<JobOutcome> {
  const cfg: HttpConfig = { baseUrl: job.baseUrl, headers: job.headers, fetchFn, timeoutMs, maxBodyBytes: job.maxBodyBytes, allowedPaths: job.allowedPaths };
  if (job.endpoint === 'api') {
    const decode: (data: unknown) => unknown = DECODERS[job.decoder];
    const { data, warnings } = await apiRequest(cfg, { method: job.method, path: job.path, params: job.params, decode, expected: job.expected, signal });
    return { answer: { endpoint: 'api', data, warnings }, buffers: [] };
  }
  if (job.endpoint === 'query_range' && job.fromBuckets !== undefined) {
    const { q, inner } = job.fromBuckets;
    const params = job.params.map(([k, v]) => [k, k === 'query' ? inner : v] as const);
    const buckets = await sharedBuckets(cfg, params, signal);
    // Native histograms: their quantile is not this computation; the server is asked as written.
    if (buckets !== 'native') {
      const { result, buffers } = quantileOverRange(q, buckets.series);
      return { answer: { endpoint: 'query_range', result, warnings: buckets.warnings }, buffers };
    }
  }
  // A heatmap asks the very bucket series a quantile line of the same histogram asks as its inner
  // query (the same window): while that request is in flight, the heatmap shares it instead of
  // sending it a second time (and a quantile job arriving later shares the heatmap's).
  if (job.endpoint === 'query_range' && isBucketSum(job.params)) {
    const buckets = await sharedBuckets(cfg, job.params, signal);
    if (buckets !== 'native') {
      const { result, buffers, seriesTotal } = toColumnar(buckets.series);
      return { answer: { endpoint: 'query_range', result, warnings: buckets.warnings, ...(seriesTotal > result.length ? { seriesTotal } : {}) }, buffers };
    }
  }
  if (job.endpoint === 'query_range') {
    const { data, warnings } = await apiRequest(cfg, {
      method: 'POST', path: '/api/v1/query_range', params: job.params, decode: decodeMatrix, expected: 'a matrix', signal,
    });
    const { result, buffers, seriesTotal } = toColumnar(data);
    return { answer: { endpoint: 'query_range', result, warnings, ...(seriesTotal > result.length ? { seriesTotal } : {}) }, buffers };
  }
  const { data, warnings } = await apiRequest(cfg, {
    method: 'POST', path: '/api/v1/query', params: job.params, decode: decodeQueryResult, expected: 'a query result', signal,
  });
  return { answer: { endpoint: 'query', result: data, warnings }, buffers: [] };
}

/** A range query of the `sum by (le) (…)` form the bucket quantiles ask (bucket-quantile.ts). */
function isBucketSum(params: Params): boolean {
  const query = params.find(([k]) => k === 'query')?.[1] ?? '';
  return /^sum\s+by\s*\(\s*le\s*\)\s*\(/.test(query) && parseBucketQuantile(`histogram_quantile(0.5, ${query})`)?.inner === query;
}

interface Buckets {
  series: MatrixSeries[];
  warnings: string[];
}

/** A range answer of bucket series; 'native' when a series carries native histograms. */
function decodeBuckets(data: unknown): MatrixSeries[] | 'native' | undefined {
  if (typeof data === 'object' && data !== null && Array.isArray((data as { result?: unknown }).result)) {
    const result = (data as { result: unknown[] }).result;
    if (result.some((s) => typeof s === 'object' && s !== null && 'histograms' in s)) return 'native';
  }
  return decodeMatrix(data);
}

interface InFlight {
  answer: Promise<Buckets | 'native'>;
  controller: AbortController;
  users: number;
}

/** Bucket requests in flight, per fetch function, by everything that makes the request. */
const inFlightBy = new WeakMap<typeof fetch, Map<string, InFlight>>();

/**
 * The bucket series of `params` (a range request), asked once for all the jobs that want them
 * while it is in flight. A job's abort leaves the request to the others; the last one's aborts it.
 */
function sharedBuckets(cfg: HttpConfig, params: Params, signal: AbortSignal | undefined): Promise<Buckets | 'native'> {
  if (signal?.aborted === true) return Promise.reject(abortedError(signal.reason));
  const key = JSON.stringify([cfg.baseUrl, cfg.headers, params]);
  const jobs = inFlightBy.get(cfg.fetchFn) ?? new Map<string, InFlight>();
  inFlightBy.set(cfg.fetchFn, jobs);
  const forget = (entry: InFlight): void => {
    if (jobs.get(key) === entry) jobs.delete(key);
  };
  let shared = jobs.get(key);
  if (shared === undefined) {
    const controller = new AbortController();
    const answer = apiRequest(cfg, {
      method: 'POST', path: '/api/v1/query_range', params, decode: decodeBuckets, expected: 'a matrix', signal: controller.signal,
    }).then(({ data, warnings }) => (data === 'native' ? data : { series: data, warnings }));
    const made: InFlight = { answer, controller, users: 0 };
    jobs.set(key, made);
    answer.then(() => forget(made), () => forget(made));
    shared = made;
  }
  const entry = shared;
  entry.users += 1;
  return new Promise((resolve, reject) => {
    let settled = false;
    /** Runs `then` once, for whichever comes first: the answer, its failure or this job's abort. */
    const once = <T>(then: (v: T) => void) => (v: T): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      then(v);
    };
    const onAbort = once(() => {
      entry.users -= 1;
      if (entry.users === 0) {
        forget(entry);
        entry.controller.abort(signal?.reason);
      }
      reject(abortedError(signal?.reason));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    entry.answer.then(once(resolve), once(reject));
  });
}

/** A PrometheusError as plain data (its class does not survive postMessage). */
export interface ErrorData {
  kind: PrometheusErrorKind;
  message: string;
  detail: string;
  status: number | undefined;
  errorType: ApiErrorType | undefined;
  timedOut: boolean;
  waitedMs?: number | undefined;
}

export function errorToData(e: PrometheusError): ErrorData {
  return { kind: e.kind, message: e.message, detail: e.detail, status: e.status, errorType: e.errorType, timedOut: e.timedOut, waitedMs: e.waitedMs };
}

export function errorFromData(d: ErrorData): PrometheusError {
  return new PrometheusError(d);
}

/**
 * The backends the page approved (its choice of backend, after config.json's allow-list and the
 * page's `<meta>` CSP): a job for any other origin is refused, on the main thread and in the
 * worker alike, so a policy the worker is not bound by cannot widen where data goes.
 */
export class ApprovedBackends {
  /** Approved origins, each with the path prefixes its answers may come from (none: any). */
  private readonly origins = new Map<string, readonly string[]>();

  approve(baseUrl: string, allowedPaths: readonly string[] = []): string | null {
    const origin = originOfUrl(baseUrl);
    if (origin !== null) this.origins.set(origin, allowedPaths);
    return origin;
  }

  /** Null when `job` may run, else the error it fails with. */
  refusal(job: Job): PrometheusError | null {
    const origin = originOfUrl(job.baseUrl);
    if (origin !== null && this.origins.has(origin)) return null;
    return new PrometheusError({
      kind: 'network',
      message: `The board has not approved ${origin ?? 'this address'} as its backend, so nothing was sent to it.`,
    });
  }

  /** `job` with the path prefixes of its origin's approval, which every redirect is held to. */
  bind(job: Job): Job {
    const paths = this.origins.get(originOfUrl(job.baseUrl) ?? '');
    return paths === undefined || paths.length === 0 ? job : { ...job, allowedPaths: paths };
  }
}

function originOfUrl(url: string): string | null {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/** Main thread → worker. */
export type ToWorker = { type: 'run'; id: number; job: Job } | { type: 'abort'; id: number } | { type: 'approve'; origin: string; allowedPaths: readonly string[] };

/** Worker → main thread. */
export type FromWorker =
  /** Sent once, when the worker's script has run: jobs go to it from then on. */
  | { type: 'ready' }
  | { type: 'done'; id: number; answer: JobAnswer }
  | { type: 'failed'; id: number; error: ErrorData };
