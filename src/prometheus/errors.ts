// Typed failures of a Prometheus call: one class, told apart by `kind`, each with a message fit for the UI.
import type { ApiErrorType } from './types';

/**
 * - `network`: fetch itself threw. Unreachable host, DNS, refused connection and a CORS refusal all look
 *   the same to a browser (an opaque TypeError), so the message names all of them. Also our own timeout.
 * - `http`: a non-2xx status whose body is not a Prometheus error envelope.
 * - `not-prometheus`: a 2xx answer that is not Prometheus JSON (HTML, truncated, empty, wrong shape,
 *   or redirected to another origin, usually a login page).
 * - `api`: the backend's own `{"status":"error"}`, with its `errorType`; the HTTP status is kept.
 * - `aborted`: the caller's AbortSignal fired (range changed, component unmounted).
 * - `too-large`: the answer passed the byte budget and was not read to the end.
 */
export type PrometheusErrorKind = 'network' | 'http' | 'not-prometheus' | 'api' | 'aborted' | 'too-large';

export interface PrometheusErrorInit {
  kind: PrometheusErrorKind;
  message: string;
  detail?: string;
  status?: number;
  errorType?: ApiErrorType;
  timedOut?: boolean;
  /** For a time-out: how long the request had waited (ms). */
  waitedMs?: number;
  cause?: unknown;
}

export class PrometheusError extends Error {
  override readonly name = 'PrometheusError';
  readonly kind: PrometheusErrorKind;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** Prometheus `errorType`, for `kind === 'api'`. */
  readonly errorType: ApiErrorType | undefined;
  /** The backend's own words as plain text (never HTML to render); empty when there were none. */
  readonly detail: string;
  /** True when our `timeoutMs` fired rather than the network failing. */
  readonly timedOut: boolean;
  /**
   * For a time-out, how long the request had been waiting: the failure began when it was sent, so
   * what answered meanwhile shows the backend was there (src/dashboard/backend/health.ts).
   */
  readonly waitedMs: number | undefined;

  constructor(init: PrometheusErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.errorType = init.errorType;
    this.detail = init.detail ?? '';
    this.timedOut = init.timedOut ?? false;
    this.waitedMs = init.waitedMs;
  }
}

export function isPrometheusError(e: unknown): e is PrometheusError {
  return e instanceof PrometheusError;
}

/** True for our `aborted` errors and for a raw DOMException/Error named AbortError. */
export function isAbortError(e: unknown): boolean {
  if (e instanceof PrometheusError) return e.kind === 'aborted';
  return typeof e === 'object' && e !== null && 'name' in e && (e as { name: unknown }).name === 'AbortError';
}

const README_HINT = 'see the proxy recipe in the README';

export function networkError(where: string, cause: unknown): PrometheusError {
  return new PrometheusError({
    kind: 'network',
    message:
      `Could not reach ${where} (the server is down, the URL is wrong, ` +
      `or CORS/auth blocks the browser: ${README_HINT}).`,
    detail: cause instanceof Error ? cause.message : '',
    cause,
  });
}

export function timeoutError(where: string, timeoutMs: number): PrometheusError {
  return new PrometheusError({
    kind: 'network',
    timedOut: true,
    waitedMs: timeoutMs,
    message: `The backend did not answer within ${formatSeconds(timeoutMs)} (${where}): it is overloaded, or the query is too heavy.`,
  });
}

export function tooLargeError(maxBytes: number): PrometheusError {
  return new PrometheusError({
    kind: 'too-large',
    message: `The answer is larger than ${formatBytes(maxBytes)}; narrow the filters or the time range.`,
  });
}

/** `to` is undefined when the browser could not say where the redirect pointed. */
export function crossOriginRedirectError(where: string, to: string | undefined): PrometheusError {
  const target = to === undefined ? 'an address the browser could not follow' : to;
  return new PrometheusError({
    kind: 'not-prometheus',
    detail: target,
    message:
      `${where} redirected to ${target}, outside its origin: the board takes answers only from the backend it ` +
      'was pointed at, and sends its headers nowhere else. If that address is the backend, use it as the URL.',
  });
}

/** A redirect that stays on the backend's origin but leaves the paths the site allows (another tenant's prefix). */
export function pathRedirectError(where: string, to: string): PrometheusError {
  return new PrometheusError({
    kind: 'not-prometheus',
    detail: to,
    message:
      `${where} redirected to ${to}, which is not one of the backends this site allows (allowedBackends in ` +
      'config.json): the list holds for the address that answers, not only the one asked.',
  });
}

function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;
}

export function abortedError(cause?: unknown): PrometheusError {
  return new PrometheusError({ kind: 'aborted', message: 'The request was cancelled.', cause });
}

function httpStatusMeaning(status: number): string {
  if (status === 401) return 'authentication required';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'no Prometheus API at this URL (check the path prefix)';
  if (status === 405) return 'method not allowed (this backend or a proxy does not serve this endpoint)';
  if (status === 429) return 'rate limited';
  if (status >= 500) return 'the backend failed';
  return 'unexpected response';
}

/**
 * The backend's own words, quoted and attributed: they are untrusted text (an attacker's backend
 * writes "open Credentials and choose …" into its 401), never an instruction of ours.
 */
export function backendSays(detail: string): string {
  return detail === '' ? '' : `. The backend says: “${detail}”`;
}

export function httpError(where: string, status: number, detail: string): PrometheusError {
  const tail = backendSays(detail);
  return new PrometheusError({
    kind: 'http',
    status,
    detail,
    message: `HTTP ${status} from ${where}: ${httpStatusMeaning(status)}${tail}`,
  });
}

export function notPrometheusError(where: string, received: string, status?: number): PrometheusError {
  return new PrometheusError({
    kind: 'not-prometheus',
    status,
    detail: received,
    message: `${where} did not answer with Prometheus API JSON: got ${received}. Is this the API base URL?`,
  });
}

const API_ERROR_MEANING: Record<string, string> = {
  bad_data: 'invalid query or parameters',
  timeout: 'the query timed out',
  execution: 'the query failed',
  unavailable: 'the backend is unavailable',
  canceled: 'the query was canceled',
  internal: 'internal error in the backend',
  not_found: 'not found',
};

/** The backend's own error text kept in a message: enough for any real parse error, bounded for a hostile one. */
export const MAX_API_ERROR_CHARS = 500;

export function apiError(errorType: ApiErrorType, error: string, status?: number): PrometheusError {
  const meaning = API_ERROR_MEANING[errorType] ?? 'the backend reported an error';
  const text = error.length > MAX_API_ERROR_CHARS ? `${error.slice(0, MAX_API_ERROR_CHARS)}…` : error;
  const type = errorType.length > 40 ? `${errorType.slice(0, 40)}…` : errorType;
  return new PrometheusError({
    kind: 'api',
    status,
    errorType: type,
    detail: text,
    message: `${meaning} (${type})${backendSays(text)}`,
  });
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** Only this much of a body is looked at: enough for any error page's title or first words. */
const SUMMARY_WINDOW = 64 * 1024;

/**
 * Turns an error body into at most `max` characters of plain text. HTML error pages (nginx 502s,
 * login pages) keep their <title> or their text without tags, so the message reads as words.
 * Linear in the body: a window of its start is searched with indexOf and tag-free regexes, since a
 * backtracking `<title…</title>` pattern takes minutes on a crafted megabyte.
 */
export function summarizeBody(body: string, max = 200): string {
  let text = body.length > SUMMARY_WINDOW ? body.slice(0, SUMMARY_WINDOW) : body;
  if (/^\s*</.test(text)) text = htmlTitle(text) ?? htmlText(text);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function htmlTitle(html: string): string | undefined {
  const lower = html.toLowerCase();
  const open = lower.indexOf('<title');
  if (open < 0) return undefined;
  const gt = lower.indexOf('>', open);
  if (gt < 0) return undefined;
  const close = lower.indexOf('</title>', gt);
  return close < 0 ? undefined : html.slice(gt + 1, close);
}

/** The text of an HTML fragment: script and style contents dropped, tags turned to spaces. */
function htmlText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += `${html.slice(i, lt)} `;
    const gt = html.indexOf('>', lt);
    if (gt < 0) break;
    const tag = /^<(script|style)\b/.exec(lower.slice(lt, lt + 8))?.[1];
    if (tag === undefined) i = gt + 1;
    else {
      const end = lower.indexOf(`</${tag}`, gt);
      i = end < 0 ? html.length : (html.indexOf('>', end) + 1 || html.length);
    }
  }
  return out;
}
