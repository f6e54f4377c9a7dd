// A small fault-injecting proxy in front of a real Prometheus, for the faults a real server cannot
// produce on demand (a 502 page, a truncated body, 10,000 series, hostile label values, a slow
// answer). It forwards every request unchanged unless a rule of the set the test controls
// matches it (by path and by a substring of the PromQL / `match[]`), and it counts what it saw:
// requests, requests the client abandoned (closed the connection before the answer), and the
// most requests open at once for one distinct query.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Reply {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export type FaultAction =
  /** Answer with this instead of asking Prometheus. */
  | { reply: Reply }
  /** Ask Prometheus, then change its JSON answer. */
  | { rewrite: (json: Record<string, unknown>, req: SeenRequest) => unknown }
  /** Wait this long (then forward, or apply `then`). The wait ends early if the client goes away. */
  | { delayMs: number; then?: FaultAction }
  /** Close the socket without an answer (the browser sees a network error). */
  | { reset: true }
  /** Redirect (302) to this absolute URL (or the one made from the request). */
  | { redirect: string | ((req: SeenRequest) => string) };

export interface FaultRule {
  /** A substring of the request path, or a RegExp tested against it (`/api/v1/query_range`). */
  path?: string | RegExp;
  /** A substring of the `query` form field (PromQL) or of a `match[]` field. */
  query?: string;
  action: FaultAction;
}

export interface SeenRequest {
  method: string;
  path: string;
  /** The path and query string as asked. */
  url: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The PromQL (`query`) or `match[]` fields, joined. */
  query: string;
  /** Method, path and every parameter: the identity of one distinct request. */
  key: string;
}

export interface ProxyStats {
  requests: number;
  /** Requests whose client closed the connection before the answer was complete. */
  aborted: number;
  /** For each distinct request key, the most copies open at the same time. */
  maxOpenPerKey: Map<string, number>;
  /** Requests seen, by path. */
  byPath: Map<string, number>;
  /** Requests the other origin (`otherOriginPort`) received, preflights included. */
  otherOrigin: SeenRequest[];
}

export interface FaultProxy {
  url: string;
  rules: FaultRule[];
  stats: ProxyStats;
  /** Replaces the rule set and zeroes the counters. */
  reset(rules?: FaultRule[]): void;
  /** Requests currently open. */
  open(): number;
  close(): Promise<void>;
}

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' };

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function describe(req: IncomingMessage, body: Buffer): SeenRequest {
  const u = new URL(req.url ?? '/', 'http://proxy.invalid');
  const params = new URLSearchParams(u.search);
  if (body.length > 0) for (const [k, v] of new URLSearchParams(body.toString())) params.append(k, v);
  const query = [...params.getAll('query'), ...params.getAll('match[]')].join('\n');
  const sorted = [...params].sort(([a], [b]) => a.localeCompare(b));
  return { method: req.method ?? 'GET', path: u.pathname, url: req.url ?? '/', headers: req.headers, query, key: `${req.method} ${u.pathname} ${JSON.stringify(sorted)}` };
}

function matches(rule: FaultRule, seen: SeenRequest): boolean {
  if (rule.path !== undefined && !(typeof rule.path === 'string' ? seen.path.includes(rule.path) : rule.path.test(seen.path))) return false;
  if (rule.query !== undefined && !seen.query.includes(rule.query)) return false;
  return true;
}

function send(res: ServerResponse, r: Reply): void {
  const body = typeof r.body === 'string' ? r.body : r.body === undefined ? '' : JSON.stringify(r.body);
  const contentType = r.contentType ?? (typeof r.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
  res.writeHead(r.status ?? 200, { ...CORS, 'Content-Type': contentType, ...r.headers });
  res.end(body);
}

/**
 * Starts the proxy on 127.0.0.1:`port`, forwarding to `target` (a Prometheus base URL).
 * `otherOriginPort`, when given, also serves a cross-origin "login page" (HTML with CORS headers)
 * at `/login`, for the redirect case.
 */
export async function startFaultProxy(target: string, port: number, otherOriginPort?: number): Promise<FaultProxy> {
  const upstream = new URL(target);
  const stats: ProxyStats = { requests: 0, aborted: 0, maxOpenPerKey: new Map(), byPath: new Map(), otherOrigin: [] };
  const openPerKey = new Map<string, number>();
  let openCount = 0;
  const sockets = new Set<Socket>();
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    rules: [],
    stats,
    reset(rules = []) {
      proxy.rules = rules;
      stats.requests = 0;
      stats.aborted = 0;
      stats.maxOpenPerKey.clear();
      stats.byPath.clear();
      stats.otherOrigin.length = 0;
    },
    open: () => openCount,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };

  const forward = (seen: SeenRequest, req: IncomingMessage, body: Buffer, res: ServerResponse, rewrite?: (json: Record<string, unknown>, req: SeenRequest) => unknown): void => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding']; // keep answers plain so they can be rewritten
    const up = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: `${upstream.pathname.replace(/\/$/, '')}${req.url ?? '/'}`, headers },
      (ur) => {
        if (!rewrite) {
          res.writeHead(ur.statusCode ?? 502, ur.headers);
          ur.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        ur.on('data', (c: Buffer) => chunks.push(c));
        ur.on('end', () => {
          let out: unknown;
          try {
            out = rewrite(JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>, seen);
          } catch (e) {
            out = { status: 'error', errorType: 'internal', error: `fault proxy: rewrite failed: ${String(e)}` };
          }
          if (!res.destroyed) send(res, { status: ur.statusCode ?? 200, body: out });
        });
      },
    );
    up.on('error', (e) => {
      if (!res.headersSent && !res.destroyed) send(res, { status: 502, body: `fault proxy: upstream error ${e.message}` });
    });
    res.on('close', () => up.destroy());
    up.end(body);
  };

  const act = (action: FaultAction, seen: SeenRequest, req: IncomingMessage, body: Buffer, res: ServerResponse): void => {
    if ('reply' in action) send(res, action.reply);
    else if ('rewrite' in action) forward(seen, req, body, res, action.rewrite);
    else if ('reset' in action) req.socket.destroy();
    else if ('redirect' in action) {
      const location = typeof action.redirect === 'string' ? action.redirect : action.redirect(seen);
      res.writeHead(302, { ...CORS, Location: location, 'Content-Type': 'text/plain' });
      res.end('Found');
    } else {
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        if (action.then) act(action.then, seen, req, body, res);
        else forward(seen, req, body, res);
      }, action.delayMs);
      res.on('close', () => clearTimeout(timer));
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      const seen = describe(req, body);
      stats.requests++;
      stats.byPath.set(seen.path, (stats.byPath.get(seen.path) ?? 0) + 1);
      const nowOpen = (openPerKey.get(seen.key) ?? 0) + 1;
      openPerKey.set(seen.key, nowOpen);
      stats.maxOpenPerKey.set(seen.key, Math.max(stats.maxOpenPerKey.get(seen.key) ?? 0, nowOpen));
      openCount++;
      res.on('close', () => {
        // `close` before `finish`: the client went away (an aborted fetch) or we reset the socket.
        if (!res.writableFinished) stats.aborted++;
        openCount--;
        const n = (openPerKey.get(seen.key) ?? 1) - 1;
        if (n === 0) openPerKey.delete(seen.key);
        else openPerKey.set(seen.key, n);
      });
      const rule = proxy.rules.find((r) => matches(r, seen));
      if (rule) act(rule.action, seen, req, body, res);
      else forward(seen, req, body, res);
    })();
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const servers: Server[] = [server];

  if (otherOriginPort !== undefined) {
    const login = createServer((req, res) => {
      stats.otherOrigin.push(describe(req, Buffer.alloc(0)));
      send(res, { status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html><head><title>Sign in - Example SSO</title></head><body><form>Password <input type=password></form></body></html>' });
    });
    login.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    servers.push(login);
  }
  const ports = [port, otherOriginPort];
  await Promise.all(
    servers.map(
      (s, i) =>
        new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(ports[i], '127.0.0.1', () => resolve());
        }),
    ),
  );
  return proxy;
}

/** Builds a Prometheus error envelope. */
export function apiErrorBody(errorType: string, error: string): Record<string, unknown> {
  return { status: 'error', errorType, error };
}
