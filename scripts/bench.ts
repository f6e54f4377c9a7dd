// `npm run bench`: the performance figures of docs/performance.md. One JSON line per figure on
// stdout (median, min, max and spread over runs, and the method), progress on stderr.
// Datasets: "demo" (the normal stack: 2 vLLM + 2 SGLang simulated servers, 3 h backfill at 5 s,
// live scraping) and "fleet" (200 vLLM + 50 SGLang instances, 6 h at 15 s, history only, cached
// under .cache/). Runs on a fresh clone after `npm ci`; needs /usr/bin/prometheus, promtool and
// /usr/bin/chromium. Knobs (BENCH_RUNS, BENCH_DATASETS, BENCH_FIGURES…): scripts/bench/options.ts,
// listed by `npm run bench -- --help`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { preview } from 'vite';
import { launch, newContext, replay, RequestLog, scrollThrough, waitSettled } from './bench/browser.ts';
import { BootLog, medianSteps, type BootStep } from './bench/boot.ts';
import { buildDist, measureBundle } from './bench/bundle.ts';
import { compareRequests } from './bench/compare.ts';
import { allowedCpuList, chromiumCpuMs, cpuMsOf, hasTaskset, parseCpuList, pin, pinnedChromium, splitCpus, unpin } from './bench/cpu.ts';
import { hostileFigures } from './bench/hostile.ts';
import { bigAnswerFigures } from './bench/big-answer.ts';
import { matrixCapFigure } from './bench/matrix.ts';
import { copyBlocks, DEFAULT_FLEET, ensureFleet, waitForData } from './bench/fleet.ts';
import { heatmapRefresh } from './bench/heatmap.ts';
import { benchTables } from './bench/tables.ts';
import { benchLayers, serveLayers } from './bench/layers.ts';
import { heapFigures, type HeapSample } from './bench/heap.ts';
import { heapUsed, openRefreshSession, taskMs, type TickResult } from './bench/refresh.ts';
import { rulesBench } from './bench/rules.ts';
import { anchorBench, startAnchor } from './bench/anchor.ts';
import { anchorUnavailable } from './bench/anchor-build.ts';
import { rawRefreshes } from './bench/raw-refresh-figures.ts';
import { attributionLines } from './bench/attribute.ts';
import { HEAP_BUDGET_PCT, heapPlateau } from './bench/heap-plateau.ts';
import { heapGrowthLines } from './bench/heap-snapshot.ts';
import { knob, knobGiven, unknownKnobs } from './bench/options.ts';
import { measured, single, stated } from './bench/figures.ts';
import { emit, median, progress, runAsScript, runCleanups } from './bench/stats.ts';
import { ensurePrometheus } from './lib/binaries.ts';
import { startPrometheus, type BackendProcess } from './lib/prometheus.ts';
import { startStack, type Stack } from './lib/stack.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RANGE_MS = 3_600_000;
/** Issue 32's budget for the main thread per window change (docs/performance.md, Budgets). */
const WINDOW_CHANGE_BUDGET_MS = 50;

type Dataset = 'demo' | 'fleet';

/** The knobs of this script (bench/options.ts), read once when it starts. */
interface Settings {
  runs: number;
  /** Refresh ticks per dataset (on the fleet a window-changing tick waits ~5 s for Prometheus). */
  refreshes: Record<Dataset, number>;
  /** Ticks of the raw (no Playwright) refresh mode, see scripts/bench/raw-refresh-figures.ts. */
  rawTicks: Record<Dataset, number>;
  heapEvery: number | undefined;
  /** The heap budget's run (raw mode): its ticks, and the tick its growth is read from. */
  heapTicks: number;
  heapBase: number;
  /** Moves every port of the bench (preview, both Prometheus, the simulators). */
  portOffset: number;
  datasets: string[];
  figures: string[];
  dist: string | undefined;
}

function settings(): Settings {
  return {
    runs: knob('BENCH_RUNS'),
    refreshes: { demo: knob('BENCH_REFRESHES'), fleet: knob('BENCH_FLEET_REFRESHES') },
    rawTicks: { demo: knob('BENCH_RAW_REFRESHES'), fleet: knob('BENCH_RAW_FLEET_REFRESHES') },
    heapEvery: knob('BENCH_HEAP_EVERY'),
    heapTicks: knob('BENCH_HEAP_TICKS'),
    heapBase: knob('BENCH_HEAP_BASE'),
    portOffset: knob('BENCH_PORT_OFFSET'),
    datasets: knob('BENCH_DATASETS'),
    figures: knob('BENCH_FIGURES'),
    dist: knob('BENCH_DIST'),
  };
}

/**
 * Where the heap run's page clock starts. Live data (the demo): its ticks × 5 s and a minute before
 * now. A fixed history (the fleet): its first full hour plus 5 min, so the ticks (× 5 s) and the
 * run's own wall time (the page clock also moves with it) stay inside the data.
 */
function heapClockStart(t: Target, ticks: number): number {
  if (t.historyStartMs === undefined) return Date.now() - (ticks * 5000 + 60_000);
  const start = t.historyStartMs + RANGE_MS + 300_000;
  if (start + ticks * 5000 + 600_000 > t.endMs) throw new Error(`${t.name}: ${ticks} heap ticks (× 5 s) do not fit in its history after its first hour`);
  return start;
}

interface Target {
  name: Dataset;
  promUrl: string;
  /** End of the fixed absolute range used for loads (epoch ms). */
  endMs: number;
  /** Where the fake clock of the refresh session starts. */
  clockStartMs: number;
  /** Where the backend's history starts (epoch ms), for a fixed dataset; absent for the live demo. */
  historyStartMs?: number;
  /** The backend's process, for the CPU figures (the fleet's Prometheus; the demo's runs under its stack). */
  backendPid?: number;
}

/** One counted page load of loads(): times in ms since navigation start, or of a replay from Node. */
interface LoadRun {
  /** first-screen-ok and all-panels-ok. */
  first: number;
  all: number;
  /** The requests the first screen waited for, replayed all at once and 6 at a time. */
  floor: number;
  floor6: number;
  /** Main-thread busy per second of the open page, doing nothing. */
  idleRate: number;
  boot: BootStep[];
  /** The API requests before the first query_range, replayed all at once. */
  discovery: number;
  /** The app's `inferwatch:script` mark. */
  scriptAt: number;
  /** CPU time from navigation to first-screen-ok: the backend's and the browser's (all its processes). */
  backendCpu: number;
  browserCpu: number;
  firstInfo: { panels: number; tiles: number; requests: number; distinct: number; floorRequests: number; states: Record<string, number> };
  allInfo: { panels: number; requests: number; states: Record<string, number> };
}

/** The page a load opens: the dataset's last hour as an absolute range, refresh off. */
function loadUrl(app: string, t: Target): string {
  return `${app}/?prom=${encodeURIComponent(t.promUrl)}&from=${t.endMs - RANGE_MS}&to=${t.endMs}&refresh=off`;
}

async function loads(browser: Browser, app: string, t: Target, RUNS: number): Promise<void> {
  const url = loadUrl(app, t);
  const loaded: LoadRun[] = [];
  // One warm-up load (Prometheus page cache, Chromium's code cache of the app), not counted.
  let failed = 0;
  for (let run = -1; run < RUNS; run++) {
    const ctx = await newContext(browser);
    try {
      const page = await ctx.newPage();
      const log = new RequestLog(page);
      const boot = new BootLog(page);
      const backend0 = t.backendPid ? cpuMsOf(t.backendPid) : 0;
      const browser0 = chromiumCpuMs();
      await page.goto(url);
      const s1 = await waitSettled(page, 'first');
      const backendCpu = t.backendPid ? cpuMsOf(t.backendPid) - backend0 : 0;
      const browserCpu = chromiumCpuMs() - browser0;
      const bootSteps = await boot.steps(page);
      const firstReqs = log.all.slice();
      // The floor replays every query the first screen waited for: range queries, and the instant
      // ones of the tables and probes on it (the model table's `[$__range]` columns).
      const floorReqs = log.queries.slice();
      await scrollThrough(page);
      const s2 = await waitSettled(page, 'all');
      // Idle cost of an open page (no refresh, real clock): main-thread busy per second over 3 s.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Performance.enable');
      await new Promise((r) => setTimeout(r, 500));
      const i0 = await taskMs(cdp);
      const w0 = performance.now();
      await new Promise((r) => setTimeout(r, 3000));
      const idleRate = (((await taskMs(cdp)) - i0) / (performance.now() - w0)) * 1000;
      await ctx.close();
      const floor = await replay(floorReqs);
      const floor6 = await replay(floorReqs, 6);
      // What any page must do before its first panel query: run a script, then learn the backend
      // (kind, names, recorded series, scrape interval). Replayed all at once, i.e. without the
      // chain kind → targets/config the app must follow: a lower bound, not the app's path.
      const firstRange = log.api.findIndex((r) => r.url.includes('/api/v1/query_range'));
      const discovery = await replay(firstRange > 0 ? log.api.slice(0, firstRange) : []);
      const scriptAt = bootSteps.find((st) => st.label === 'mark script')?.start ?? 0;
      if (run < 0) continue;
      loaded.push({
        first: s1.t,
        all: s2.t,
        floor,
        floor6,
        idleRate,
        boot: bootSteps,
        discovery,
        scriptAt,
        backendCpu,
        browserCpu,
        firstInfo: { panels: s1.panels, tiles: s1.tiles, requests: firstReqs.length, distinct: new Set(firstReqs.map((r) => r.expr)).size, floorRequests: floorReqs.length, states: s1.states },
        allInfo: { panels: s2.panels, requests: log.all.length, states: s2.states },
      });
      progress(`${t.name} load ${run + 1}/${RUNS}: first screen ${s1.t.toFixed(0)} ms, all panels ${s2.t.toFixed(0)} ms, floor ${floor.toFixed(0)} ms (6 at a time: ${floor6.toFixed(0)} ms)`);
    } catch (err) {
      // A run that never settles is reported (failedRuns), not fatal to the whole bench.
      failed++;
      progress(`${t.name} load ${run + 1}/${RUNS} FAILED: ${err instanceof Error ? err.message : String(err)}`);
      await ctx.close().catch(() => {});
    }
  }
  const col = (f: (r: LoadRun) => number): number[] => loaded.map(f);
  // The ratios take the faster of the two replays as the floor.
  const floorOf = (r: LoadRun): number => Math.min(r.floor, r.floor6);
  // The request counts and panel states are those of the last counted load.
  const last = loaded[loaded.length - 1];
  const firstInfo = last?.firstInfo ?? { panels: 0, tiles: 0, requests: 0, distinct: 0, floorRequests: 0, states: {} };
  const allInfo = last?.allInfo ?? { panels: 0, requests: 0, states: {} };
  const first = col((r) => r.first);
  const d = { dataset: t.name };
  emit(measured('first-screen-ok', first, { ...d, failedRuns: failed, ...firstInfo }, { runs: RUNS }));
  emit(measured('all-panels-ok', col((r) => r.all), { ...d, ...allInfo }, { runs: RUNS }));
  emit(measured('bare-floor', col((r) => r.floor), { ...d, requests: firstInfo.floorRequests }));
  emit(measured('bare-floor-6', col((r) => r.floor6), d));
  emit(measured('idle-busy-per-second', col((r) => r.idleRate), d));
  const timeline = medianSteps(loaded.map((r) => r.boot));
  emit(stated('boot-timeline', { median: median(first), min: Math.min(...first), max: Math.max(...first), spreadPct: 0, runs: loaded.length }, { ...d, steps: timeline }));
  progress(`${t.name} boot timeline (median ms since navigation):\n${timeline.map((st) => `  ${String(st.start).padStart(5)} → ${String(st.end).padStart(5)}  ${st.label}`).join('\n')}`);
  emit(measured('app-script-running', col((r) => r.scriptAt), d));
  emit(measured('bare-discovery', col((r) => r.discovery), d));
  emit(measured('first-screen-lower-bound-vs-floor', col((r) => (r.scriptAt + r.discovery + floorOf(r)) / floorOf(r)), d));
  emit(measured('first-screen-vs-floor', col((r) => r.first / floorOf(r)), d));
  if (t.backendPid) {
    emit(measured('first-screen-backend-cpu', col((r) => r.backendCpu), d));
    emit(measured('first-screen-browser-cpu', col((r) => r.browserCpu), d));
  }
}

/**
 * The first screen with the backend and the browser on cores of their own (taskset): Prometheus on
 * one half of the CPUs, Chromium, this process and its preview server on the other, as when the
 * backend runs on its own machine. The floor is replayed the same way, so the ratio is the page's
 * own cost on top of the backend's, without the browser's CPU slowing the backend (scripts/bench/cpu.ts).
 */
async function separateCoreLoads(app: string, t: Target, RUNS: number): Promise<void> {
  const allowed = allowedCpuList();
  const cpus = splitCpus(parseCpuList(allowed));
  if (!t.backendPid || !cpus || !hasTaskset()) {
    progress(`${t.name}: no separate-cores load (needs 2+ CPUs, taskset and the backend's pid)`);
    return;
  }
  const backendPid = t.backendPid;
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-pinned-'));
  const url = loadUrl(app, t);
  const runs: Array<{ first: number; floor: number }> = [];
  const restore = (): void => {
    unpin(process.pid, allowed);
    unpin(backendPid, allowed);
    rmSync(dir, { recursive: true, force: true });
  };
  let browser: Browser;
  try {
    pin(backendPid, cpus.backend);
    pin(process.pid, cpus.browser);
    browser = await launch(pinnedChromium(dir, knob('CHROMIUM_BIN'), cpus.browser));
  } catch (err) {
    restore();
    progress(`${t.name}: no separate-cores load (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    return;
  }
  try {
    for (let run = -1; run < RUNS; run++) {
      const ctx = await newContext(browser);
      try {
        const page = await ctx.newPage();
        const log = new RequestLog(page);
        await page.goto(url);
        const s = await waitSettled(page, 'first');
        const reqs = log.queries.slice();
        await ctx.close();
        const floor = Math.min(await replay(reqs), await replay(reqs, 6));
        if (run < 0) continue;
        runs.push({ first: s.t, floor });
        progress(`${t.name} separate-cores load ${run + 1}/${RUNS}: first screen ${s.t.toFixed(0)} ms, floor ${floor.toFixed(0)} ms`);
      } catch (err) {
        progress(`${t.name} separate-cores load ${run + 1}/${RUNS} FAILED: ${err instanceof Error ? err.message : String(err)}`);
        await ctx.close().catch(() => {});
      }
    }
  } finally {
    await browser.close().catch(() => {});
    restore();
  }
  if (runs.length === 0) return;
  const d = { dataset: t.name, backendCpus: cpus.backend, browserCpus: cpus.browser };
  const args = { ...cpus, runs: runs.length };
  emit(measured('first-screen-ok-separate-cores', runs.map((r) => r.first), d, args));
  emit(measured('bare-floor-separate-cores', runs.map((r) => r.floor), d, cpus));
  emit(measured('first-screen-vs-floor-separate-cores', runs.map((r) => r.first / r.floor), d));
}

async function refreshes(browser: Browser, app: string, t: Target, REFRESHES: number, heapEveryKnob: number | undefined): Promise<void> {
  const url = `${app}/?prom=${encodeURIComponent(t.promUrl)}&from=now-1h&to=now&refresh=5s`;
  const s = await openRefreshSession(browser, url, t.clockStartMs);
  try {
    const ticks: TickResult[] = [];
    let heap10 = 0;
    // The baseline of the growth figure: a page that has warmed up. Up to ~tick 100 the heap grows
    // for bounded reasons (the query cache filling to its 60 s gcTime, 12 ticks; V8 compiling and
    // optimising the refresh path; Chromium's buffers filling); see docs/performance.md (heap).
    // A long run (BENCH_REFRESHES=1000) measures the plateau from tick 300 (issue 15's target: within 2 %).
    const baseTick = REFRESHES >= 900 ? 300 : Math.min(100, Math.max(10, Math.floor(REFRESHES / 3)));
    let heapBase = 0;
    const heapByTick: Record<number, number> = {};
    // The long run samples every 5 ticks: single samples swing with the query cache (bench/heap.ts).
    const heapEvery = heapEveryKnob ?? (REFRESHES >= 900 ? 5 : 50);
    const heapSamples: HeapSample[] = [];
    for (let i = 1; i <= REFRESHES; i++) {
      ticks.push(await s.tick());
      if (i === 10 || i === baseTick || i % heapEvery === 0 || i % 50 === 0) heapSamples.push({ tick: i, bytes: await heapUsed(s.cdp) });
      if (i === 10 || i === baseTick || i % 50 === 0) heapByTick[i] = heapSamples[heapSamples.length - 1]?.bytes ?? 0;
      if (i === 10) heap10 = heapByTick[i] ?? 0;
      if (i === baseTick) heapBase = heapByTick[i] ?? 0;
      if (i % 50 === 0) progress(`${t.name} refresh ${i}/${REFRESHES}`);
    }
    const heapN = await heapUsed(s.cdp);
    const warm = ticks.slice(10);
    const changing = warm.filter((x) => x.requests > 0);
    const d = { dataset: t.name };
    emit(measured('requests-per-window-change', changing.map((x) => x.requests), { ...d, distinctQueries: median(changing.map((x) => x.distinct)), panelsInView: median(changing.map((x) => x.inView)), changingTicks: changing.length, ticks: warm.length }));
    emit(measured('requests-per-tick', warm.map((x) => x.requests), d));
    emit(measured('bytes-per-window-change', changing.map((x) => x.bytes), d));
    emit(measured('bytes-per-tick', warm.map((x) => x.bytes), d));
    const idle = { idleRate: s.idleRate };
    emit(measured('main-thread-busy-per-window-change', changing.map((x) => x.busyMs), { ...d, rawMedian: median(changing.map((x) => x.busyRawMs)), wallMedian: median(changing.map((x) => x.wallMs)) }, idle));
    emit(measured('main-thread-cpu-per-window-change', changing.map((x) => x.cpuMs ?? NaN), d));
    emit(measured('main-thread-busy-per-tick', warm.map((x) => x.busyMs), { ...d, rawMedian: median(warm.map((x) => x.busyRawMs)) }, idle));
    const pct = (a: number, b: number): number => Math.round(((b - a) / a) * 1000) / 10;
    // Single samples move by ±0.6 MB with the query cache's content at that instant: also compare
    // the mean of the samples in the first and second half of [baseTick, N].
    const after = Object.entries(heapByTick).filter(([k]) => Number(k) >= baseTick).map(([k, v]) => [Number(k), v] as const);
    const mid = (baseTick + REFRESHES) / 2;
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const halvesGrowthPct = pct(mean(after.filter(([k]) => k < mid).map(([, v]) => v)), mean(after.filter(([k]) => k >= mid).map(([, v]) => v)));
    const hf = heapFigures(heapSamples, baseTick);
    emit(stated('js-heap', { median: heapN, min: heapBase, max: heapN, spreadPct: 0, runs: 1 }, { dataset: t.name, heapAfter10: heap10, baseTick, heapAfterBase: heapBase, heapAfterN: heapN, heapByTick, refreshes: REFRESHES, growthPct: pct(heapBase, heapN), halvesGrowthPct, growthFromTick10Pct: pct(heap10, heapN), windowMedianGrowthPct: hf.windowMedianGrowthPct, trendPct: hf.trendPct, heapEvery, heapSamples: heapSamples.map((x) => [x.tick, x.bytes]) }, { heapEvery, refreshes: REFRESHES, baseTick }));
    progress(`${t.name} js-heap from tick ${baseTick}: single samples ${pct(heapBase, heapN)} %, window medians ${hf.windowMedianGrowthPct} % (${(hf.baseMedian / 1e6).toFixed(2)} → ${(hf.endMedian / 1e6).toFixed(2)} MB), trend ${hf.trendPct} %`);
  } finally {
    await s.close();
  }
}

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const t0 = Date.now();
  const o = settings();
  for (const k of unknownKnobs()) progress(`warning: ${k} is not a bench knob (npm run bench -- --help lists them); ignored`);
  const { runs: RUNS, portOffset: PORT_OFFSET, datasets: DATASETS, figures: FIGURES } = o;
  const PREVIEW_PORT = 4190 + PORT_OFFSET;
  const done = (): void => progress(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  try {
    // 1. Bundle.
    // BENCH_DIST=<dir>: measure an existing build (e.g. of an earlier commit, for a before/after).
    const outDir = o.dist ?? join(ROOT, '.cache', PORT_OFFSET ? `bench-dist-${PORT_OFFSET}` : 'bench-dist');
    if (o.dist) progress(`using the build in ${outDir}`);
    else {
      progress(`building the app (vite build) into ${outDir}`);
      await buildDist(outDir);
    }
    const b = measureBundle(outDir);
    emit(single('initial-js-css-gzip', b.initialGzip, { dataset: 'build', files: b.initial }));
    emit(single('embed-initial-js-css-gzip', b.embedGzip, { dataset: 'build' }));
    emit(single('echarts-chunk-gzip', b.echartsGzip, { dataset: 'build', file: b.echartsFile }));
    emit(single('heatmap-chunk-gzip', b.heatmapGzip, { dataset: 'build' }));
    emit(single('all-js-css-gzip', b.allGzip, { dataset: 'build', files: b.assets }));

    emit(matrixCapFigure());
    for (const f of hostileFigures()) emit(f);
    for (const f of await bigAnswerFigures(outDir, 4290 + PORT_OFFSET)) emit(f);
    // BENCH_DATASETS=build: the build figures only.
    if (DATASETS.every((d) => d === 'build')) return done();

    const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: PREVIEW_PORT, strictPort: true, host: '127.0.0.1' } });
    cleanups.push(() => new Promise<void>((r) => server.httpServer.close(() => r())));
    const app = `http://127.0.0.1:${PREVIEW_PORT}`;

    if (DATASETS.includes('rules')) {
      await rulesBench(ROOT, app);
      if (DATASETS.every((d) => d === 'rules' || d === 'build')) return done();
    }

    // Against the anchor (Prometheus's own UI, side by side): its own stack, stopped before the rest.
    // In the default list, a machine without the anchor's source skips it and says why.
    const anchorSkipped = DATASETS.includes('anchor') && !knobGiven('BENCH_DATASETS') ? anchorUnavailable(knob('BENCH_ANCHOR_GIT')) : null;
    if (anchorSkipped) progress(`anchor: skipped (the figures against Prometheus's own UI):\n${anchorSkipped}`);
    if (DATASETS.includes('anchor') && !anchorSkipped) {
      const setup = await startAnchor(ROOT, knob('BENCH_ANCHOR_PORT') + PORT_OFFSET);
      const browser = await launch();
      try {
        await anchorBench(browser, app, setup, knob('BENCH_ANCHOR_RUNS'), outDir);
      } finally {
        await runCleanups([() => browser.close(), () => setup.stop()]);
      }
      if (DATASETS.every((d) => d === 'anchor' || d === 'build')) return done();
    }

    // 2. Datasets.
    const targets: Target[] = [];
    const span = Math.max(o.refreshes.demo, o.refreshes.fleet) * 5000 + 60_000;
    if (DATASETS.includes('demo')) {
      progress(`starting the demo stack (prometheus :${29490 + PORT_OFFSET}, vllm :${28700 + PORT_OFFSET}, sglang :${23700 + PORT_OFFSET}, backfill ≥ 3 h)`);
      // The heap run's page clock starts its ticks × 5 s + its hour before now: the backfill covers it.
      const backfillMinutes = FIGURES.includes('heap') ? Math.max(180, Math.ceil((o.heapTicks * 5) / 60) + 70) : 180;
      const stack: Stack = await startStack({ promPort: 29490 + PORT_OFFSET, vllmPort: 28700 + PORT_OFFSET, sglangPort: 23700 + PORT_OFFSET, backfillMinutes, log: (l) => progress(`demo: ${l}`) });
      cleanups.push(() => stack.stop());
      await waitForData(stack.promUrl, 'count(vllm:num_requests_running)', Date.now());
      const now = Date.now();
      targets.push({ name: 'demo', promUrl: stack.promUrl, endMs: Math.floor(now / 60_000) * 60_000, clockStartMs: now - span });
    }
    let fleetUrl: { promUrl: string; endMs: number } | null = null;
    if (DATASETS.includes('fleet') || DATASETS.includes('tables')) {
      const { prometheus, promtool } = ensurePrometheus(progress);
      const fleet = await ensureFleet(join(ROOT, '.cache'), promtool, DEFAULT_FLEET, progress);
      const m = fleet.meta;
      emit(single('fleet-dataset', m.totalSeconds, { dataset: 'fleet', cached: !fleet.generated, vllm: m.params.vllm, sglang: m.params.sglang, models: m.params.models.length, hours: m.params.hours, scrapeSec: m.params.scrapeSec, series: m.series, samples: m.samples, openMetricsBytes: m.openMetricsBytes, blocksBytes: m.blocksBytes, generateSeconds: m.generateSeconds, promtoolSeconds: m.promtoolSeconds }));
      const dir = mkdtempSync(join(tmpdir(), 'inferwatch-bench-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const c0 = Date.now();
      copyBlocks(fleet, join(dir, 'data'));
      progress(`fleet: blocks copied in ${Date.now() - c0} ms`);
      const proc: BackendProcess = startPrometheus(prometheus, dir, join(dir, 'data'), 29491 + PORT_OFFSET, 'global:\n  scrape_interval: 15s\n  evaluation_interval: 15s\nscrape_configs: []\n', progress);
      cleanups.unshift(() => proc.stop());
      await Promise.race([waitForData(proc.url, 'count(vllm:num_requests_running)', fleet.endMs), proc.died]);
      progress(`fleet prometheus ready at ${proc.url}`);
      fleetUrl = { promUrl: proc.url, endMs: fleet.endMs };
      if (DATASETS.includes('fleet')) targets.push({ name: 'fleet', promUrl: proc.url, endMs: fleet.endMs, clockStartMs: fleet.endMs - span, historyStartMs: fleet.endMs - m.params.hours * 3_600_000, backendPid: proc.proc.pid });
    }

    const browser = await launch();
    cleanups.unshift(() => browser.close());
    for (const t of targets) {
      if (FIGURES.includes('loads')) {
        progress(`${t.name}: page loads`);
        await loads(browser, app, t, RUNS);
        if (t.name === 'fleet') {
          progress(`${t.name}: page loads, backend and browser on cores of their own`);
          await separateCoreLoads(app, t, RUNS);
        }
      }
      if (FIGURES.includes('refreshes')) {
        progress(`${t.name}: refreshes`);
        await refreshes(browser, app, t, o.refreshes[t.name], o.heapEvery);
      }
      if (FIGURES.includes('raw')) {
        progress(`${t.name}: refreshes, raw mode (no Playwright)`);
        // Three window changes CPU-profiled (not counted): where the time goes, when over budget.
        const { figures, attribution } = await rawRefreshes({ app, promUrl: t.promUrl, dataset: t.name, clockStartMs: t.clockStartMs, ticks: o.rawTicks[t.name], profileTicks: 3, distDir: outDir });
        for (const f of figures) emit(f);
        const busy = figures.find((f) => f.figure === 'raw-main-thread-busy-per-window-change')?.median;
        if (attribution && busy !== undefined && busy > WINDOW_CHANGE_BUDGET_MS)
          progress(`${t.name}: a window change's main thread (${busy.toFixed(1)} ms, over its ${WINDOW_CHANGE_BUDGET_MS} ms budget), where it goes (mean of 3 profiled window changes; the profiler slows them):\n${attributionLines(attribution).join('\n')}`);
      }
      if (FIGURES.includes('heap')) {
        progress(`${t.name}: heap, ticks ${o.heapBase} → ${o.heapTicks} (raw mode)`);
        const { figure, growth } = await heapPlateau({ app, promUrl: t.promUrl, dataset: t.name, clockStartMs: heapClockStart(t, o.heapTicks), ticks: o.heapTicks, baseTick: o.heapBase, every: 5 });
        emit(figure);
        if (figure.median > HEAP_BUDGET_PCT)
          progress(
            `${t.name}: the JS heap grew ${figure.median} % from tick ${o.heapBase} to ${o.heapTicks} (over its ${HEAP_BUDGET_PCT} % budget; ${String(figure.ticksPerMinuteAtBase)} and ${String(figure.ticksPerMinuteAtEnd)} ticks in the minute before each: the query cache holds a minute of windows, so a rate that changed moves the figure); where (heap snapshots at both ticks, self sizes):\n${heapGrowthLines(growth).join('\n')}`,
          );
      }
      if (FIGURES.includes('compare')) {
        progress(`${t.name}: compare (requests per distinct query)`);
        await compareRequests(browser, app, t);
      }
      // The heatmap refresh figure is a fleet figure (issue 13).
      if (FIGURES.includes('heatmap') && t.name === 'fleet') {
        progress(`${t.name}: heatmap refresh`);
        await heatmapRefresh(browser, app, t);
      }
    }
    if (fleetUrl && DATASETS.includes('tables')) {
      progress('fleet: tables');
      await benchTables(browser, app, fleetUrl.promUrl, fleetUrl.endMs, RUNS);
    }
    if (DATASETS.includes('layers')) {
      progress('fleet: serving-stack layers (router, GPUs, Diagnosis)');
      const layers = await serveLayers(join(ROOT, '.cache'), 29492 + PORT_OFFSET);
      cleanups.unshift(() => layers.stop());
      await benchLayers(browser, app, layers.servers, layers.fleet.endMs, RUNS);
    }
    done();
  } finally {
    await runCleanups(cleanups);
  }
}

runAsScript(import.meta.url, main);
