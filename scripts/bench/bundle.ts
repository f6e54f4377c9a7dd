// Initial JS + CSS: what index.html references (entry script, modulepreloads, stylesheets), the
// board's own chunks that public/boot.js preloads for the board (index.html's `inferwatch:chunks-*`
// metas; an embedded panel skips them) and the data worker's script (src/prometheus/worker/), gzip
// bytes (level 9 — the size a gzip-serving host sends at best; level 6 is a few % larger). The
// lazy ECharts chunk is reported apart, and the total of everything under assets/.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export interface BundleSizes {
  initial: { file: string; gzip: number; raw: number }[];
  initialGzip: number;
  /** The same for an embedded panel (`panel=…&kiosk=1`): without the board's own chunks. */
  embedGzip: number;
  echartsGzip: number;
  echartsFile: string | null;
  /** The heatmap's ECharts modules (assets/heatmap-echart-*.js), fetched when a heatmap comes into view. */
  heatmapGzip: number;
  allGzip: number;
  assets: number;
}

/**
 * The production build, with source maps beside it (`hidden`: no reference in the chunks, so the
 * page never loads them and the code measured is the code shipped): scripts/bench/attribute.ts maps
 * profiled time to our modules and libraries through them.
 */
export async function buildDist(outDir: string): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
}

const gz = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length;

export function measureBundle(outDir: string): BundleSizes {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) refs.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g)) refs.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:stylesheet|modulepreload)"/g)) refs.add(m[1] as string);
  const boardOnly = new Set<string>();
  for (const m of html.matchAll(/<meta name="inferwatch:chunks-[a-z]+" content="([^"]*)"/g)) for (const f of (m[1] as string).split(' ').filter(Boolean)) boardOnly.add(f);
  for (const f of boardOnly) refs.add(f);
  const initial = [...refs]
    .filter((r) => /\.(m?js|css)$/.test(r) && !/^https?:/.test(r))
    .map((r) => {
      const buf = readFileSync(join(outDir, r.replace(/^\.?\//, '')));
      return { file: r, gzip: gz(buf), raw: buf.length };
    });
  const assets = readdirSync(join(outDir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  // The data worker is loaded at boot, before the first query can leave: it counts as initial.
  for (const f of assets.filter((a) => /^data-worker-.*\.js$/.test(a))) {
    const buf = readFileSync(join(outDir, 'assets', f));
    initial.push({ file: `./assets/${f}`, gzip: gz(buf), raw: buf.length });
  }
  let allGzip = 0;
  let echartsGzip = 0;
  let echartsFile: string | null = null;
  let heatmapGzip = 0;
  for (const f of assets) {
    const size = gz(readFileSync(join(outDir, 'assets', f)));
    allGzip += size;
    if (/^heatmap-echart/.test(f)) heatmapGzip += size;
    if (/^echart/.test(f)) {
      echartsGzip += size;
      echartsFile = f;
    }
  }
  const initialGzip = initial.reduce((s, x) => s + x.gzip, 0);
  const embedGzip = initial.filter((x) => !boardOnly.has(x.file)).reduce((s, x) => s + x.gzip, 0);
  return { initial, initialGzip, embedGzip, echartsGzip, echartsFile, heatmapGzip, allGzip, assets: assets.length };
}
