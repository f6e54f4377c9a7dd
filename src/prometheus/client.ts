// The Prometheus HTTP API client: one typed method per endpoint, each taking an AbortSignal last.
import { trimTrailingSlashes } from './base-url';
import { parseBucketQuantile } from './bucket-quantile';
import { isPrometheusError, type PrometheusError } from './errors';
import type { Exemplar } from './exemplars';
import { graphUrl, type GraphRange } from './graph-url';
import { MAX_BODY_BYTES, type HttpConfig, type Params } from './http';
import type { AlertsData, BuildInfo, ConfigData, ColumnarSeries, Labels, MetadataData, QueryResult, RulesData, TargetsData } from './types';
import type { ApiJob, Decoded, DecoderName, QueryEndpoint, QueryJob } from './worker/job';
import { defaultTransport, inThreadTransport, type QueryTransport } from './worker/transport';

export interface PrometheusClientOptions {
  /** API base without `/api/v1`, path prefix kept: `http://h:9090`, `http://h:8481/select/0/prometheus`. */
  baseUrl: string;
  /**
   * Extra headers (`Authorization`, `X-Scope-OrgID`). Any non-safelisted header makes the browser
   * send a CORS preflight, which plain Prometheus allows only for Accept/Authorization/Content-Type/Origin.
   */
  headers?: Record<string, string>;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * Abort a request after this long (a `network` error with `timedOut`, which the page treats as
   * backend-wide). DEFAULT_TIMEOUT_MS unless given; 0 waits for good.
   */
  timeoutMs?: number;
  /** The largest answer read (MAX_BODY_BYTES unless given). */
  maxBodyBytes?: number;
  /**
   * Where every request runs: the page's data worker by default, the main thread with an
   * injected `fetch` (tests). See worker/transport.ts.
   */
  transport?: QueryTransport;
}

/**
 * Every request gives up after this long, so a backend that accepts and never answers shows the
 * unreachable banner instead of panels "Loading…" for good. Shorter than Prometheus' own 2 min
 * query timeout on purpose: a panel answer that slow is one nobody is still waiting for.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface TimeBounds {
  /** Unix seconds. */
  start?: number;
  end?: number;
}

export interface LabelQuery extends TimeBounds {
  /** Series selectors; sent as repeated `match[]`. */
  match?: string[];
}

export interface QueryAnswer {
  result: QueryResult;
  warnings: string[];
}

/** A range answer: each series' samples as typed arrays (see columnar.ts). */
export interface RangeQueryAnswer {
  result: ColumnarSeries[];
  warnings: string[];
  /**
   * The series the backend sent, when more than `result` holds (the answer went past the page's
   * budget, columnar.ts): `result` is the first of them in the backend's order.
   */
  seriesTotal?: number;
}

/**
 * A query's answer as the client returns it: an instance of a class, not a plain object, on
 * purpose. TanStack Query deep-compares plain objects and arrays when it shares structure (each
 * `useQueries` combine result); a new window's answer never equals the old one, so that walk
 * visited every sample of every answer on each refresh (~6 % of the main thread per window
 * change, docs/performance.md). A class instance is compared by reference.
 */
class Answer<R> {
  constructor(
    readonly result: R,
    readonly warnings: string[],
    readonly seriesTotal?: number,
  ) {}
}

export interface PrometheusClient {
  readonly baseUrl: string;
  /** Instant query at `time` (unix seconds; the backend's now when omitted). */
  query(expr: string, time?: number, signal?: AbortSignal): Promise<QueryAnswer>;
  /** Range query; `start`/`end` unix seconds, `step` seconds. */
  queryRange(expr: string, start: number, end: number, step: number, signal?: AbortSignal): Promise<RangeQueryAnswer>;
  labelNames(opts?: LabelQuery, signal?: AbortSignal): Promise<string[]>;
  labelValues(label: string, opts?: LabelQuery & { limit?: number }, signal?: AbortSignal): Promise<string[]>;
  series(match: string[], start?: number, end?: number, signal?: AbortSignal): Promise<Labels[]>;
  metadata(opts?: { metric?: string; limit?: number }, signal?: AbortSignal): Promise<MetadataData>;
  /** Active targets only: dropped ones can number in the thousands and are never shown. */
  targets(signal?: AbortSignal): Promise<TargetsData>;
  buildInfo(signal?: AbortSignal): Promise<BuildInfo>;
  config(signal?: AbortSignal): Promise<ConfigData>;
  /** Active (pending and firing) alerts the backend evaluates itself (Prometheus, Thanos Ruler, Mimir ruler). */
  alerts(signal?: AbortSignal): Promise<AlertsData>;
  /** Rule groups; `type` keeps only alerting (`alert`) or recording (`record`) rules. */
  rules(type?: 'alert' | 'record', signal?: AbortSignal): Promise<RulesData>;
  /** Metric names, sorted; see `fetchMetricNames` for the fallbacks. */
  metricNames(opts?: LabelQuery, signal?: AbortSignal): Promise<string[]>;
  /** The backend's own graph page for `expr` over a range (unix seconds). */
  graphUrl(expr: string, range: GraphRange): string;
  /** Exemplars of the series `expr` selects between `start` and `end` (unix seconds). */
  queryExemplars(expr: string, start: number, end: number, signal?: AbortSignal): Promise<Exemplar[]>;
  /** The backend's command-line flags (Prometheus only). */
  flags(signal?: AbortSignal): Promise<Record<string, string>>;
}

/** An API call as the client writes it: the request and its decoder's name (the job adds the backend). */
type ApiCall<N extends DecoderName> = Pick<ApiJob, 'method' | 'path' | 'params' | 'expected'> & { decoder: N };

function timeParams({ start, end }: TimeBounds): [string, string][] {
  const out: [string, string][] = [];
  if (start !== undefined) out.push(['start', String(start)]);
  if (end !== undefined) out.push(['end', String(end)]);
  return out;
}

function matchParams(match: readonly string[] | undefined): [string, string][] {
  return (match ?? []).map((m) => ['match[]', m]);
}

export function createPrometheusClient(opts: PrometheusClientOptions): PrometheusClient {
  const baseUrl = trimTrailingSlashes(opts.baseUrl.trim());
  const cfg: HttpConfig = {
    baseUrl,
    headers: { ...opts.headers },
    // Bound lazily so a test can stub globalThis.fetch after the client is created.
    fetchFn: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: opts.maxBodyBytes ?? MAX_BODY_BYTES,
  };
  const transport = opts.transport ?? (opts.fetch !== undefined ? inThreadTransport(cfg.fetchFn) : defaultTransport());
  // What every job carries: the backend, its headers and the body budget.
  const target = { baseUrl, headers: cfg.headers, maxBodyBytes: cfg.maxBodyBytes ?? MAX_BODY_BYTES };
  const job = (endpoint: QueryEndpoint, params: Params): QueryJob => ({ endpoint, ...target, params });
  // Every other endpoint runs where the queries run (the data worker): the fetch, the body read,
  // the JSON parse and the decode leave the main thread, which gets the decoded object.
  const call = async <N extends DecoderName>(req: ApiCall<N>, signal: AbortSignal | undefined): Promise<Decoded<N>> => {
    const a = await transport.run({ endpoint: 'api', ...target, ...req }, signal, cfg.timeoutMs);
    if (a.endpoint !== 'api') throw new Error(`${req.path}: the transport answered another endpoint`);
    return a.data as Decoded<N>;
  };

  const client: PrometheusClient = {
    baseUrl,

    async query(expr, time, signal) {
      const params: Params = time === undefined ? [['query', expr]] : [['query', expr], ['time', String(time)]];
      const a = await transport.run(job('query', params), signal, cfg.timeoutMs);
      if (a.endpoint !== 'query') throw new Error('query: the transport answered another endpoint');
      return new Answer(a.result, a.warnings);
    },

    async queryRange(expr, start, end, step, signal) {
      const params: Params = [['query', expr], ['start', String(start)], ['end', String(end)], ['step', String(step)]];
      // p50/p95/p99 of one histogram: one bucket request for the three (bucket-quantile.ts).
      const fromBuckets = parseBucketQuantile(expr);
      const a = await transport.run({ ...job('query_range', params), ...(fromBuckets ? { fromBuckets } : {}) }, signal, cfg.timeoutMs);
      if (a.endpoint !== 'query_range') throw new Error('queryRange: the transport answered another endpoint');
      return new Answer(a.result, a.warnings, a.seriesTotal);
    },

    labelNames(o = {}, signal) {
      return call(
        { method: 'GET', path: '/api/v1/labels', params: [...matchParams(o.match), ...timeParams(o)], decoder: 'stringList', expected: 'a list of label names' },
        signal,
      );
    },

    labelValues(label, o = {}, signal) {
      const params: [string, string][] = [...matchParams(o.match), ...timeParams(o)];
      if (o.limit !== undefined) params.push(['limit', String(o.limit)]);
      return call(
        { method: 'GET', path: `/api/v1/label/${encodeURIComponent(label)}/values`, params, decoder: 'stringList', expected: 'a list of label values' },
        signal,
      );
    },

    series(match, start, end, signal) {
      return call(
        { method: 'POST', path: '/api/v1/series', params: [...matchParams(match), ...timeParams({ start, end })], decoder: 'series', expected: 'a list of label sets' },
        signal,
      );
    },

    metadata(o = {}, signal) {
      const params: [string, string][] = [];
      if (o.metric !== undefined) params.push(['metric', o.metric]);
      if (o.limit !== undefined) params.push(['limit', String(o.limit)]);
      return call({ method: 'GET', path: '/api/v1/metadata', params, decoder: 'metadata', expected: 'metric metadata' }, signal);
    },

    targets(signal) {
      return call(
        { method: 'GET', path: '/api/v1/targets', params: [['state', 'active']], decoder: 'targets', expected: 'a target list' },
        signal,
      );
    },

    buildInfo(signal) {
      return call({ method: 'GET', path: '/api/v1/status/buildinfo', params: [], decoder: 'buildInfo', expected: 'build information' }, signal);
    },

    config(signal) {
      return call({ method: 'GET', path: '/api/v1/status/config', params: [], decoder: 'config', expected: 'a configuration' }, signal);
    },

    alerts(signal) {
      return call({ method: 'GET', path: '/api/v1/alerts', params: [], decoder: 'alerts', expected: 'a list of alerts' }, signal);
    },

    rules(type, signal) {
      return call({ method: 'GET', path: '/api/v1/rules', params: type ? [['type', type]] : [], decoder: 'rules', expected: 'a list of rule groups' }, signal);
    },

    metricNames(o = {}, signal) {
      return fetchMetricNames(client, o, signal);
    },

    graphUrl(expr, range) {
      return graphUrl(baseUrl, expr, range);
    },

    queryExemplars(expr, start, end, signal) {
      return call(
        { method: 'GET', path: '/api/v1/query_exemplars', params: [['query', expr], ['start', String(start)], ['end', String(end)]], decoder: 'exemplars', expected: 'a list of exemplars' },
        signal,
      );
    },

    flags(signal) {
      return call({ method: 'GET', path: '/api/v1/status/flags', params: [], decoder: 'flags', expected: 'a list of flags' }, signal);
    },
  };
  return client;
}

/** The answers that mean "this backend or proxy does not serve that endpoint (that way)". */
export function isUnsupported(e: unknown): e is PrometheusError {
  if (!isPrometheusError(e)) return false;
  if (e.kind === 'http') return e.status === 404 || e.status === 405;
  return e.kind === 'api' && e.errorType === 'bad_data';
}

/**
 * Metric names, by the cheapest route the backend serves:
 * 1. `label/__name__/values` (with `match[]` and time bounds): Prometheus, Thanos, Mimir/Cortex and
 *    VictoriaMetrics all serve it.
 * 2. `series` over `match` (default `{__name__=~".+"}`), names collected: for read-only gateways and
 *    label-enforcing proxies that expose only query/series, or that reject `match[]` on label
 *    endpoints with 400 bad_data (older prom-label-proxy setups). Heavier: one label set per series.
 * 3. `metadata` keys: last, because it ignores `match` and time, and VictoriaMetrics before v1.130
 *    (or without `-enableMetadata`) answers it empty.
 * A fallback happens only on 404, 405 or `bad_data`; any other failure is thrown as is. When every
 * route is unsupported the first error is thrown, since it names the endpoint that matters.
 * (Which gateways need 2 or 3 is from their docs and issue threads, not tested against each.)
 */
export async function fetchMetricNames(client: PrometheusClient, o: LabelQuery, signal?: AbortSignal): Promise<string[]> {
  const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort();
  let first: PrometheusError;
  try {
    return sorted(await client.labelValues('__name__', o, signal));
  } catch (e) {
    if (!isUnsupported(e)) throw e;
    first = e;
  }
  try {
    const match = o.match !== undefined && o.match.length > 0 ? o.match : ['{__name__=~".+"}'];
    const series = await client.series(match, o.start, o.end, signal);
    return sorted(series.map((s) => s.__name__).filter((n): n is string => n !== undefined));
  } catch (e) {
    if (!isUnsupported(e)) throw e;
  }
  try {
    return sorted(Object.keys(await client.metadata({}, signal)));
  } catch (e) {
    if (!isUnsupported(e)) throw e;
    throw first;
  }
}
