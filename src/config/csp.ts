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
    const p = decodeURIComponent(url.pathname);
    if (path.endsWith('/') ? !p.startsWith(path) : p !== path && !p.startsWith(`${path}/`)) return false;
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
