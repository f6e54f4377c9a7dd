// Exemplars and trace links: a stack whose engines serve trace_id exemplars over
// OpenMetrics to a Prometheus with exemplar storage on. The dots' trace ids are the simulator's own
// (its /debug/exemplars), the links carry the cell's time slice and bucket bounds, panels out of
// view ask nothing, and the default stack (storage off) says why there are none.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appUrl, expect, panel, test } from './fixtures';
import { useStack } from './support/own-stack';
import { requestForm } from '../scripts/lib/request-form';

const TEMPO = { kind: 'tempo', url: 'https://tempo.example/tempo', serviceLabel: 'job' };
const JAEGER = { kind: 'jaeger', url: 'https://jaeger.example', serviceLabel: 'job' };

async function withTraces(page: Page, traces: object | null): Promise<void> {
  await page.route('**/config.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(traces ? { traces } : {}) }));
}

/** Every trace id the simulated engines served in a scrape. */
async function simTraceIds(targets: readonly string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const t of targets) {
    const body = (await (await fetch(`http://${t}/debug/exemplars`)).json()) as { exemplars: { traceId: string }[] };
    for (const e of body.exemplars) ids.add(e.traceId);
  }
  return ids;
}

const exemplarNote = (page: Page, id: string) => panel(page, id).locator('[data-exemplars]');

test.describe('exemplars and trace links', () => {
  const stack = useStack({ exemplars: true, backfillMinutes: 10 });
  test('dots on the TTFT heatmap are the simulator’s trace ids; an exemplar’s Tempo search carries its cell', async ({ page }) => {
    // Exemplars arrive with the live scrapes (the backfill has none): give them a few scrapes.
    await expect.poll(async () => (await simTraceIds(stack().simTargets)).size, { timeout: 30_000 }).toBeGreaterThan(20);
    await withTraces(page, TEMPO);
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', panel: 'ttft-heatmap', from: 'now-15m', to: 'now' }));
    const note = exemplarNote(page, 'ttft-heatmap');
    await expect(note).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    await expect(note).toContainText('Traces are sampled: none found does not mean no request.');
    const count = Number(await note.getAttribute('data-exemplar-count'));
    expect(count).toBeGreaterThan(0);

    await note.locator('summary').click();
    const items = note.locator('[data-exemplar-list] li');
    const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-trace-id') ?? ''));
    expect(ids.length).toBeGreaterThan(0);
    const emitted = await simTraceIds(stack().simTargets);
    for (const id of ids) expect(emitted.has(id), `trace id ${id} was emitted by the simulator`).toBe(true);

    // The newest exemplar's search: its time slice and bucket in the TraceQL and the range.
    const first = items.first();
    const value = Number(await first.getAttribute('data-value'));
    const timeMs = Number(await first.getAttribute('data-time'));
    const search = first.locator('a[data-trace-link="search"]');
    await expect(search).toHaveAttribute('target', '_blank');
    await expect(search).toHaveAttribute('rel', /noopener/);
    const [min, max, start, end] = await Promise.all(['data-min', 'data-max', 'data-start', 'data-end'].map(async (a) => Number(await search.getAttribute(a))));
    expect(value).toBeGreaterThan(min!);
    expect(value).toBeLessThanOrEqual(max!);
    expect(timeMs / 1000).toBeGreaterThan(start!);
    expect(timeMs / 1000).toBeLessThanOrEqual(end!);
    const href = new URL((await search.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://tempo.example/tempo/api/search');
    expect(Number(href.searchParams.get('start'))).toBe(Math.floor(start!));
    expect(Number(href.searchParams.get('end'))).toBe(Math.ceil(end!));
    const q = href.searchParams.get('q')!;
    expect(q).toContain('resource.service.name = "vllm"');
    if (max! < Infinity) expect(q).toContain(`span.gen_ai.latency.time_to_first_token <= ${max}`);
    if (min! > 0) expect(q).toContain(`span.gen_ai.latency.time_to_first_token > ${min}`);
    const trace = first.locator('a[data-trace-link="trace"]');
    await expect(trace).toHaveAttribute('href', `https://tempo.example/tempo/api/traces/${ids[0]}`);

    // A click on a cell of the canvas picks that cell: a search with a whole step and one bucket.
    const canvas = panel(page, 'ttft-heatmap').locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
    const pick = note.locator('[data-trace-pick]');
    await expect(pick).toBeVisible();
    const [ps, pe] = await Promise.all(['data-start', 'data-end'].map(async (a) => Number(await pick.getAttribute(a))));
    expect(pe! - ps!).toBeGreaterThan(0);
    expect(pe! - ps!).toBeLessThanOrEqual(60);
    await expect(pick.locator('a[data-trace-link="search"]')).toHaveAttribute('href', /^https:\/\/tempo\.example\/tempo\/api\/search\?q=/);

    const { violations } = await new AxeBuilder({ page }).include('[data-panel-id="ttft-heatmap"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('TTFT lines: dots carry the simulator’s trace ids; a point’s Tempo search has its step and bucket floor', async ({ page }) => {
    await withTraces(page, TEMPO);
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', panel: 'ttft', from: 'now-15m', to: 'now' }));
    const lines = panel(page, 'ttft');
    const note = exemplarNote(page, 'ttft');
    await expect(note).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    expect(Number(await note.getAttribute('data-exemplar-count'))).toBeGreaterThan(0);
    await note.locator('[data-exemplar-list] summary').click();
    const ids = await note.locator('[data-exemplar-list] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-trace-id') ?? ''));
    expect(ids.length).toBeGreaterThan(0);
    const emitted = await simTraceIds(stack().simTargets);
    for (const id of ids) expect(emitted.has(id), `trace id ${id} was emitted by the simulator`).toBe(true);

    // A point of a line, clicked in the backfilled part (no dots there): its step, requests above
    // the floor of its value's bucket, no upper bound.
    const box = (await lines.locator('canvas').first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    const pick = note.locator('[data-trace-pick]');
    await expect(pick.locator('[data-point-line]')).toBeVisible();
    const value = Number(await pick.locator('[data-point-line]').getAttribute('data-point-value'));
    const [start, end, min] = await Promise.all(['data-start', 'data-end', 'data-min'].map(async (a) => Number(await pick.getAttribute(a))));
    expect(end! - start!).toBeGreaterThan(0);
    expect(end! - start!).toBeLessThanOrEqual(60);
    expect(min).toBeLessThan(value);
    expect(await pick.getAttribute('data-max')).toBe('Infinity');
    const href = new URL((await pick.locator('a[data-trace-link="search"]').getAttribute('href'))!);
    expect(Number(href.searchParams.get('start'))).toBe(Math.floor(start!));
    expect(Number(href.searchParams.get('end'))).toBe(Math.ceil(end!));
    const q = href.searchParams.get('q')!;
    if (min! > 0) expect(q).toContain(`span.gen_ai.latency.time_to_first_token > ${min}`);
    expect(q).not.toContain('<=');
    await expect(pick).toContainText(min! > 0 ? 'slower than' : 'first bucket');

    const { violations } = await new AxeBuilder({ page }).include('[data-panel-id="ttft"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('Jaeger: an E2E cell’s search is bounded by span duration, in microseconds of its slice', async ({ page }) => {
    await withTraces(page, JAEGER);
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', panel: 'e2e-heatmap', from: 'now-15m', to: 'now', lang: 'zh-CN' }));
    const note = exemplarNote(page, 'e2e-heatmap');
    await expect(note).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    await expect(note).toContainText('Trace 是采样的');
    await note.locator('summary').click();
    const search = note.locator('[data-exemplar-list] li a[data-trace-link="search"]').first();
    const [min, max, start, end] = await Promise.all(['data-min', 'data-max', 'data-start', 'data-end'].map(async (a) => Number(await search.getAttribute(a))));
    const href = new URL((await search.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://jaeger.example/search');
    expect(href.searchParams.get('service')).toBe('vllm');
    expect(href.searchParams.get('operation')).toBe('llm_request');
    expect(Number(href.searchParams.get('start'))).toBe(Math.floor(start!) * 1_000_000);
    expect(Number(href.searchParams.get('end'))).toBe(Math.ceil(end!) * 1_000_000);
    const dur = (s: string | null) => (s === null ? null : s.endsWith('ms') ? Number(s.slice(0, -2)) / 1000 : Number(s.slice(0, -1)));
    if (min! > 0) expect(dur(href.searchParams.get('minDuration'))).toBeCloseTo(min!, 6);
    if (max! < Infinity) expect(dur(href.searchParams.get('maxDuration'))).toBeCloseTo(max!, 6);
  });

  test('panel=ttft&kiosk=1 at 600×320 with dots: the chart keeps ≥ 140 px, all inside; one chart built; its queries before the markers', async ({ page }) => {
    // Every ECharts instance the page creates (its container gets a fresh _echarts_instance_ id).
    await page.addInitScript(() => {
      const ids = new Set<string>();
      (window as unknown as { iwCharts: Set<string> }).iwCharts = ids;
      new MutationObserver((records) => {
        for (const r of records) if (r.target instanceof Element) ids.add(r.target.getAttribute('_echarts_instance_') ?? '');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['_echarts_instance_'] });
    });
    // In the order the test hears them: the chart's range answers in, the secondary requests out.
    const events: string[] = [];
    page.on('request', (r) => {
      const u = r.url();
      const instant = new URL(u).pathname.endsWith('/api/v1/query');
      const secondary = u.includes('/api/v1/alerts') || u.includes('/api/v1/label/le/values') || (instant && (requestForm(r).get('query') ?? '').includes('process_start'));
      if (secondary) events.push(`sent ${new URL(u).pathname}`);
    });
    page.on('requestfinished', (r) => {
      if (r.url().includes('/api/v1/query_range') && (requestForm(r).get('query') ?? '').includes('time_to_first_token')) events.push('range in');
    });
    await page.setViewportSize({ width: 600, height: 320 });
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', panel: 'ttft', kiosk: '1', from: 'now-15m', to: 'now', refresh: 'off' }));
    const fig = panel(page, 'ttft');
    const note = exemplarNote(page, 'ttft');
    await expect(note).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    expect(Number(await note.getAttribute('data-exemplar-count'))).toBeGreaterThan(0);
    const inside = async () => {
      const box = (sel: string) => fig.locator(sel).first().evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
      const [chart, traces, legend, whole] = await Promise.all([box('canvas'), box('.iw-traces'), box('.iw-legend'), fig.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect)]);
      expect(chart.height, 'the chart keeps most of the frame').toBeGreaterThanOrEqual(140);
      for (const b of [traces, legend, whole]) expect(b.bottom).toBeLessThanOrEqual(320);
      // The canvas ends above the traces row: it follows its box when the row arrives after the first
      // draw (a canvas that kept its old height overhung the row and took its clicks).
      expect(chart.bottom, 'canvas ends above the traces row').toBeLessThanOrEqual(traces.top + 1);
    };
    // The canvas follows its box on the next (60 ms debounced) resize callback after the traces row appears.
    await expect(inside).toPass({ timeout: 10_000 });
    // The exemplar list opened scrolls inside its rows; the chart keeps its height.
    await note.locator('[data-exemplar-list] summary').click();
    await expect(note.locator('[data-exemplar-list] li').first()).toBeVisible();
    await expect(inside).toPass({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { iwCharts: Set<string> }).iwCharts.size), 'one ECharts instance').toBe(1);
    // The three quantile lines come from one bucket request (src/prometheus/bucket-quantile.ts),
    // answered before the bounds, alert and restart requests left.
    expect(events.filter((e) => e === 'range in')).toHaveLength(1);
    expect(events.findIndex((e) => e.startsWith('sent')), events.join(', ')).toBeGreaterThan(events.lastIndexOf('range in'));
    await page.screenshot({ path: 'test-results/traces-ttft-kiosk-600x320.png' });
  });

  test('no query_exemplars for panels out of view; the TTFT lines and heatmap share one', async ({ page }) => {
    const asked: string[] = [];
    const windows: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/v1/query_exemplars')) return;
      const p = new URL(r.url()).searchParams;
      asked.push(p.get('query') ?? '');
      windows.push(`${p.get('query')}|${p.get('start')}|${p.get('end')}`);
    });
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', from: 'now-15m', to: 'now' }));
    await expect(panel(page, 'request-rate')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await page.waitForTimeout(3000);
    expect(asked).toEqual([]);
    const heat = panel(page, 'ttft-heatmap');
    await heat.scrollIntoViewIfNeeded();
    await expect(heat.locator('[data-exemplars]')).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    expect(asked.some((q) => q.startsWith('vllm:time_to_first_token_seconds_bucket'))).toBe(true);
    // The TTFT lines read the same histogram: its dots come from the heatmap's request (one per window).
    await panel(page, 'ttft').scrollIntoViewIfNeeded();
    await expect(exemplarNote(page, 'ttft')).toHaveAttribute('data-exemplars', 'ok', { timeout: 30_000 });
    const ttft = windows.filter((w) => w.startsWith('vllm:time_to_first_token_seconds_bucket'));
    expect(new Set(ttft.map((w) => w.split('|')[0])).size, 'one selector for both panels').toBe(1);
    expect(new Set(ttft).size, 'one query_exemplars per window for the TTFT lines and heatmap together').toBe(ttft.length);
  });
});

test('exemplar storage off (the default stack): the heatmap says so in one line', async ({ page }) => {
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT!, engine: 'vllm', panel: 'ttft-heatmap', from: 'now-15m', to: 'now' }));
  const note = exemplarNote(page, 'ttft-heatmap');
  await expect(note).toHaveAttribute('data-exemplars', 'no-storage', { timeout: 30_000 });
  await expect(note).toContainText('--enable-feature=exemplar-storage');
  await expect(panel(page, 'ttft-heatmap')).toHaveAttribute('data-state', 'ok');
});
