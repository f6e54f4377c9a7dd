// Vite config. `base: './'` makes the built folder work from any sub-path without a rebuild.
// The dev/preview servers offer a same-origin proxy (`/prom-proxy/<encoded base>/…`) so a local
// Prometheus without CORS headers can be reached: see docs/architecture.md.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { proxyRefusal } from './scripts/lib/proxy-guard.ts';

// Same-origin proxy for local use: `INFERWATCH_PROXY_TARGET=http://prometheus:9090 npm run dev`, then
// use `/prometheus` as the Prometheus URL. The browser then never needs CORS from the backend. It
// holds to the nginx recipe's rules (scripts/lib/proxy-guard.ts): read endpoints only, GET/POST,
// same-origin requests, no Origin forwarded and no CORS header passed back.
const proxyTarget = process.env.INFERWATCH_PROXY_TARGET;
const proxy = proxyTarget
  ? {
      '/prometheus': {
        target: proxyTarget,
        changeOrigin: true,
        rewrite: (path: string) => path.replace(/^\/prometheus/, ''),
        configure: (p: { on(event: string, f: (...args: never[]) => void): void }) => {
          p.on('proxyReq', (req: { removeHeader(name: string): void }) => req.removeHeader('origin'));
          p.on('proxyRes', (res: { headers: Record<string, unknown> }) => {
            for (const h of Object.keys(res.headers)) if (h.startsWith('access-control-')) delete res.headers[h];
          });
        },
      },
    }
  : undefined;

/** Refuses, before the proxy, what the recipe refuses (403 with the reason). */
function guardProxy(): Plugin {
  const guard = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const refusal = proxyRefusal(req.method ?? '', `/prometheus${req.url ?? ''}`, req.headers['sec-fetch-site'] as string | undefined);
    if (refusal === null) return next();
    res.statusCode = 403;
    res.end(`inferwatch proxy: refused (${refusal})`);
  };
  return {
    name: 'inferwatch:guard-proxy',
    configureServer: (server) => void (proxyTarget && server.middlewares.use('/prometheus', guard)),
    configurePreviewServer: (server) => void (proxyTarget && server.middlewares.use('/prometheus', guard)),
  };
}

/**
 * The entry (src/main.tsx) is small: it asks config.json's answer and the backend's discovery while
 * the app's chunk (src/app/start.tsx, imported at once) loads. This plugin lists that chunk and its
 * static imports as `modulepreload` links in index.html, so the browser fetches them in parallel
 * with the entry instead of after the entry has run (and the initial-size figure counts them).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'inferwatch:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/start.tsx'));
        if (!start || start.type !== 'chunk') throw new Error('inferwatch:preload-app-chunk: no chunk for src/app/start.tsx');
        const files = [start.fileName, ...start.imports].filter((f) => !html.includes(`/${f}"`));
        const links = files.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`).join('\n    ');
        // The board's own chunks (src/dashboard/board/chunks.ts) are listed, not preloaded: public/boot.js
        // preloads them when the URL shows the board or its header, and an embedded panel never loads them.
        const owned = new Set<string>([...files, ...[...html.matchAll(/href="\.\/([^"]+\.js)"|src="\.\/([^"]+\.js)"/g)].map((m) => m[1] ?? m[2] ?? '')]);
        const closure = (suffix: string): string[] => {
          const root = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(suffix));
          if (!root || root.type !== 'chunk') throw new Error(`inferwatch:preload-app-chunk: no chunk for ${suffix}`);
          const out: string[] = [];
          const visit = (f: string) => {
            if (owned.has(f) || out.includes(f)) return;
            out.push(f);
            const c = bundle[f];
            if (c?.type === 'chunk') c.imports.forEach(visit);
          };
          visit(root.fileName);
          return out;
        };
        const metas = [
          ['board', closure('/src/dashboard/board/whole-board.tsx')],
          ['header', closure('/src/dashboard/board/board-header.tsx')],
        ].map(([part, fs]) => `<meta name="inferwatch:chunks-${part as string}" content="${(fs as string[]).map((f) => `./${f}`).join(' ')}">`);
        // The data worker's script, which public/boot.js starts (src/prometheus/worker/transport.ts).
        const worker = Object.keys(bundle).filter((f) => /(^|\/)data-worker-[^/]*\.js$/.test(f));
        if (worker.length !== 1) throw new Error(`inferwatch:preload-app-chunk: ${worker.length} data worker scripts in the bundle`);
        metas.push(`<meta name="inferwatch:data-worker" content="./${worker[0]!}">`);
        return html.replace(/(<meta charset[^>]*>)/, `$1\n    ${metas.join('\n    ')}`).replace('</head>', `  ${links}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [guardProxy(), react(), tailwindcss(), preloadAppChunk()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
});
