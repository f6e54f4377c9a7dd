// One cold load of the anchor bench (a new browser context, no cache): navigation until the chart
// is drawn, with what a timeline needs — every request's leave and answer times, the long
// animation frames and their scripts, our app's boot marks, and the main thread's task time.
import type { Browser, Request } from '@playwright/test';
import type { CpuProfile } from './profile.ts';
import { requestForm } from '../lib/request-form.ts';
import { chromiumCpuMs } from './cpu.ts';
import { installPaintProbe, longFrames, type LongFrame, type Paint, paints, waitFirstScreenPainted, waitPainted } from './anchor-probe.ts';

export type LoadKind = 'embed' | 'first' | 'anchor' | 'bare' | 'stack';

export const VIEWPORTS: Record<LoadKind, { width: number; height: number }> = {
  embed: { width: 600, height: 320 },
  first: { width: 1440, height: 900 },
  anchor: { width: 1440, height: 900 },
  bare: { width: 600, height: 320 },
  stack: { width: 600, height: 320 },
};

/** Whose canvas's first paint is "drawn" for each one-chart kind (`first` waits for the whole first screen). */
const PAINT_OWNER: Record<Exclude<LoadKind, 'first'>, string> = { embed: 'ttft', anchor: 'uplot', bare: 'bare', stack: 'stack' };

export interface Step {
  label: string;
  start: number;
  end: number;
}

export interface LoadResult {
  kind: LoadKind;
  /** Navigation start → the chart (or, for `first`, the last first-screen chart) painted, ms. */
  drawn: number;
  /** When the first query_range left and when the last one's answer was in (ms since navigation). */
  firstLeave: number;
  lastAnswer: number;
  rangeRequests: number;
  /** Main-thread task time (CDP Performance TaskDuration) from navigation to drawn, ms. */
  taskMs: number;
  /**
   * Main-thread CPU time (CDP Performance ThreadTime) from navigation to drawn, ms: unlike taskMs it
   * does not grow while the page's thread waits for a core that Prometheus or the simulator holds.
   */
  cpuMs: number;
  /**
   * CPU time of every Chromium process (browser, renderer's threads, GPU, network) from navigation
   * to drawn, ms (/proc): what the page costs the machine, on the cores Prometheus shares with it.
   */
  browserCpuMs: number;
  /** The PromQL of each query_range. */
  exprs: string[];
  /** Each query_range: PromQL, step (s), and leave → answer time (ms since navigation). */
  ranges: Array<{ expr: string; step: number; start: number; end: number }>;
  steps: Step[];
  long: LongFrame[];
  marks: Step[];
  /** Every canvas's first paint up to 300 ms after drawn (a chart rebuilt shows twice). */
  paints: Paint[];
  /** With `profile`: the CPU profile from before navigation to drawn, and navigation start on its clock (CDP NavigationStart, µs). */
  profile?: { cpu: CpuProfile & { startTime: number }; navStartUs: number };
}

function label(r: Request): string {
  const u = new URL(r.url());
  const i = u.pathname.indexOf('/api/v1/');
  if (i < 0) return `${r.resourceType()} ${u.pathname.split('/').pop() || '/'}`;
  const path = u.pathname.slice(i + 8);
  const q = requestForm(r).get('query');
  return q ? `${path} ${q.slice(0, 60)}` : path;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'];

/** Loads `url` in a new context of `kind`'s viewport and waits until drawn. */
export async function loadOnce(browser: Browser, kind: LoadKind, url: string, profile = false, tracePath?: string): Promise<LoadResult> {
  const ctx = await browser.newContext({ viewport: VIEWPORTS[kind], serviceWorkers: 'block' });
  try {
    // tsx (esbuild keepNames) wraps the probe's inner functions in `__name(…)`: give the page one.
    await ctx.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
    await ctx.addInitScript(installPaintProbe);
    const page = await ctx.newPage();
    const done: Request[] = [];
    page.on('requestfinished', (r) => done.push(r));
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name: string): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === name)?.value ?? 0;
    };
    const taskSec = (): Promise<number> => metric('TaskDuration');
    const cpuSec = (): Promise<number> => metric('ThreadTime');
    const [task0, cpu0] = [await taskSec(), await cpuSec()];
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    // A devtools trace of the load (diagnosis): the main thread's tasks with what ran in them, unsampled.
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const browserCpu0 = chromiumCpuMs();
    await page.goto(url);
    const drawn = kind === 'first' ? (await waitFirstScreenPainted(page)).t : await waitPainted(page, PAINT_OWNER[kind]);
    const taskMs = ((await taskSec()) - task0) * 1000;
    const cpuMs = ((await cpuSec()) - cpu0) * 1000;
    const browserCpuMs = chromiumCpuMs() - browserCpu0;
    const cpu = profile ? ((await cdp.send('Profiler.stop')).profile as CpuProfile & { startTime: number }) : undefined;
    if (tracePath) await browser.stopTracing();
    const navStartUs = (await metric('NavigationStart')) * 1e6;
    await page.waitForTimeout(300);
    const { origin, marks } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      marks: performance.getEntriesByType('mark').map((m) => ({ label: `mark ${m.name}`, start: m.startTime, end: m.startTime })),
    }));
    const steps: Step[] = [];
    const ranges: LoadResult['ranges'] = [];
    for (const r of done) {
      const t = r.timing();
      if (!(t.startTime > 0) || t.responseEnd < 0) continue;
      const start = t.startTime - origin;
      steps.push({ label: label(r), start, end: start + t.responseEnd });
      const form = requestForm(r);
      if (r.url().includes('/api/v1/query_range')) ranges.push({ expr: form.get('query') ?? '', step: Number(form.get('step')), start, end: start + t.responseEnd });
    }
    steps.sort((a, b) => a.start - b.start);
    return {
      kind,
      drawn,
      firstLeave: ranges.length ? Math.min(...ranges.map((s) => s.start)) : NaN,
      lastAnswer: ranges.length ? Math.max(...ranges.map((s) => s.end)) : NaN,
      rangeRequests: ranges.length,
      taskMs,
      cpuMs,
      browserCpuMs,
      exprs: ranges.map((q) => q.expr),
      ranges,
      steps,
      long: (await longFrames(page)).filter((f) => f.start <= drawn + 300),
      marks,
      paints: (await paints(page)).filter((p) => p.t <= drawn + 300),
      ...(cpu ? { profile: { cpu, navStartUs } } : {}),
    };
  } finally {
    await ctx.close();
  }
}

/** A load's timeline as text lines: requests, marks, long frames (with their scripts) and the paint. */
export function timelineLines(r: LoadResult): string[] {
  const ev: Array<{ t: number; line: string }> = [
    ...r.steps.map((s) => ({ t: s.start, line: `${fmt(s.start)} → ${fmt(s.end)}  ${s.label}` })),
    ...r.marks.map((m) => ({ t: m.start, line: `${fmt(m.start)}          ${m.label}` })),
    ...r.long.map((f) => ({ t: f.start, line: `${fmt(f.start)} → ${fmt(f.start + f.dur)}  main thread: ${f.kind} ${Math.round(f.dur)} ms${f.what ? ` (${f.what})` : ''}` })),
    ...r.paints.map((p) => ({ t: p.t, line: `${fmt(p.t)}          canvas painted (${p.owner || 'other'})` })),
    { t: r.drawn, line: `${fmt(r.drawn)}          DRAWN (the figure)` },
  ];
  return ev.sort((a, b) => a.t - b.t).map((e) => e.line);
}

const fmt = (x: number): string => String(Math.round(x)).padStart(5);
