// The one place that calls fetch: builds the request, merges abort signals, and classifies every failure.
import { describeUrl } from './base-url';
import {
  abortedError,
  apiError,
  httpError,
  isAbortError,
  networkError,
  notPrometheusError,
  crossOriginRedirectError,
  isPrometheusError,
  pathRedirectError,
  summarizeBody,
  timeoutError,
  tooLargeError,
  type PrometheusError,
} from './errors';

/** Form fields in order; a name may repeat (`match[]`). */
export type Params = ReadonlyArray<readonly [string, string]>;

export interface HttpConfig {
  baseUrl: string;
  headers: Record<string, string>;
  fetchFn: typeof fetch;
  timeoutMs: number | undefined;
  /** The most bytes of one answer read before giving up (MAX_BODY_BYTES by default). */
  maxBodyBytes?: number;
  /**
   * Absolute URL prefixes an answer may come from after a redirect (a hosted copy's
   * allowedBackends, whole path segments); empty or absent: anywhere on the backend's origin.
   */
  allowedPaths?: readonly string[];
}

export interface ApiResult<T> {
  data: T;
  warnings: string[];
  infos: string[];
}

/** Turns the `data` of a success envelope into T, or undefined when it has the wrong shape. */
export type Decoder<T> = (data: unknown) => T | undefined;

export interface ApiRequest<T> {
  /** 'POST': the endpoint takes a form POST too, used when the URL would be too long (MAX_GET_URL). */
  method: 'GET' | 'POST';
  path: string;
  params: Params;
  decode: Decoder<T>;
  /** What `data` should have been, for the not-prometheus message ("a matrix"). */
  expected: string;
  signal: AbortSignal | undefined;
}

/**
 * Past this URL length a request the API takes either way goes as a form POST: proxies and load
 * balancers in front of Prometheus commonly cap request lines at 4–8 KiB.
 */
export const MAX_GET_URL = 4000;

/**
 * The largest answer read. Past this the tab would hold the body several times over (bytes, the
 * decoded string, the parsed tree) and can run out of memory; no panel needs a tenth of it.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Calls `<baseUrl><path>` and returns the decoded `data`, or throws a PrometheusError.
 *
 * Requests the API takes by GET or POST (queries, series) go as GET while the URL stays under
 * MAX_GET_URL, else as a form-encoded POST, so long PromQL never hits URL limits. Both are CORS
 * "simple requests" (no preflight) without custom headers. GET because Chromium spends more
 * main-thread time starting a fetch with a body (measured: 15 range queries, ~32 vs ~20 ms CPU,
 * `raw-floor-fetch-*` in docs/performance.md). `credentials: 'omit'` because Prometheus sends
 * `Access-Control-Allow-Origin: *` without Allow-Credentials, which a credentialed request would fail;
 * auth goes in explicit headers from config.json instead.
 */
export async function apiRequest<T>(cfg: HttpConfig, req: ApiRequest<T>): Promise<ApiResult<T>> {
  const url = `${cfg.baseUrl}${req.path}`;
  const where = describeUrl(url);
  if (req.signal?.aborted === true) throw abortedError(req.signal.reason);

  const form = new URLSearchParams(req.params.map(([k, v]) => [k, v]));
  const headers: Record<string, string> = { Accept: 'application/json', ...cfg.headers };
  // With headers of the operator's (tokens, tenant ids) a redirect is not followed blindly: the
  // browser would send them on to the new address, possibly another origin, before we see it.
  const guarded = Object.keys(cfg.headers).length > 0;
  const init: RequestInit = { method: req.method, headers, redirect: guarded ? 'manual' : 'follow', credentials: 'omit' };
  const encoded = form.toString();
  const asGet = encoded === '' ? url : `${url}?${encoded}`;
  let target = asGet;
  init.method = req.method === 'POST' && asGet.length > MAX_GET_URL ? 'POST' : 'GET';
  if (init.method === 'POST') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = encoded;
    target = url;
  }

  const abort = mergeTimeout(req.signal, cfg.timeoutMs);
  if (abort.signal !== undefined) init.signal = abort.signal;
  const classify = (e: unknown): PrometheusError => {
    if (abort.timedOut()) return timeoutError(where, cfg.timeoutMs ?? 0);
    if (req.signal?.aborted === true || isAbortError(e)) return abortedError(e);
    if (isPrometheusError(e)) return e;
    return networkError(where, e);
  };

  let res: Response;
  let text: string;
  try {
    res = await cfg.fetchFn(target, init);
    if (res.type === 'opaqueredirect') res = await followSameOrigin(cfg, target, init, url, where);
    text = await readText(res, cfg.maxBodyBytes ?? MAX_BODY_BYTES);
  } catch (e) {
    throw classify(e);
  } finally {
    abort.dispose();
  }
  return decodeResponse(res, text, url, where, req, cfg.allowedPaths);
}

/** Whether `landed` lies under one of `prefixes` (whole path segments); any address when there are none. */
function allowedAt(landed: string, prefixes: readonly string[] | undefined): boolean {
  if (prefixes === undefined || prefixes.length === 0) return true;
  let u: URL;
  try {
    u = new URL(landed);
  } catch {
    return false;
  }
  const at = `${u.origin}${u.pathname}`;
  return prefixes.some((p) => at === p || at.startsWith(`${p}/`));
}

/**
 * A redirect met with credentials headers: its target is asked once without them (a manual
 * redirect hides where it points). Only a target on the backend's own origin (a proxy adding a
 * slash) is then asked with the headers, and only if it answers without redirecting again.
 */
async function followSameOrigin(cfg: HttpConfig, target: string, init: RequestInit, url: string, where: string): Promise<Response> {
  const bare: Record<string, string> = { Accept: 'application/json' };
  if (init.method === 'POST') bare['Content-Type'] = 'application/x-www-form-urlencoded';
  let probe: Response;
  try {
    probe = await cfg.fetchFn(target, { ...init, headers: bare, redirect: 'follow' });
  } catch (e) {
    // Not followable without the headers (CORS refused, network): where it points stays unknown.
    if (isAbortError(e)) throw e;
    throw crossOriginRedirectError(where, undefined);
  }
  await probe.body?.cancel();
  const landed = probe.url === '' ? target : probe.url;
  if (originOf(landed) !== originOf(url)) throw crossOriginRedirectError(where, describeUrl(landed));
  if (!allowedAt(landed, cfg.allowedPaths)) throw pathRedirectError(where, describeUrl(landed));
  const res = await cfg.fetchFn(landed, init);
  if (res.type === 'opaqueredirect') throw crossOriginRedirectError(where, describeUrl(landed));
  return res;
}

/**
 * The body as text, read with a byte budget: a `Content-Length` over it is refused unread, and a
 * stream without one is cancelled as soon as it passes the budget.
 */
export async function readText(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw tooLargeError(maxBytes);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  let text = '';
  for (const c of chunks) text += decoder.decode(c, { stream: true });
  return text + decoder.decode();
}

function decodeResponse<T>(res: Response, text: string, url: string, where: string, req: ApiRequest<T>, allowedPaths: readonly string[] | undefined): ApiResult<T> {
  const json = parseJson(text);
  // Data from another origin than the one the operator named is refused, even a valid envelope
  // (http → https): that origin is not the backend the board was pointed at. A body that is not
  // the API is almost always an auth proxy's login page, which deserves a clearer word than "HTML".
  const isEnvelope = json.ok && isRecord(json.value) && (json.value.status === 'success' || json.value.status === 'error');
  if (res.redirected && res.url !== '' && originOf(res.url) !== originOf(url)) {
    if (isEnvelope) throw crossOriginRedirectError(where, describeUrl(res.url));
    throw notPrometheusError(
      where,
      `a redirect to ${describeUrl(res.url)} (usually the login page of an auth proxy)`,
      res.status,
    );
  }
  if (res.redirected && res.url !== '' && !allowedAt(res.url, allowedPaths)) throw pathRedirectError(where, describeUrl(res.url));
  // Prometheus sends its error envelope with 400 (bad_data), 422 (execution), 503 (timeout,
  // unavailable) and 500 (internal), so the envelope is checked before the status code.
  if (json.ok && isRecord(json.value) && json.value.status === 'error') {
    const errorType = typeof json.value.errorType === 'string' ? json.value.errorType : 'unknown';
    const message = typeof json.value.error === 'string' ? json.value.error : '';
    throw apiError(errorType, message, res.status);
  }
  if (!res.ok) {
    // A 503 during startup, a proxy's 502 page or a gateway's 401 are text or HTML, not the envelope.
    const detail = (json.ok ? jsonErrorText(json.value) : undefined) ?? summarizeBody(text);
    throw httpError(where, res.status, detail);
  }
  if (!json.ok) throw notPrometheusError(where, describeBody(text, res.headers.get('content-type')), res.status);
  if (!isRecord(json.value) || json.value.status !== 'success' || !('data' in json.value)) {
    throw notPrometheusError(where, 'JSON without a Prometheus "status"/"data" envelope', res.status);
  }
  const data = req.decode(json.value.data);
  if (data === undefined) {
    throw notPrometheusError(where, `a "success" answer whose data is not ${req.expected}`, res.status);
  }
  return { data, warnings: stringList(json.value.warnings), infos: stringList(json.value.infos) };
}

interface MergedSignal {
  signal: AbortSignal | undefined;
  timedOut: () => boolean;
  dispose: () => void;
}

/**
 * Combines the caller's signal with a timeout. AbortSignal.any and AbortSignal.timeout are missing
 * from older Safari, so this wires one controller by hand. Without a timeout the caller's signal is
 * passed through unchanged.
 */
export function mergeTimeout(signal: AbortSignal | undefined, timeoutMs: number | undefined): MergedSignal {
  if (timeoutMs === undefined || !(timeoutMs > 0)) {
    return { signal, timedOut: () => false, dispose: () => undefined };
  }
  const controller = new AbortController();
  let fired = false;
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => fired,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

type JsonParse = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): JsonParse {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Error text from non-Prometheus JSON bodies (`{"error": …}` or `{"message": …}` from gateways). */
function jsonErrorText(v: unknown): string | undefined {
  if (!isRecord(v)) return undefined;
  for (const key of ['error', 'message', 'msg']) {
    const text = v[key];
    if (typeof text === 'string' && text !== '') return summarizeBody(text);
  }
  return undefined;
}

/** What a 2xx non-JSON body was, in words. */
function describeBody(text: string, contentType: string | null): string {
  if (text.trim() === '') return 'an empty body';
  if (/^\s*</.test(text) || (contentType ?? '').includes('html')) {
    const title = summarizeBody(text, 80);
    return title === '' ? 'an HTML page' : `an HTML page ("${title}")`;
  }
  if (/^\s*[[{]/.test(text)) return `invalid or truncated JSON (${text.length} bytes)`;
  return `text "${summarizeBody(text, 80)}"`;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function originOf(url: string): string {
  try {
    return new URL(url, globalThis.location?.href ?? 'http://relative.invalid').origin;
  } catch {
    return '';
  }
}
