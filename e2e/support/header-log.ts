// A backend on its own origin that records the headers every request brings, then forwards it to
// a real Prometheus. It approves any CORS preflight for the headers the board may send, as an
// attacker's server would: the test then sees exactly what the browser was willing to send.
import { createServer, request as httpRequest, type Server } from 'node:http';

export interface Seen {
  method: string;
  path: string;
  authorization?: string;
  tenant?: string;
}

export interface HeaderLog {
  url: string;
  origin: string;
  seen: Seen[];
  /** Requests other than preflights that carried an Authorization or X-Scope-OrgID header. */
  withCredentials(): Seen[];
  /**
   * Answer range queries that carry no Authorization with 401 and this error text (as an
   * attacker's backend would, to steer the user), or forward them (null, the default).
   */
  refuseWithout(text: string | null): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': 'authorization, x-scope-orgid, content-type',
};

export async function headerLog(port: number, upstream: string): Promise<HeaderLog> {
  const up = new URL(upstream);
  const seen: Seen[] = [];
  let refusal: string | null = null;
  const server: Server = createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      tenant: req.headers['x-scope-orgid'] as string | undefined,
    });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    if (refusal !== null && req.headers.authorization === undefined && (req.url ?? '').startsWith('/api/v1/query_range')) {
      res.writeHead(401, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', errorType: 'unauthorized', error: refusal }));
      return;
    }
    const headers = { ...req.headers, host: up.host };
    const fwd = httpRequest({ hostname: up.hostname, port: up.port, method: req.method, path: req.url, headers }, (ur) => {
      const h: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(ur.headers)) if (v !== undefined && !k.startsWith('access-control-')) h[k] = v;
      res.writeHead(ur.statusCode ?? 502, { ...h, ...CORS });
      ur.pipe(res);
    });
    fwd.on('error', () => res.writeHead(502, CORS).end());
    req.pipe(fwd);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    seen,
    refuseWithout: (text) => {
      refusal = text;
    },
    withCredentials: () => seen.filter((s) => s.method !== 'OPTIONS' && (s.authorization !== undefined || s.tenant !== undefined)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
