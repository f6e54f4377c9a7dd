// A plain static file server for the built folder, mounted under any path prefix (e.g.
// `/ops/llm/`), with an optional config.json — how a platform team hosts the dashboard. It
// records every 404 so a test can assert that nothing the page asks for is missing.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  notFound: string[];
  /** Serves this config.json from now on (undefined: the file on disk, if any). */
  setConfig(json: string | undefined): void;
  close(): Promise<void>;
}

export async function serveStatic(opts: {
  root: string;
  prefix: string;
  port: number;
  configJson?: string;
  /** Sent with every answer (a Content-Security-Policy, say). */
  headers?: Record<string, string>;
}): Promise<StaticServer & { setIndexTransform(f: ((html: string) => string) | null): void }> {
  let transformIndex: ((html: string) => string) | null = null;
  const notFound: string[] = [];
  let configJson = opts.configJson;
  const extra = opts.headers ?? {};
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!path.startsWith(opts.prefix)) {
        notFound.push(path);
        res.writeHead(404).end('not found');
        return;
      }
      let rel = path.slice(opts.prefix.length) || 'index.html';
      if (rel.endsWith('/')) rel += 'index.html';
      if (rel === 'config.json' && configJson !== undefined) {
        res.writeHead(200, { ...extra, 'content-type': TYPES['.json']! }).end(configJson);
        return;
      }
      const file = normalize(join(opts.root, rel));
      if (!file.startsWith(normalize(opts.root))) {
        res.writeHead(403).end();
        return;
      }
      try {
        let body: Buffer | string = await readFile(file);
        if (transformIndex !== null && extname(file) === '.html') body = transformIndex(body.toString('utf8'));
        res.writeHead(200, { ...extra, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        notFound.push(path);
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${opts.port}${opts.prefix}`,
    notFound,
    setConfig: (json) => {
      configJson = json;
    },
    /** Rewrites every HTML page served from now on (null: as on disk), e.g. to add a `<meta>` policy. */
    setIndexTransform: (f) => {
      transformIndex = f;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
