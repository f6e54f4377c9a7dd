// Refresh figures. A "refresh" here is one tick of the dashboard's own 5 s refresh clock
// (`refresh=5s`, relative range `now-1h`), driven by Playwright's fake clock: `clock.fastForward(5000)`
// moves Date.now() by 5 s and fires the due interval once, exactly as 5 s of wall time would, then
// the bench waits until no query_range request is in flight and two frames have been drawn. The
// window is aligned to the step (15 s here), so only ticks that cross a step boundary (1 in 3) send
// requests; figures are given per tick and per window-changing tick.
import type { Browser, CDPSession, Page } from '@playwright/test';
import { newContext, RequestLog, waitSettled } from './browser.ts';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface TickResult {
  requests: number;
  distinct: number;
  bytes: number;
  /** TaskDuration delta across the tick, raw. */
  busyRawMs: number;
  /** busyRawMs minus the idle baseline rate × the tick's wall time (see openRefreshSession). */
  busyMs: number;
  wallMs: number;
  inView: number;
  /**
   * CPU time of the renderer's main thread across the tick (CDP metric ThreadTime): unlike
   * TaskDuration (wall time of tasks) it does not grow when other processes hold the cores.
   */
  cpuMs?: number;
  /** Other API requests of the tick (instant queries, label lists, alerts…): counted in raw mode only. */
  otherRequests?: number;
}

export async function taskMs(cdp: CDPSession): Promise<number> {
  return (await metricsMs(cdp)).task;
}

/** TaskDuration (wall time of main-thread tasks) and ThreadTime (main-thread CPU time), ms. */
export async function metricsMs(cdp: CDPSession): Promise<{ task: number; cpu: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (n: string): number => (metrics.find((m) => m.name === n)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), cpu: get('ThreadTime') };
}

export async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const r = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return r.usedSize;
}

async function settle(page: Page, log: RequestLog): Promise<void> {
  await sleep(60);
  const deadline = Date.now() + 60_000;
  while (log.inflight > 0 && Date.now() < deadline) await sleep(10);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await sleep(20);
}

export interface RefreshSession {
  page: Page;
  cdp: CDPSession;
  log: RequestLog;
  tick(): Promise<TickResult>;
  close(): Promise<void>;
  /** Main-thread busy ms per wall second with no tick (ECharts' zrender rAF loops under the fake clock). */
  idleRate: number;
}

/** Opens the page with a fake clock at `startMs`, waits for the first screen, returns a ticker. */
export async function openRefreshSession(browser: Browser, url: string, startMs: number): Promise<RefreshSession> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.clock.install({ time: startMs });
  const log = new RequestLog(page);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await waitSettled(page, 'first');
  await settle(page, log);
  // Idle baseline: zrender keeps one requestAnimationFrame loop per chart, and under Playwright's
  // fake clock each frame runs through the clock's JS timers. That cost scales with wall time,
  // not with refreshes, so it is measured over 3 s without ticks and taken off each tick.
  await sleep(500);
  const i0 = await taskMs(cdp);
  const w0 = performance.now();
  await sleep(3000);
  const idleRate = ((await taskMs(cdp)) - i0) / ((performance.now() - w0) / 1000);
  const tick = async (): Promise<TickResult> => {
    const n0 = log.all.length;
    const b0 = log.bytes;
    const m0 = await metricsMs(cdp);
    const t0 = performance.now();
    await page.clock.fastForward(5000);
    await settle(page, log);
    await sleep(30); // let sizes() promises land
    const m1 = await metricsMs(cdp);
    const wallMs = performance.now() - t0;
    const sent = log.all.slice(n0);
    const inView = await page.evaluate(() => {
      const vh = window.innerHeight;
      return Array.from(document.querySelectorAll('[data-panel-id]')).filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top < vh + 300 && r.bottom > -300; // the rootMargin of useInView
      }).length;
    });
    const busyRawMs = m1.task - m0.task;
    const busyMs = Math.max(0, busyRawMs - (idleRate * wallMs) / 1000);
    return { requests: sent.length, distinct: new Set(sent.map((s) => s.expr)).size, bytes: log.bytes - b0, busyRawMs, busyMs, cpuMs: m1.cpu - m0.cpu, wallMs, inView };
  };
  return { page, cdp, log, tick, idleRate, close: () => ctx.close() };
}
