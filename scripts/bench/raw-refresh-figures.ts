// The refresh figures in raw mode (the session is raw-refresh-session.ts: no Playwright, no CDP
// Network domain), called by scripts/bench.ts for each dataset, and runnable alone against a
// running Prometheus for quick before/after measurements:
//   BQ_PROM=http://127.0.0.1:9237 BQ_TICKS=60 BQ_PROFILE=3 npx tsx scripts/bench/raw-refresh-figures.ts
// BQ_MINIFY=0 builds unminified (readable function names in the profile); BQ_NOBUILD=1 reuses the
// last build; BQ_PORT (default 4191) is the preview port.
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { attributeProfile, attributionLines, meanAttribution, SourceResolver, type Attribution } from './attribute.ts';
import { meanProfile, profileLines, type ProfileSummary } from './profile.ts';
import { openRawRefreshSession, type FloorResult } from './raw-refresh-session.ts';
import type { TickResult } from './refresh.ts';
import { knob } from './options.ts';
import { measured, stated } from './figures.ts';
import { emit, mean, median, progress, runAsScript, type Figure } from './stats.ts';

export interface RawRefreshOptions {
  app: string;
  promUrl: string;
  dataset: 'demo' | 'fleet';
  clockStartMs: number;
  ticks: number;
  /** Window-changing ticks to CPU-profile (after tick 20, not counted in the figures); their mean is returned. */
  profileTicks?: number;
  /** The build the page runs: with its source maps the profiled ticks are told by layer and by our module (attribute.ts). */
  distDir?: string;
  /** Heap after GC at these ticks (and the last). */
  heapAt?: (tick: number) => boolean;
}

export async function rawRefreshes(o: RawRefreshOptions): Promise<{ figures: Figure[]; profile: ProfileSummary | null; attribution: Attribution | null }> {
  const url = `${o.app}/?prom=${encodeURIComponent(o.promUrl)}&from=now-1h&to=now&refresh=1m`;
  const s = await openRawRefreshSession(url, o.clockStartMs);
  const ticks: Array<TickResult & { profiled: boolean }> = [];
  const profiles: ProfileSummary[] = [];
  const attributions: Attribution[] = [];
  const resolver = o.distDir !== undefined ? new SourceResolver(o.distDir) : null;
  const heapByTick: Record<number, number> = {};
  const floors: FloorResult[] = [];
  try {
    for (let i = 1; i <= o.ticks; i++) {
      const profile = (o.profileTicks ?? 0) > profiles.length && i > 20;
      const t = await s.tick({ profile });
      if (t.profile && t.requests > 0) profiles.push(t.profile);
      if (t.rawProfile && t.requests > 0 && resolver) attributions.push(attributeProfile(t.rawProfile, resolver));
      ticks.push({ ...t, profiled: profile });
      if (o.heapAt?.(i) || i === o.ticks) heapByTick[i] = await s.heapUsed();
      if (i % 50 === 0) progress(`${o.dataset} raw refresh ${i}/${o.ticks}`);
    }
    for (let k = 0; k < 5; k++) floors.push(await s.floor());
  } finally {
    await s.close();
  }
  const warm = ticks.slice(10);
  const changing = warm.filter((x) => x.requests > 0 && !x.profiled);
  const figures: Figure[] = [
    measured(
      'raw-main-thread-busy-per-window-change',
      changing.map((x) => x.busyMs),
      {
        dataset: o.dataset,
        rawMedian: median(changing.map((x) => x.busyRawMs)),
        cpuMedian: median(changing.map((x) => x.cpuMs ?? NaN)),
        // The median hides a change that costs more once a minute (e.g. a refetched name list);
        // the mean and the CPU per minute of live refresh (all counted ticks, 12 ticks = 1 min) show it.
        cpuMean: mean(changing.map((x) => x.cpuMs ?? NaN)),
        cpuPerMinute: (warm.filter((x) => !x.profiled).reduce((a, x) => a + (x.cpuMs ?? 0), 0) / Math.max(1, warm.filter((x) => !x.profiled).length)) * 12,
        wallMedian: median(changing.map((x) => x.wallMs)),
        requestsMedian: median(changing.map((x) => x.requests)),
        otherRequestsMedian: median(changing.map((x) => x.otherRequests ?? 0)),
        distinctMedian: median(changing.map((x) => x.distinct)),
        panelsInView: median(changing.map((x) => x.inView)),
        changingTicks: changing.length,
      },
      { idleRate: s.idleRate },
    ),
    measured('raw-main-thread-cpu-per-window-change', changing.map((x) => x.cpuMs ?? NaN), { dataset: o.dataset }),
    measured('raw-main-thread-busy-per-tick', warm.map((x) => x.busyMs), { dataset: o.dataset }),
    measured('raw-floor-fetch-cpu', floors.map((f) => f.fetchCpuMs), { dataset: o.dataset, requests: median(floors.map((f) => f.requests)) }),
    measured('raw-floor-fetch-post-cpu', floors.map((f) => f.fetchPostCpuMs), { dataset: o.dataset }),
    measured('raw-floor-charts-cpu', floors.map((f) => f.chartsCpuMs), { dataset: o.dataset, charts: median(floors.map((f) => f.charts)) }),
  ];
  const keys = Object.keys(heapByTick).map(Number);
  if (keys.length > 1) {
    const heapFig = heapFigure(o.dataset, heapByTick);
    if (heapFig) figures.push(heapFig);
  }
  return { figures, profile: profiles.length > 0 ? meanProfile(profiles) : null, attribution: attributions.length > 0 ? meanAttribution(attributions) : null };
}

/**
 * Growth from tick 1000 (the budget's base, when the run reaches tick 2000), else from tick 300 (or
 * N × 0.3), to the last tick: the plateau of a page open all day. One sample swings with the query
 * cache's windows, so `windowMedianGrowthPct` compares the median of the samples in the base's 50
 * ticks with that of the last 50.
 */
function heapFigure(dataset: 'demo' | 'fleet', byTick: Record<number, number>): Figure | null {
  const ticks = Object.keys(byTick).map(Number).sort((a, b) => a - b);
  const last = ticks[ticks.length - 1] as number;
  const from = last >= 2000 ? 1000 : Math.min(300, last * 0.3);
  const base = ticks.find((t) => t >= from) ?? (ticks[0] as number);
  const a = byTick[base] as number;
  const z = byTick[last] as number;
  if (base === last) return null;
  const pct = (x: number, y: number): number => Math.round(((y - x) / x) * 1000) / 10;
  const values = ticks.filter((t) => t >= base).map((t) => byTick[t] as number);
  const near = (lo: number, hi: number): number[] => ticks.filter((t) => t >= lo && t < hi).map((t) => byTick[t] as number);
  const first50 = near(base, base + 50);
  const last50 = near(last - 49, last + 1);
  const windowMedianGrowthPct = first50.length > 1 && last50.length > 1 ? pct(median(first50), median(last50)) : null;
  return stated(
    'raw-js-heap-plateau',
    { median: median(values), min: Math.min(...values), max: Math.max(...values), spreadPct: 0, runs: 1 },
    { dataset, baseTick: base, lastTick: last, growthPct: pct(a, z), windowMedianGrowthPct, heapByTick: byTick },
    { base, last },
  );
}

async function main(): Promise<void> {
  const ROOT = resolve(import.meta.dirname, '..', '..');
  const promUrl = knob('BQ_PROM');
  if (!promUrl) throw new Error('BQ_PROM=<prometheus url> is required (e.g. a running `npm run demo`)');
  const port = knob('BQ_PORT');
  const outDir = join(ROOT, '.cache', `refresh-raw-dist-${port}`);
  if (!knob('BQ_NOBUILD')) {
    progress(`building into ${outDir}`);
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: knob('BQ_MINIFY'), sourcemap: 'hidden' } });
  }
  const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  try {
    const ticks = knob('BQ_TICKS');
    const heapEvery = knob('BQ_HEAP_EVERY');
    const { figures, profile, attribution } = await rawRefreshes({
      app: `http://127.0.0.1:${port}`,
      promUrl,
      dataset: knob('BQ_DATASET'),
      clockStartMs: knob('BQ_CLOCK') ?? Date.now() - (ticks * 5000 + 60_000),
      ticks,
      profileTicks: knob('BQ_PROFILE'),
      distDir: outDir,
      heapAt: heapEvery > 0 ? (i) => i % heapEvery === 0 : undefined,
    });
    for (const f of figures) emit(f);
    if (profile) process.stderr.write(`${profileLines(profile, 30, 50).join('\n')}\n`);
    if (attribution) process.stderr.write(`${attributionLines(attribution).join('\n')}\n`);
  } finally {
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}

runAsScript(import.meta.url, main);
