// Two or more builds side by side on the anchor bench's stack (20 simulated vLLM targets, one
// Prometheus): cold loads of our embed (`panel=ttft&kiosk=1`, 600×320) or whole first screen
// (1440×900), the builds in an order rotated every round (over a multiple of their number of rounds
// each build loads in each place equally often: the second load of a round was ~40 ms faster than
// the first in session 22), after one warm-up round. Prints each load (drawn, the first range
// query's leave, the boot marks, CPU) on stderr; on stdout the medians per build and each build's
// median per-round difference to the first. For a change to the embed or the first screen that
// whole anchor runs minutes apart cannot tell from their spread (docs/performance.md).
//   npx tsx scripts/bench/ab-anchor.ts <dist> <dist> [<dist>…] [rounds=10] [embed|first]
import { resolve } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { startAnchor } from './anchor.ts';
import { loadOnce, type LoadResult } from './anchor-load.ts';
import { launch } from './browser.ts';
import { median, progress, roundOrder, runAsScript } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = 4400;

type Row = Record<'drawn' | 'leave' | 'mainCpu' | 'chromiumCpu' | 'script' | 'app' | 'discovered' | 'firstCommit' | 'firstScreenIn', number>;

function rowOf(r: LoadResult): Row {
  const mark = (name: string): number => Math.round(r.marks.find((m) => m.label === `mark inferwatch:${name}`)?.start ?? NaN);
  return {
    drawn: Math.round(r.drawn),
    leave: Math.round(r.firstLeave),
    mainCpu: Math.round(r.cpuMs),
    chromiumCpu: Math.round(r.browserCpuMs),
    script: mark('script'),
    app: mark('app'),
    discovered: mark('discovered'),
    firstCommit: mark('first-commit'),
    firstScreenIn: mark('first-screen-in'),
  };
}

export async function abAnchor(dists: readonly string[], rounds: number, kind: 'embed' | 'first'): Promise<void> {
  const setup = await startAnchor(ROOT, PORT);
  const servers: PreviewServer[] = [];
  try {
    for (const [i, dist] of dists.entries()) {
      servers.push(await preview({ configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: resolve(dist) }, preview: { port: PORT + 10 + i, strictPort: true, host: '127.0.0.1' } }));
    }
    const prom = encodeURIComponent(setup.anchor.url);
    const query = kind === 'embed' ? `/?prom=${prom}&panel=ttft&kiosk=1&from=now-1h&to=now&refresh=off` : `/?prom=${prom}&from=now-1h&to=now&refresh=off`;
    const rows: Row[][] = dists.map(() => []);
    const browser = await launch();
    try {
      for (let round = -1; round < rounds; round++) {
        for (const i of roundOrder(dists.length, round)) {
          const row = rowOf(await loadOnce(browser, kind, `http://127.0.0.1:${PORT + 10 + i}${query}`));
          if (round < 0) continue;
          rows[i]!.push(row);
          progress(`round ${round + 1}/${rounds} ${dists[i]}: ${JSON.stringify(row)}`);
        }
      }
    } finally {
      await browser.close();
    }
    const keys = Object.keys(rows[0]?.[0] ?? {}) as Array<keyof Row>;
    for (const [i, rs] of rows.entries()) {
      const medians = Object.fromEntries(keys.map((k) => [k, Math.round(median(rs.map((r) => r[k])))]));
      process.stdout.write(`${JSON.stringify({ build: dists[i], kind, loads: rs.length, ...medians })}\n`);
    }
    // Each build against the first, round by round (the figures docs/performance.md quotes as
    // "paired"): the median of the per-round differences, steadier than a difference of medians.
    for (const [i, rs] of rows.entries()) {
      if (i === 0) continue;
      const paired = Object.fromEntries(keys.map((k) => [k, Math.round(median(rs.map((r, round) => r[k] - (rows[0]![round]?.[k] ?? NaN))))]));
      process.stdout.write(`${JSON.stringify({ build: dists[i], against: dists[0], kind, pairedMedianDiff: paired })}\n`);
    }
  } finally {
    for (const s of servers) await s.close();
    await setup.stop();
  }
}

runAsScript(import.meta.url, async () => {
  const args = process.argv.slice(2);
  const kind = args.includes('first') ? 'first' : 'embed';
  const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
  const dists = args.filter((a) => a !== 'first' && a !== 'embed' && !/^\d+$/.test(a));
  if (dists.length < 2) throw new Error('usage: npx tsx scripts/bench/ab-anchor.ts <dist> <dist> [<dist>…] [rounds=10] [embed|first]');
  await abAnchor(dists, rounds, kind);
});
