// Serves the built anchor UI the way Prometheus serves it (index.html with its placeholders
// filled in, the assets, index.html again for every page route) and proxies `/api/*` and `/-/*`
// to one Prometheus. Every proxied request's path and status is kept, so the bench can say which
// API calls of the UI the Prometheus behind it does not answer (2.42 lacks some of 3.x's).
// Our board uses the same server as its Prometheus URL (`prom=`), so both pages go through the
// same proxy hop.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

/** Where the server answers with the bare page (barePage). */
export const BARE_PATH = '/__bench-bare';

/** Where the server serves the stack-floor page's build (stack-floor.ts), when it is given one. */
export const STACK_PATH = '/__bench-stack/';

/**
 * The least a page can do to draw the chart: one HTML document with an inline script that sends
 * the graph's `query_range` (PromQL from `?expr=`, the last hour at a 15 s step) to the same proxy
 * and strokes each series' points on a 600 × 300 canvas. No framework, no bundle, no other request.
 * Its "drawn" time, cold like the others, is the part of every page's time that is the browser's
 * (a new context, navigation, the request, a frame): the floor of any ratio against the anchor.
 */
export function barePage(): string {
  const script = `(() => {
  const expr = new URLSearchParams(location.search).get('expr') || 'up';
  const end = Math.floor(Date.now() / 1000);
  const body = new URLSearchParams({ query: expr, start: String(end - 3600), end: String(end), step: '15' });
  fetch('/api/v1/query_range', { method: 'POST', body }).then((r) => r.json()).then((j) => {
    const c = document.querySelector('canvas');
    const g = c.getContext('2d');
    const series = (j.data && j.data.result) || [];
    let lo = Infinity, hi = -Infinity;
    for (const s of series) for (const [, v] of s.values) { const x = Number(v); if (Number.isFinite(x)) { lo = Math.min(lo, x); hi = Math.max(hi, x); } }
    if (!(hi > lo)) { lo = 0; hi = 1; }
    g.strokeStyle = '#1f77b4';
    for (const s of series) {
      g.beginPath();
      s.values.forEach(([t, v], i) => {
        const x = ((t - (end - 3600)) / 3600) * c.width, y = c.height - ((Number(v) - lo) / (hi - lo)) * c.height;
        if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
      });
      g.stroke();
    }
    g.fillStyle = '#1f77b4';
    g.fillRect(0, c.height - 1, c.width, 1);
  });
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div data-panel-id="bare"><canvas width="600" height="300"></canvas></div><script>${script}</script></body></html>`;
}

/** What Prometheus (web/web.go) puts in place of index.html's placeholders: a ready server, not an agent. */
export function fillPlaceholders(html: string): string {
  return html
    .replaceAll('CONSOLES_LINK_PLACEHOLDER', '')
    .replaceAll('AGENT_MODE_PLACEHOLDER', 'false')
    .replaceAll('READY_PLACEHOLDER', 'true')
    .replaceAll('LOOKBACKDELTA_PLACEHOLDER', '5m')
    .replaceAll('TITLE_PLACEHOLDER', 'Prometheus Time Series Collection and Processing Server');
}

export interface ApiCall {
  method: string;
  path: string;
  status: number;
}

export interface AnchorServer {
  url: string;
  /** Every proxied request since the start (or the last `calls.length = 0`). */
  calls: ApiCall[];
  close(): Promise<void>;
}

function proxy(target: URL, req: IncomingMessage, res: ServerResponse, calls: ApiCall[]): void {
  const path = req.url ?? '/';
  const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, host: target.host } }, (answer) => {
    calls.push({ method: req.method ?? 'GET', path: path.split('?')[0] ?? path, status: answer.statusCode ?? 0 });
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  up.on('error', (err) => {
    calls.push({ method: req.method ?? 'GET', path: path.split('?')[0] ?? path, status: 502 });
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${err.message}`);
  });
  req.pipe(up);
}

/** A file of `root` at `rel`, or null (outside it, missing, not a file). */
function fileIn(root: string, rel: string): string | null {
  const file = normalize(join(root, rel));
  return file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : null;
}

/** A page: HTML, never cached (the assets it loads are). */
function sendHtml(res: ServerResponse, body: string | Buffer): void {
  res.writeHead(200, { 'content-type': TYPES['.html'] ?? 'text/html', 'cache-control': 'no-cache' });
  res.end(body);
}

function sendFile(res: ServerResponse, file: string): void {
  // Hashed assets: cacheable, as Prometheus serves them; each run uses a new browser context anyway.
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size, 'cache-control': 'public, max-age=31536000' });
  createReadStream(file).pipe(res);
}

/**
 * Starts the server on 127.0.0.1:`port` (0: any free port). `stackDir`: the stack-floor page's build,
 * served under STACK_PATH (its index.html at the path itself).
 */
export function serveAnchor(dir: string, promUrl: string, port: number, stackDir?: string): Promise<AnchorServer> {
  const target = new URL(promUrl);
  const index = fillPlaceholders(readFileSync(join(dir, 'index.html'), 'utf8'));
  const calls: ApiCall[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    if (path.startsWith('/api/') || path.startsWith('/-/')) return proxy(target, req, res, calls);
    if (path === BARE_PATH) return sendHtml(res, barePage());
    if (stackDir !== undefined && path.startsWith(STACK_PATH)) {
      const rel = path.slice(STACK_PATH.length);
      const file = fileIn(stackDir, rel === '' ? 'index.html' : rel);
      if (file === null) {
        res.writeHead(404).end();
        return;
      }
      return rel === '' ? sendHtml(res, readFileSync(file)) : sendFile(res, file);
    }
    const file = path === '/' ? null : fileIn(dir, path);
    if (file !== null) return sendFile(res, file);
    // Every other path is a page of the single-page app (/query, /targets…): index.html.
    sendHtml(res, index);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      resolve({
        url: `http://127.0.0.1:${p}`,
        calls,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
