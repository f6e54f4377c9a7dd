// Vite config. `base: './'` makes the built folder work from any sub-path without a rebuild.
// The dev/preview servers offer a same-origin proxy (`/prom-proxy/<encoded base>/…`) so a local
// Prometheus without CORS headers can be reached: see docs/architecture.md.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  base: './',
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
