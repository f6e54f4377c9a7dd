// Compare figures (issue 20): with each comparison on, does the page still send one request per
// distinct query? One load per mode (off, `compare=1h`, `compare=engines`, an A/B of two models)
// over the same absolute hour: every query_range request the page sends while its first screen
// loads and it is scrolled to the bottom, against the distinct (expression, start, end, step)
// among them. Selected with BENCH_FIGURES=compare (scripts/bench.ts).
import type { Browser, Page } from '@playwright/test';
import { newContext, RequestLog, scrollThrough } from './browser.ts';
import { knob } from './options.ts';
import { measured } from './figures.ts';
import { emit, progress } from './stats.ts';

export interface CompareTarget {
  name: 'demo' | 'fleet';
  promUrl: string;
  endMs: number;
}

const RANGE_MS = 3_600_000;

/** The first two model names the backend holds (the A/B's sides). */
async function twoModels(promUrl: string, endMs: number): Promise<[string, string]> {
  const q = new URLSearchParams({ 'match[]': 'vllm:num_requests_running', start: String((endMs - RANGE_MS) / 1000), end: String(endMs / 1000) });
  const res = await fetch(`${promUrl}/api/v1/label/model_name/values?${q}`);
  const body = (await res.json()) as { data?: string[] };
  const [a, b] = [...(body.data ?? [])].sort();
  if (!a || !b) throw new Error(`compare bench: fewer than two models at ${promUrl}`);
  return [a, b];
}

/**
 * Until no panel (within 300 px of the viewport for `first`, any for `all`) and no tile is loading,
 * and no range request is in flight. Not browser.ts's waitSettled: that one also waits for every
 * ok panel to have drawn, and here only the requests matter.
 */
async function settled(page: Page, log: RequestLog, scope: 'first' | 'all'): Promise<number> {
  const h = await page.waitForFunction(
    (sc) => {
      const vh = window.innerHeight;
      const panels = Array.from(document.querySelectorAll<HTMLElement>('[data-panel-id]')).filter((e) => {
        const r = e.getBoundingClientRect();
        return sc === 'all' || (r.top < vh + 300 && r.bottom > -300);
      });
      const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-stat-id]'));
      return panels.length > 0 && [...panels, ...tiles].every((e) => e.dataset.state !== 'loading') ? panels.length : false;
    },
    scope,
    { timeout: 300_000, polling: 100 },
  );
  const deadline = Date.now() + 60_000;
  while (log.inflight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return (await h.jsonValue()) as number;
}

export async function compareRequests(browser: Browser, app: string, t: CompareTarget): Promise<void> {
  const RUNS = knob('BENCH_COMPARE_RUNS');
  const [m1, m2] = await twoModels(t.promUrl, t.endMs);
  const ab = new URLSearchParams({ ab: 'model_name' });
  ab.append('a', m1);
  ab.append('b', m2);
  const modes = { off: '', shift: 'compare=1h', engines: 'compare=engines', ab: ab.toString() };
  const base = `${app}/?prom=${encodeURIComponent(t.promUrl)}&engine=vllm&from=${t.endMs - RANGE_MS}&to=${t.endMs}&refresh=off`;
  let offRequests = 0;
  for (const [mode, params] of Object.entries(modes) as Array<[keyof typeof modes, string]>) {
    const requests: number[] = [];
    const duplicates: number[] = [];
    let info = { distinct: 0, panels: 0 };
    for (let run = 0; run < RUNS; run++) {
      const ctx = await newContext(browser);
      try {
        const page = await ctx.newPage();
        const log = new RequestLog(page);
        await page.goto(params ? `${base}&${params}` : base);
        await settled(page, log, 'first');
        await scrollThrough(page);
        const panels = await settled(page, log, 'all');
        // The request body is the whole key: query, start, end, step.
        const distinct = new Set(log.all.map((r) => r.body)).size;
        requests.push(log.all.length);
        duplicates.push(log.all.length - distinct);
        info = { distinct, panels };
        progress(`${t.name} compare ${mode} ${run + 1}/${RUNS}: ${log.all.length} range requests, ${distinct} distinct`);
      } finally {
        await ctx.close();
      }
    }
    if (mode === 'off') offRequests = requests[0] ?? 0;
    const how = { params, endMs: t.endMs };
    emit(measured(`compare-requests-${mode}`, requests, { dataset: t.name, ...info, offRequests }, how));
    emit(measured(`compare-duplicate-requests-${mode}`, duplicates, { dataset: t.name }, how));
  }
}
