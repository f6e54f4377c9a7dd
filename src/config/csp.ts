// The page's own Content-Security-Policy, as far as a page can read it: the policies given as
// `<meta http-equiv="Content-Security-Policy">`. A `<meta>` policy binds the document's fetches but
// not a dedicated worker's (Chromium runs the worker under its script's response headers), so the
// data worker would reach a backend the policy leaves out. The board therefore checks a backend
// against these policies' `connect-src` itself before it approves it (backend-access.ts), and the
// worker refuses any backend the page has not approved. A policy sent as a response header is
// applied by the browser to the worker's script too; it cannot be read from here and needs no copy.

/** The `<meta>` policies of `doc` (none outside a browser). */
export function metaPolicies(doc: Pick<Document, 'querySelectorAll'> | undefined = globalThis.document): string[] {
  if (doc === undefined) return [];
  return [...doc.querySelectorAll('meta[http-equiv]')]
    .filter((m) => m.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy')
    .map((m) => m.getAttribute('content') ?? '')
    .filter((c) => c.trim() !== '');
}

/** The source list that governs fetches in one policy: `connect-src`, else `default-src`, else none (anything goes). */
function connectSources(policy: string): string[] | null {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins (CSP3 §2.2.1).
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives.get('connect-src') ?? directives.get('default-src') ?? null;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** Whether one source expression allows `url` from a page at `pageOrigin` (CSP3 §6.7.2, the parts a backend URL can meet). */
function sourceAllows(source: string, url: URL, page: URL): boolean {
  const s = source.toLowerCase();
  if (s === "'self'") return url.origin === page.origin || (page.protocol === 'http:' && url.protocol === 'https:' && url.host === page.host);
  if (s === '*') return url.protocol === 'http:' || url.protocol === 'https:';
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return url.protocol === s || (s === 'http:' && url.protocol === 'https:');
  if (s.startsWith("'")) return false; // nonces, hashes, 'none', 'unsafe-…': none names a host
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\*|\d+))?(\/[^?#]*)?$/.exec(s);
  if (!m) return false;
  const [, scheme, host = '', port, path] = m;
  if (scheme !== undefined) {
    const ok = `${scheme}:` === url.protocol || (scheme === 'http' && url.protocol === 'https:');
    if (!ok) return false;
  } else if (!(url.protocol === page.protocol || (page.protocol === 'http:' && url.protocol === 'https:'))) return false;
  const hostname = url.hostname.toLowerCase();
  if (host === '*') {
    /* any host */
  } else if (host.startsWith('*.')) {
    if (!hostname.endsWith(host.slice(1))) return false;
  } else if (host !== hostname) return false;
  const urlPort = url.port || DEFAULT_PORTS[url.protocol] || '';
  if (port === undefined) {
    if (urlPort !== (DEFAULT_PORTS[scheme === undefined ? url.protocol : `${scheme}:`] ?? '')) return false;
  } else if (port !== '*' && port !== urlPort) return false;
  if (path !== undefined && path !== '/') {
    // The base URL is checked; what the browser checks is each request, `<base>/api/v1/…`.
    const p = `${decodeURIComponent(url.pathname).replace(/\/+$/, '')}/api/v1/query`;
    if (path.endsWith('/') ? !p.startsWith(path) : p !== path) return false;
  }
  return true;
}

/**
 * Whether every policy's `connect-src` (or `default-src`) lets the page fetch `url`. Requests go
 * to the API paths under the base URL, so a source with a path is matched against the base path.
 */
export function connectAllowed(url: string, policies: readonly string[], pageOrigin: string): boolean {
  let target: URL;
  let page: URL;
  try {
    target = new URL(url);
    page = new URL(pageOrigin);
  } catch {
    return false;
  }
  return policies.every((policy) => {
    const sources = connectSources(policy);
    if (sources === null) return true;
    return sources.some((s) => sourceAllows(s, target, page));
  });
}

/**
 * The Content-Security-Policy a hosted copy should send, as a response header on every response
 * (the worker's script included: a browser that gives a worker its script's policy would otherwise
 * leave it unbound). `connect-src` lists the site's own backend and its allowedBackends (a path
 * prefix as a CSP path, which matches whole segments under it); `frame-ancestors` the embedOrigins,
 * or 'none': a board that cannot be framed cannot be clickjacked.
 */
export function policyFor(config: { prometheusUrl: string; allowedBackends: readonly string[]; lockBackend: boolean; embedOrigins: readonly string[] }): string {
  const source = (entry: string): string | null => {
    if (entry.startsWith('/')) return null; // same origin: 'self'
    try {
      const u = new URL(entry);
      const path = u.pathname.replace(/\/+$/, '');
      return path === '' ? u.origin : `${u.origin}${path}/`;
    } catch {
      return null;
    }
  };
  const backends = [config.prometheusUrl, ...(config.lockBackend ? [] : config.allowedBackends)].filter((e) => e !== '');
  const connect = [...new Set(["'self'", ...backends.map(source).filter((s): s is string => s !== null)])];
  const ancestors = config.embedOrigins.length > 0 ? [...config.embedOrigins] : ["'none'"];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-ancestors ${ancestors.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}
