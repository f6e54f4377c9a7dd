// The heap budget's figure (issue 32: JS heap growth within 1 % from tick 1000 to tick 3000 of a
// page left open), in the raw refresh session (raw-refresh-session.ts: no Playwright, `Date` moved
// 5 s per tick, `refresh=1m`), and where the growth is: two heap snapshots, at the base tick and
// at the last, told apart by class (V8's compiled code, the page's JS values, Blink's DOM, V8's bookkeeping)
// and by constructor (heap-snapshot.ts). Called by scripts/bench.ts (`BENCH_FIGURES=heap`).
import { stated } from './figures.ts';
import { heapFigures, type HeapSample } from './heap.ts';
import { heapGrowth, index, parseSnapshot, type HeapGrowth, type Indexed } from './heap-snapshot.ts';
import { openRawRefreshSession } from './raw-refresh-session.ts';
import { progress, type Figure } from './stats.ts';

export const HEAP_BUDGET_PCT = 1;

export interface HeapPlateauOptions {
  app: string;
  promUrl: string;
  dataset: 'demo' | 'fleet';
  /** Epoch ms where the page clock starts; the run moves it `ticks` × 5 s (plus the wall time it takes). */
  clockStartMs: number;
  ticks: number;
  baseTick: number;
  /** Heap after GC every `every` ticks (and at the base and the last). */
  every: number;
}

export async function heapPlateau(o: HeapPlateauOptions): Promise<{ figure: Figure; growth: HeapGrowth }> {
  if (o.baseTick + 100 > o.ticks) throw new Error(`heapPlateau: base tick ${o.baseTick} leaves no window before tick ${o.ticks}`);
  const url = `${o.app}/?prom=${encodeURIComponent(o.promUrl)}&from=now-1h&to=now&refresh=1m`;
  const s = await openRawRefreshSession(url, o.clockStartMs);
  const samples: HeapSample[] = [];
  let snapA: Indexed | null = null;
  let growth: HeapGrowth;
  const t0 = Date.now();
  // When each tick ended (wall ms): the query cache keeps 60 s of wall time, so the windows it holds
  // at a sample follow the tick rate; the figure says the rate at its base and at its end.
  const endedAt: number[] = [];
  try {
    for (let i = 1; i <= o.ticks; i++) {
      await s.tick();
      endedAt[i] = Date.now();
      if (i === o.baseTick) snapA = index(parseSnapshot(await s.heapSnapshot()));
      if (i % o.every === 0 || i === o.baseTick || i === o.ticks) samples.push({ tick: i, bytes: await s.heapUsed() });
      if (i % 250 === 0) progress(`${o.dataset} heap run ${i}/${o.ticks} (${((Date.now() - t0) / 60_000).toFixed(1)} min), ${((samples[samples.length - 1]?.bytes ?? 0) / 1e6).toFixed(2)} MB`);
    }
    growth = heapGrowth(snapA as Indexed, index(parseSnapshot(await s.heapSnapshot())));
  } finally {
    await s.close();
  }
  const f = heapFigures(samples, o.baseTick);
  // Ticks per minute over the 60 s of wall time before the base tick and before the last.
  const rateBefore = (tick: number): number => {
    const end = endedAt[tick] as number;
    let n = 0;
    for (let i = tick; i > 0 && (endedAt[i] as number) > end - 60_000; i--) n++;
    return n;
  };
  const from = samples.filter((x) => x.tick >= o.baseTick).map((x) => x.bytes);
  const cls = Object.fromEntries(Object.entries(growth.byClass).map(([c, v]) => [c, { fromBytes: v.a, toBytes: v.b, growthPct: v.a === 0 ? null : Math.round(((v.b - v.a) / v.a) * 1000) / 10 }]));
  const figure = stated(
    'raw-js-heap-growth',
    { median: f.windowMedianGrowthPct, min: Math.min(f.windowMedianGrowthPct, f.trendPct, f.growthPct), max: Math.max(f.windowMedianGrowthPct, f.trendPct, f.growthPct), spreadPct: 0, runs: 1 },
    {
      dataset: o.dataset,
      budgetPct: HEAP_BUDGET_PCT,
      baseMedianBytes: f.baseMedian,
      endMedianBytes: f.endMedian,
      trendPct: f.trendPct,
      singleSampleGrowthPct: f.growthPct,
      minBytes: Math.min(...from),
      maxBytes: Math.max(...from),
      snapshotGrowthByClass: cls,
      wallMinutes: Math.round((Date.now() - t0) / 6000) / 10,
      ticksPerMinuteAtBase: rateBefore(o.baseTick),
      ticksPerMinuteAtEnd: rateBefore(o.ticks),
      samples: samples.map((x) => [x.tick, x.bytes]),
    },
    { base: o.baseTick, last: o.ticks, every: o.every },
  );
  return { figure, growth };
}
