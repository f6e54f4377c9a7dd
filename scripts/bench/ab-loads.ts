// Two builds side by side on the fleet: cold loads alternating in one browser (a new context each),
// the order of each pair swapped every round, one warm-up pair. Prints each load's first screen
// (first-screen-ok, ms since navigation) with the CPU Chromium and Prometheus spent on it, and the
// medians. For a before/after of a change to the first screen when whole bench runs minutes apart
// differ more than the change (docs/performance.md, session 20).
//   npx tsx scripts/bench/ab-loads.ts <distA> <distB> [pairs=8]
import { preview, type PreviewServer } from 'vite';
import { resolve } from 'node:path';
import { launch, newContext, waitSettled } from './browser.ts';
import { chromiumCpuMs, cpuMsOf } from './cpu.ts';
import { serveFleet } from './fleet.ts';
import { median, progress, runAsScript } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = 4293;

interface Load {
  firstMs: number;
  chromiumCpuMs: number;
  backendCpuMs: number;
}

export async function abLoads(dists: readonly [string, string], pairs: number): Promise<void> {
  const { fleet, proc, stop } = await serveFleet(resolve(ROOT, '.cache'), PORT + 10, progress);
  const servers: PreviewServer[] = [];
  try {
    for (const [i, dist] of dists.entries()) {
      servers.push(await preview({ configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: resolve(dist) }, preview: { port: PORT + i, strictPort: true, host: '127.0.0.1' } }));
    }
    const browser = await launch();
    const query = `/?prom=${encodeURIComponent(proc.url)}&from=${fleet.endMs - 3_600_000}&to=${fleet.endMs}&refresh=off`;
    const loads: Load[][] = [[], []];
    try {
      for (let round = -1; round < pairs; round++) {
        for (const i of round % 2 === 0 ? [1, 0] : [0, 1]) {
          const ctx = await newContext(browser);
          try {
            const page = await ctx.newPage();
            const c0 = chromiumCpuMs();
            const b0 = cpuMsOf(proc.proc.pid ?? 0);
            await page.goto(`http://127.0.0.1:${PORT + i}${query}`);
            const s = await waitSettled(page, 'first');
            const load = { firstMs: Math.round(s.t), chromiumCpuMs: chromiumCpuMs() - c0, backendCpuMs: cpuMsOf(proc.proc.pid ?? 0) - b0 };
            if (round >= 0) {
              loads[i]!.push(load);
              progress(`pair ${round + 1}/${pairs} ${i === 0 ? 'A' : 'B'}: first screen ${load.firstMs} ms, Chromium ${load.chromiumCpuMs} ms, Prometheus ${load.backendCpuMs} ms of CPU`);
            }
          } finally {
            await ctx.close();
          }
        }
      }
    } finally {
      await browser.close();
    }
    for (const [i, ls] of loads.entries()) {
      const line = {
        build: dists[i],
        loads: ls.length,
        firstScreenMs: median(ls.map((l) => l.firstMs)),
        chromiumCpuMs: median(ls.map((l) => l.chromiumCpuMs)),
        backendCpuMs: median(ls.map((l) => l.backendCpuMs)),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
    const better = loads[0]!.filter((a, k) => loads[1]![k] !== undefined && loads[1]![k]!.firstMs < a.firstMs).length;
    progress(`B's first screen before A's in ${better} pairs of ${Math.min(loads[0]!.length, loads[1]!.length)}`);
  } finally {
    for (const s of servers) await s.close();
    await stop();
  }
}

runAsScript(import.meta.url, async () => {
  const [a, b, n] = process.argv.slice(2);
  if (!a || !b) throw new Error('usage: npx tsx scripts/bench/ab-loads.ts <distA> <distB> [pairs=8]');
  await abLoads([a, b], Number(n ?? 8));
});
