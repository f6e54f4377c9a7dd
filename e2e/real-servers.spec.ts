// Servers as they run in 2026. vLLM's names without `vllm:` (NVIDIA NIM) and SGLang
// before `sglang:num_requests_total`, each on a small stack of its own scraped by a real
// Prometheus; the families newer vLLM and SGLang added, on the global setup's features stack.
import type { Page } from '@playwright/test';
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { useStack } from './support/own-stack';

/** The text of a panel's "Show PromQL" dialog (every query, with the variant lines). */
async function menuText(page: Page, id: string): Promise<string> {
  const p = panel(page, id);
  await p.scrollIntoViewIfNeeded();
  await p.getByRole('button', { name: /^Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  const dialog = page.getByRole('dialog', { name: /PromQL/ });
  await expect(dialog.getByTestId('promql').first()).toBeVisible();
  const text = (await dialog.textContent()) ?? '';
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('promql')).toHaveCount(0);
  return text;
}

test.describe('vLLM names without a prefix (NVIDIA NIM)', () => {
  test.describe.configure({ timeout: 120_000 });
  const stack = useStack({ profile: 'nim', sglangInstances: 0, backfillMinutes: 15, seed: 33 });

  test('the backend is read as vLLM and every core panel has data, the menu naming the variant', async ({ page }) => {
    await page.goto(appUrl({ prom: stack().promUrl, from: 'now-15m', refresh: 'off' }));
    await expect(page.locator('.iw-app[data-engine="vllm"]')).toBeVisible();
    // Its servers are counted through the bare presence gauge (the stack runs two).
    await expect(page.getByRole('radiogroup', { name: 'Engine' }).locator('[data-engine="vllm"] .iw-count')).toHaveText('2');
    for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok');
    const kv = await menuText(page, 'kv-cache-usage');
    expect(kv).toContain('(gpu_cache_usage_perc');
    expect(kv).not.toMatch(/vllm[:_]gpu_cache_usage_perc/);
    expect(kv).toContain('without the "vllm:" prefix (as NVIDIA NIM serves them)');
  });
});

test.describe('SGLang before sglang:num_requests_total', () => {
  test.describe.configure({ timeout: 120_000 });
  const stack = useStack({ profile: 'early', vllmInstances: 0, backfillMinutes: 15, seed: 33 });

  test('the request rate is counted from the e2e latency histogram, and the menu says so', async ({ page }) => {
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'sglang', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(page.locator('[data-stat-id="request-rate"]')).toHaveAttribute('data-state', 'ok');
    const text = await menuText(page, 'request-rate');
    expect(text).toContain('sglang:e2e_request_latency_seconds_count');
    expect(text).toContain('releases before sglang:num_requests_total');
  });
});

const FEATURES = () => process.env.PROM_FEATURES ?? '';
const NEW_VLLM_PANELS = [
  'request-priority-distribution',
  'admission-rejections',
  'preemptions-per-request',
  'queue-pressure',
  'prefix-cache-block-hit-rate',
  'prefix-cache-blocks',
  'structured-output-cache-hit-rate',
  'sleep-resources',
  'eplb-rebalances',
  'worker-step-time',
  'worker-proposer-time',
];

test('vLLM after 0.29 (features stack): each new panel has data, and the instance table shows rejections and KV memory', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: FEATURES(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  for (const id of NEW_VLLM_PANELS) await expectPanelState(page, id, 'ok');
  await expectPanelState(page, 'instance-table', 'ok');
  const table = panel(page, 'instance-table');
  for (const col of ['admission-rejections', 'kv-memory']) {
    const values = await table.locator(`tbody td[data-column="${col}"]`).evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
    expect(values.length, col).toBeGreaterThan(0);
    expect(values.every((v) => v !== null && Number.isFinite(Number(v))), col).toBe(true);
  }
});

test('SGLang: the instance table reads KV pages and page size from the pool gauges', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: FEATURES(), engine: 'sglang', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'instance-table', 'ok');
  const table = panel(page, 'instance-table');
  const cells = async (col: string) => table.locator(`tbody td[data-column="${col}"]`).evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
  const [capacity, pages, size] = await Promise.all([cells('kv-capacity'), cells('kv-blocks'), cells('block-size')]);
  expect(pages.length).toBeGreaterThan(0);
  // Capacity in tokens is pages × page size on every row.
  pages.forEach((p, i) => expect(Number(capacity[i]), `row ${i}`).toBe(Number(p) * Number(size[i])));
  expect(pages.every((p) => Number(p) > 0)).toBe(true);
});

test('values that never move are bars at the range end: start-up time, one bar per phase', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT ?? '', engine: 'sglang', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'startup-time', 'ok');
  const values = panel(page, 'startup-time').getByTestId('latest-values');
  // The chart's chunk loads once the data is in.
  await expect(values.locator('tr').first()).toBeAttached();
  const rows = await values.locator('tr').evaluateAll((trs) => trs.map((tr) => ({ k: tr.querySelector('th')?.textContent ?? '', v: tr.querySelector('td')?.textContent ?? '' })));
  // Every phase the servers report, for every model, with a value in seconds.
  for (const phase of ['load_weight', 'kv_cache_allocation', 'scheduler_e2e', 'tokenizer_e2e']) expect(rows.some(({ k }) => k.endsWith(phase)), phase).toBe(true);
  expect(rows.every(({ v }) => /\d s$/.test(v)), JSON.stringify(rows)).toBe(true);
  // No time axis, so no legend of last/mean/max per series.
  await expect(panel(page, 'startup-time').locator('.iw-legend table')).toHaveCount(0);
});
