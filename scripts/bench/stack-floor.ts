// Builds the stack-floor page (./stack-floor/: React + TanStack Query + ECharts drawing the anchor's
// graph, nothing else) into `<cache>/stack-floor-dist` with this repo's own Vite and libraries, for
// the anchor bench to serve beside the bare page (anchor-serve.ts, STACK_PATH).
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export async function buildStackFloor(cacheRoot: string): Promise<string> {
  const outDir = join(cacheRoot, 'stack-floor-dist');
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'stack-floor'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  });
  return outDir;
}
