// A/B of two builds' boot, alternating cold loads (diagnosis helper, not part of `npm run bench`):
// our embed (`panel=ttft&kiosk=1`, 600×320) and our first screen (1440×900), navigation → drawn,
// with when the first query_range left and the first discovery request left, per build.
//   AB_A=<dist dir> AB_B=<dist dir> AB_PROM=http://127.0.0.1:19300 AB_RUNS=8 npx tsx scripts/bench/ab-boot.ts
import { preview } from 'vite';
import { join, resolve } from 'node:path';
import { launch } from './browser.ts';
import { loadOnce, type LoadKind, type LoadResult } from './anchor-load.ts';
import { median } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const log = (s: string): void => void process.stderr.write(`${s}\n`);

async function main(): Promise<void> {
  const dirs = { A: process.env.AB_A ?? join(ROOT, '.cache', 'ab-before'), B: process.env.AB_B ?? join(ROOT, 'dist') };
  const prom = process.env.AB_PROM ?? 'http://127.0.0.1:19300';
  const runs = Number(process.env.AB_RUNS ?? 8);
  const kinds = (process.env.AB_KINDS ?? 'embed,first').split(',') as LoadKind[];
  const port = Number(process.env.AB_PORT ?? 5401);
  const servers = await Promise.all(
    (['A', 'B'] as const).map((k, i) =>
      preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dirs[k] }, preview: { port: port + i, strictPort: true, host: '127.0.0.1' } }),
    ),
  );
  const browser = await launch();
  const results: Record<string, LoadResult[]> = {};
  try {
    for (let r = 0; r <= runs; r++) {
      for (const kind of kinds) {
        for (const [i, k] of (r % 2 ? ['B', 'A'] : ['A', 'B']).entries()) {
          void i;
          const q = kind === 'embed' ? '&panel=ttft&kiosk=1' : '';
          const url = `http://127.0.0.1:${port + (k === 'A' ? 0 : 1)}/?prom=${encodeURIComponent(prom)}&engine=vllm&from=now-1h&to=now&refresh=off${q}`;
          const res = await loadOnce(browser, kind, url);
          if (r === 0) continue; // warm-up round
          (results[`${kind} ${k}`] ??= []).push(res);
          log(`${kind} ${k} run ${r}: drawn ${res.drawn.toFixed(0)} first range ${res.firstLeave.toFixed(0)} last answer ${res.lastAnswer.toFixed(0)}`);
        }
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) await new Promise<void>((done) => s.httpServer.close(() => done()));
  }
  for (const [key, rs] of Object.entries(results)) {
    const mark = (name: string) => median(rs.map((x) => x.marks.find((m) => m.label.includes(name))?.start ?? NaN));
    console.log(
      JSON.stringify({
        key,
        drawn: median(rs.map((x) => x.drawn)),
        firstRangeLeaves: median(rs.map((x) => x.firstLeave)),
        lastAnswer: median(rs.map((x) => x.lastAnswer)),
        taskMs: median(rs.map((x) => x.taskMs)),
        scriptMark: mark('script'),
        configMark: mark('config'),
        runs: rs.length,
      }),
    );
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
