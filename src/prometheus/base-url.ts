// Validates and normalises the Prometheus API base URL a user types or a link carries (`?prom=`).

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Accepts an absolute http(s) URL, keeping any path prefix (`http://h:8428/prometheus`,
 * `http://h:8481/select/0/prometheus`) and dropping trailing slashes. A path starting with `/`
 * (`/prometheus`, served by the same reverse proxy as the app) is resolved against `origin`,
 * normally `location.origin`; without an origin it is rejected.
 *
 * Rejected, because a URL from a shared link must not run script or leak secrets:
 * `javascript:`, `data:`, `file:` and any other scheme; `user:pass@` credentials (they would
 * travel in every copied link); a backslash (`/\\host` leaves the origin); query strings
 * and fragments (the API paths are appended to the base).
 *
 * @example validateBaseUrl('http://vm:8481/select/0/prometheus/') // { ok: true, url: 'http://vm:8481/select/0/prometheus' }
 * @example validateBaseUrl('/prometheus', 'https://dash.example') // { ok: true, url: 'https://dash.example/prometheus' }
 */
export function validateBaseUrl(input: string, origin?: string): BaseUrlCheck {
  const raw = input.trim();
  if (raw === '') return { ok: false, reason: 'Enter the Prometheus API URL, e.g. http://localhost:9090.' };

  // The URL parser reads `\` as `/` in http(s): `/\evil.example` would leave the origin.
  if (raw.includes('\\')) return { ok: false, reason: 'A backslash is not allowed in the backend URL.' };
  // An encoded slash, backslash or dot survives the URL parser (`/tenant-a/..%2Ftenant-b` stays
  // under `/tenant-a` to it) but servers decode it into another path: an allow-list of path
  // prefixes would be checked against one path and the request served from another.
  if (/%(2f|5c|2e)/i.test(raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')))
    return { ok: false, reason: 'An encoded slash, backslash or dot (%2F, %5C, %2E) is not allowed in the backend URL’s path: servers decode it into another path.' };
  let url: URL;
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    if (origin === undefined) {
      return { ok: false, reason: 'A path such as /prometheus needs the page origin to resolve against.' };
    }
    try {
      url = new URL(raw, origin);
    } catch {
      return { ok: false, reason: `Cannot resolve ${raw} against ${origin}.` };
    }
    if (url.origin !== new URL(origin).origin) return { ok: false, reason: 'A path such as /prometheus must stay on this site.' };
  } else {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
      return { ok: false, reason: 'Use an absolute URL starting with http:// or https://, e.g. http://localhost:9090.' };
    }
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'This is not a valid URL.' };
    }
  }

  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `localhost:9090` parses with the scheme "localhost:", so hint at the missing http://.
    return {
      ok: false,
      reason: `Only http:// and https:// URLs are allowed (got "${url.protocol}"); add http:// if it is a host:port.`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason: 'Credentials in the URL are not allowed (links get shared): use the Credentials control, or let a reverse proxy add them.',
    };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, reason: 'Remove the query string or fragment: give only the API base, e.g. http://host:9090/prometheus.' };
  }
  return { ok: true, url: trimTrailingSlashes(`${url.origin}${url.pathname}`) };
}

/** `http://h:9090/prometheus///` → `http://h:9090/prometheus`. */
export function trimTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The URL as it may appear in an error message: scheme, host and path only, never credentials
 * or a query string (which could carry a token).
 */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url, 'http://relative.invalid');
    const path = u.pathname === '/' ? '' : u.pathname;
    return u.origin === 'http://relative.invalid' ? path : `${u.origin}${path}`;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//').replace(/[?#].*$/, '');
  }
}
