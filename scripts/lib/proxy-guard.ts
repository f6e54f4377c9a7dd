// The dev and preview servers' same-origin proxy (`INFERWATCH_PROXY_TARGET`, vite.config.ts) holds
// to the same rules as the nginx recipe (docs/proxy/nginx.conf): only the read endpoints the board
// uses, GET and POST only, same-origin requests only, and no CORS header passed back, so no other
// page the developer visits can read metrics through it or reach the admin API.

/** The read endpoints, as in the recipe's `location ~` (proxy-guard.test.ts checks they agree). */
export const READ_ENDPOINTS = 'query|query_range|query_exemplars|series|labels|label/[^/]+/values|metadata|targets|rules|alerts|status/buildinfo|status/config|status/flags';

const READ_PATH = new RegExp(`^/prometheus/api/v1/(${READ_ENDPOINTS})$`);

/** Why a request to `/prometheus/…` is refused (403), or null when it may be proxied. */
export function proxyRefusal(method: string, url: string, secFetchSite: string | undefined): string | null {
  const path = url.split('?')[0] ?? '';
  if (!READ_PATH.test(path)) return `${path} is not a read endpoint the board uses`;
  if (method !== 'GET' && method !== 'POST') return `${method} is not allowed`;
  // As the recipe: a browser says where a request comes from; no header is a client that is not
  // one (curl, the CLIs).
  if (secFetchSite !== undefined && secFetchSite !== '' && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return `a ${secFetchSite} request`;
  return null;
}
