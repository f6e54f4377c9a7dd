// One query job: what the data worker (or, where workers are refused, the main thread) runs for a
// `query` or `query_range` call. The HTTP, the JSON parse and the decode happen here; a range answer
// leaves as typed arrays (../columnar.ts), an instant one as the decoded object.
import { toColumnar } from '../columnar';
import { decodeMatrix, decodeQueryResult } from '../decoders';
import { PrometheusError, type PrometheusErrorKind } from '../errors';
import { apiRequest, type HttpConfig, type Params } from '../http';
import type { ApiErrorType, ColumnarSeries, QueryResult } from '../types';

export type QueryEndpoint = 'query' | 'query_range';

/** Plain data only: it crosses to the worker by postMessage. */
export interface QueryJob {
  endpoint: QueryEndpoint;
  baseUrl: string;
  headers: Record<string, string>;
  params: Params;
  maxBodyBytes: number;
}

export type JobAnswer =
  | { endpoint: 'query_range'; result: ColumnarSeries[]; warnings: string[] }
  | { endpoint: 'query'; result: QueryResult; warnings: string[] };

export interface JobOutcome {
  answer: JobAnswer;
  /** Buffers to transfer with the answer. */
  buffers: ArrayBuffer[];
}

/**
 * Runs `job` with `fetchFn`. `timeoutMs` is applied here only by the in-thread transport; the worker
 * transport keeps the timer on the main thread (the page's clock, which tests and the bench drive).
 */
export async function runJob(job: QueryJob, fetchFn: typeof fetch, signal: AbortSignal | undefined, timeoutMs?: number): Promise<JobOutcome> {
  const cfg: HttpConfig = { baseUrl: job.baseUrl, headers: job.headers, fetchFn, timeoutMs, maxBodyBytes: job.maxBodyBytes };
  if (job.endpoint === 'query_range') {
    const { data, warnings } = await apiRequest(cfg, {
      method: 'POST', path: '/api/v1/query_range', params: job.params, decode: decodeMatrix, expected: 'a matrix', signal,
    });
    const { result, buffers } = toColumnar(data);
    return { answer: { endpoint: 'query_range', result, warnings }, buffers };
  }
  const { data, warnings } = await apiRequest(cfg, {
    method: 'POST', path: '/api/v1/query', params: job.params, decode: decodeQueryResult, expected: 'a query result', signal,
  });
  return { answer: { endpoint: 'query', result: data, warnings }, buffers: [] };
}

/** A PrometheusError as plain data (its class does not survive postMessage). */
export interface ErrorData {
  kind: PrometheusErrorKind;
  message: string;
  detail: string;
  status: number | undefined;
  errorType: ApiErrorType | undefined;
  timedOut: boolean;
}

export function errorToData(e: PrometheusError): ErrorData {
  return { kind: e.kind, message: e.message, detail: e.detail, status: e.status, errorType: e.errorType, timedOut: e.timedOut };
}

export function errorFromData(d: ErrorData): PrometheusError {
  return new PrometheusError(d);
}

/** Main thread → worker. */
export type ToWorker = { type: 'run'; id: number; job: QueryJob } | { type: 'abort'; id: number };

/** Worker → main thread. */
export type FromWorker =
  /** Sent once, when the worker's script has run: jobs go to it from then on. */
  | { type: 'ready' }
  | { type: 'done'; id: number; answer: JobAnswer }
  | { type: 'failed'; id: number; error: ErrorData };
