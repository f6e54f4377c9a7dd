// Heatmap refresh figure (issue 13): the main-thread time of one refresh of a heatmap panel shown
// alone (`panel=ttft-heatmap`, vLLM, `now-1h`, 15 s steps, refresh off). Date.now() is pinned with
// Playwright's `clock.setFixedTime` (timers and frames run in real time, so no fake-clock frame
// loop inflates the idle cost); each refresh moves the pinned time one step on and clicks
// "Refresh now": one new range query, then parsing, de-cumulating every step (seriesToHeatmap),
// the option and ECharts' heatmap setOption/render. Measured as the CDP TaskDuration delta from
// the click until the query has answered and two frames are drawn, minus the idle rate (3 s,
// measured the same way without a click) × the refresh's wall time. Selected with BENCH_FIGURES=heatmap.
//
// Alone, on ports of its own (so it can run beside a full `npm run bench`):
//   npx tsx scripts/bench/heatmap.ts      (BENCH_HEATMAP_PORT, default 4261; Prometheus on +1)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { preview } from 'vite';
import { ensurePrometheus } from '../lib/binaries.ts';
import { startPrometheus } from '../lib/prometheus.ts';
import { launch, newContext, RequestLog, waitSettled } from './browser.ts';
import { buildDist } from './bundle.ts';
import { copyBlocks, DEFAULT_FLEET, ensureFleet, waitForData } from './fleet.ts';
import { taskMs } from './refresh.ts';
import { knob } from './options.ts';
import { measured } from './figures.ts';
import { emit, median, progress, runAsScript } from './stats.ts';

const PANEL = 'ttft-heatmap';
const STEP_MS = 15_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const BASELINE = 'request-rate';

interface Measured {
  busy: number[];
  raw: number[];
  walls: number[];
  idleRate: number;
}

/**
 * "Refresh now" re-asks every active query (names, filter values, bucket bounds…), not only the
 * panel's: the same run on a plain time-series panel (BASELINE) is that floor, and the heatmap's
 * own cost is the difference of the medians.
 */
export async function heatmapRefresh(browser: Browser, app: string, t: { name: 'demo' | 'fleet'; promUrl: string; endMs: number }): Promise<void> {
  const REFRESHES = knob('BENCH_HEATMAP_REFRESHES');
  const heat = await measure(browser, app, t, PANEL, REFRESHES);
  const base = await measure(browser, app, t, BASELINE, REFRESHES);
  // Rounded to 0.1 ms, as the figures are.
  const med = (xs: number[]) => Math.round(median(xs) * 10) / 10;
  progress(`${t.name} heatmap: ${REFRESHES} refreshes each, idle ${heat.idleRate.toFixed(1)} / ${base.idleRate.toFixed(1)} ms/s`);
  emit(
    measured(
      'heatmap-refresh-main-thread',
      heat.busy,
      {
        dataset: t.name,
        panel: PANEL,
        baselinePanel: BASELINE,
        baselineMedianMs: med(base.busy),
        heatmapOwnMs: Math.round((med(heat.busy) - med(base.busy)) * 10) / 10,
        idleRateMsPerS: Math.round(heat.idleRate * 10) / 10,
        busyRawMedianMs: med(heat.raw),
        wallMedianMs: med(heat.walls),
      },
      { panel: PANEL, baseline: BASELINE, refreshes: REFRESHES },
    ),
  );
}

async function measure(browser: Browser, app: string, t: { promUrl: string; endMs: number }, panelId: string, REFRESHES: number): Promise<Measured> {
  const url = `${app}/?prom=${encodeURIComponent(t.promUrl)}&engine=vllm&panel=${panelId}&from=now-1h&to=now&refresh=off`;
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    let now = t.endMs - REFRESHES * STEP_MS;
    await page.clock.setFixedTime(now);
    const log = new RequestLog(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await waitSettled(page, 'first');
    const state = await page.locator(`[data-panel-id="${panelId}"]`).getAttribute('data-state');
    if (state !== 'ok') throw new Error(`${panelId} is "${state}", not ok: nothing to measure`);
    const frames = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await sleep(1000);
    const i0 = await taskMs(cdp);
    const w0 = performance.now();
    await sleep(3000);
    const idleRate = ((await taskMs(cdp)) - i0) / ((performance.now() - w0) / 1000);
    const busy: number[] = [];
    const raw: number[] = [];
    const walls: number[] = [];
    const button = page.getByRole('button', { name: 'Refresh now' });
    for (let i = 0; i < REFRESHES; i++) {
      now += STEP_MS;
      await page.clock.setFixedTime(now);
      const sent = log.all.length;
      const b0 = await taskMs(cdp);
      const t0 = performance.now();
      await button.click();
      const deadline = Date.now() + 60_000;
      while ((log.all.length === sent || log.inflight > 0) && Date.now() < deadline) await sleep(5);
      await frames();
      await sleep(20);
      const wall = performance.now() - t0;
      const r = (await taskMs(cdp)) - b0;
      raw.push(r);
      walls.push(wall);
      busy.push(Math.max(0, r - (idleRate * wall) / 1000));
      await sleep(300);
    }
    return { busy, raw, walls, idleRate };
  } finally {
    await ctx.close();
  }
}

async function alone(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  const port = knob('BENCH_HEATMAP_PORT');
  const outDir = join(root, '.cache', `heatmap-dist-${port}`);
  await buildDist(outDir);
  const server = await preview({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-heatmap-'));
  const { prometheus, promtool } = ensurePrometheus(progress);
  const fleet = await ensureFleet(join(root, '.cache'), promtool, DEFAULT_FLEET, progress);
  copyBlocks(fleet, join(dir, 'data'));
  const proc = startPrometheus(prometheus, dir, join(dir, 'data'), port + 1, 'global:\n  scrape_interval: 15s\nscrape_configs: []\n', progress);
  const browser = await launch();
  try {
    await waitForData(proc.url, 'count(vllm:num_requests_running)', fleet.endMs, 120_000);
    await heatmapRefresh(browser, `http://127.0.0.1:${port}`, { name: 'fleet', promUrl: proc.url, endMs: fleet.endMs });
  } finally {
    await browser.close();
    await proc.stop();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  }
}

runAsScript(import.meta.url, alone);
