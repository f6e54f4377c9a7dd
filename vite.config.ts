// Vite config. `base: './'` makes the built folder work from any sub-path without a rebuild.
// The dev/preview servers offer a same-origin proxy (`/prom-proxy/<encoded base>/…`) so a local
// Prometheus without CORS headers can be reached: see docs/architecture.md.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Same-origin proxy for local use: `INFERWATCH_PROXY_TARGET=http://prometheus:9090 npm run dev`, then
// use `/prometheus` as the Prometheus URL. The browser then never needs CORS from the backend,
// exactly like the nginx recipe in the README.
const proxyTarget = process.env.INFERWATCH_PROXY_TARGET;
const proxy = proxyTarget
  ? {
      '/prometheus': {
        target: proxyTarget,
        changeOrigin: true,
        rewrite: (path: string) => path.replace(/^\/prometheus/, ''),
      },
    }
  : undefined;

export default defineConfig({
  base: './',
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
});
