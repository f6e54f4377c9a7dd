// Which backend the board may ask, and which configured headers go to it. A link (`prom=`), a
// typed URL and an embedding page all name backends; headers must only reach the backend they
// were set for, or one link would hand a token to any server it names.
import { connectAllowed } from './csp';
import type { RuntimeConfig } from './runtime-config';

/** `https://h:9090` of an absolute URL, or null when it has none. */
export function originOf(url: string): string | null {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/**
 * An `allowedBackends` entry: an origin (`https://prom.example`) or an origin with a path prefix
 * (`https://mimir.example/prometheus`), or a same-origin path (`/prometheus`). Normalised to an
 * absolute prefix without a trailing slash; null when it is neither.
 */
export function normaliseBackendEntry(entry: string, pageOrigin: string): string | null {
  const raw = entry.trim();
  if (raw === '' || raw.includes('\\')) return null;
  let u: URL;
  try {
    u = raw.startsWith('/') && !raw.startsWith('//') ? new URL(raw, pageOrigin) : new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password || u.search || u.hash) return null;
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** Whether `baseUrl` (normalised, absolute) lies under `prefix` (an origin, or origin + path). */
function under(baseUrl: string, prefix: string): boolean {
  return baseUrl === prefix || baseUrl.startsWith(`${prefix}/`);
}

export type BackendVerdict = { allowed: true } | { allowed: false; reason: 'locked' | 'not-listed' | 'csp' };

/**
 * Whether a hosted copy may ask `baseUrl`. The page's `<meta>` Content-Security-Policy comes first
 * (`policies`, see csp.ts: the data worker is not bound by it, so the board applies it itself).
 * Then its own `prometheusUrl` is always allowed; with `lockBackend` nothing else is; with
 * `allowedBackends` only what the list covers; else anything.
 */
export function backendVerdict(
  baseUrl: string,
  config: Pick<RuntimeConfig, 'prometheusUrl' | 'allowedBackends' | 'lockBackend'>,
  pageOrigin: string,
  policies: readonly string[] = [],
): BackendVerdict {
  if (!connectAllowed(baseUrl, policies, pageOrigin)) return { allowed: false, reason: 'csp' };
  const own = config.prometheusUrl ? normaliseBackendEntry(config.prometheusUrl, pageOrigin) : null;
  if (own !== null && baseUrl === own) return { allowed: true };
  if (config.lockBackend) return { allowed: false, reason: 'locked' };
  if (config.allowedBackends.length === 0) return { allowed: true };
  for (const entry of config.allowedBackends) {
    const prefix = normaliseBackendEntry(entry, pageOrigin);
    if (prefix !== null && under(baseUrl, prefix)) return { allowed: true };
  }
  return { allowed: false, reason: 'not-listed' };
}

/**
 * The `config.json` headers that go to `baseUrl`: only when it has the origin of `prometheusUrl`
 * (a hosted copy's tenant header is for its own backend, not for one a link names).
 */
export function configHeadersFor(baseUrl: string, config: Pick<RuntimeConfig, 'prometheusUrl' | 'headers'>, pageOrigin: string): Record<string, string> {
  if (!config.prometheusUrl || Object.keys(config.headers).length === 0) return {};
  const own = normaliseBackendEntry(config.prometheusUrl, pageOrigin);
  const ownOrigin = own === null ? null : originOf(own);
  return ownOrigin !== null && ownOrigin === originOf(baseUrl) ? config.headers : {};
}

/**
 * The URL prefixes answers for `baseUrl` may come from, redirects included: with `lockBackend`
 * the site's own backend, with `allowedBackends` the list (and the site's own); else none, which
 * means anywhere on the backend's origin (headers never leave it, see http.ts).
 */
export function allowedPrefixes(config: Pick<RuntimeConfig, 'prometheusUrl' | 'allowedBackends' | 'lockBackend'>, pageOrigin: string): string[] {
  const own = config.prometheusUrl ? normaliseBackendEntry(config.prometheusUrl, pageOrigin) : null;
  const listed = config.lockBackend ? [] : config.allowedBackends.map((e) => normaliseBackendEntry(e, pageOrigin));
  if (!config.lockBackend && config.allowedBackends.length === 0) return [];
  return [own, ...listed].filter((p): p is string => p !== null);
}
