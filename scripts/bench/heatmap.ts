// Heatmap refresh figure (issue 13): the main-thread time of one refresh of a heatmap panel shown
// alone (`panel=ttft-heatmap`, vLLM, `now-1h`, refresh 5s) on a dataset, driven by the refresh
// session of refresh.ts (fake clock, one tick = 5 s; only ticks that cross a 15 s step boundary
// send the query). What it covers: answer parsing, de-cumulating every step (seriesToHeatmap),
// building the option and ECharts' heatmap setOption/render. Selected with BENCH_ONLY (see bench.ts).
import type { Browser } from '@playwright/test';
import { openRefreshSession, type TickResult } from './refresh.ts';
import { emit, progress, summarize } from './stats.ts';

const TICKS = Number(process.env.BENCH_HEATMAP_TICKS ?? 30);
const PANEL = 'ttft-heatmap';

export async function heatmapRefresh(browser: Browser, app: string, t: { name: 'demo' | 'fleet'; promUrl: string; clockStartMs: number }): Promise<void> {
  const url = `${app}/?prom=${encodeURIComponent(t.promUrl)}&engine=vllm&panel=${PANEL}&from=now-1h&to=now&refresh=5s`;
  const s = await openRefreshSession(browser, url, t.clockStartMs);
  try {
    const state = await s.page.locator(`[data-panel-id="${PANEL}"]`).getAttribute('data-state');
    if (state !== 'ok') throw new Error(`${PANEL} is "${state}" on ${t.name}, not ok: nothing to measure`);
    const rows = await s.page.evaluate(() => document.querySelectorAll('canvas').length);
    const ticks: TickResult[] = [];
    for (let i = 1; i <= TICKS; i++) ticks.push(await s.tick());
    const changing = ticks.filter((x) => x.requests > 0);
    progress(`${t.name} heatmap: ${ticks.length} ticks, ${changing.length} window-changing, canvases ${rows}`);
    emit(
      summarize(
        'heatmap-refresh-main-thread',
        changing.map((x) => x.busyMs),
        {
          dataset: t.name,
          unit: 'ms',
          panel: PANEL,
          ticks: ticks.length,
          requestsPerTick: changing.map((x) => x.requests),
          idleRateMsPerS: s.idleRate,
          method: `${PANEL} alone (panel=, vLLM, now-1h at 15 s steps, refresh 5s, fake clock); per window-changing tick: CDP Performance TaskDuration delta minus the idle rate × tick wall time (refresh.ts); median over ${TICKS} ticks`,
        },
      ),
    );
  } finally {
    await s.close();
  }
}
