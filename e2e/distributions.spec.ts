// Distributions (issue 13) against a real Prometheus and the simulator: latency heatmaps and
// length / request-parameter distributions draw on both engines, a heatmap asks for `le` only, its
// ECharts chunk is fetched only when a heatmap comes into view, and a quantile that lies in the
// first bucket is shown as its bound, not as the bucket's midpoint.
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { requestForm } from '../scripts/lib/request-form';

const PROM = () => process.env.PROM_DEFAULT!;

const HEATMAPS = ['ttft-heatmap', 'itl-heatmap', 'e2e-heatmap', 'queue-time-heatmap'];
const LENGTHS = ['prompt-length-distribution', 'generation-length-distribution'];
const VLLM_PARAMS = ['max-tokens-distribution', 'max-generation-tokens-distribution', 'n-distribution'];

for (const engine of ['vllm', 'sglang'] as const) {
  test(`${engine}: the heatmaps and distributions draw, each from one le-only query`, async ({ page }) => {
    const exprs: string[] = [];
    page.on('request', (r) => {
      if (!/\/api\/v1\/query(_range)?$/.test(new URL(r.url()).pathname)) return;
      const q = requestForm(r).get('query');
      if (q) exprs.push(q);
    });
    await page.goto(appUrl({ prom: PROM(), engine, from: 'now-30m', refresh: 'off' }));
    for (const id of [...LENGTHS, ...(engine === 'vllm' ? VLLM_PARAMS : []), ...HEATMAPS]) {
      await expectPanelState(page, id, 'ok');
      await expect(panel(page, id).locator('canvas').first()).toBeVisible();
    }
    // Heatmaps and distributions aggregate to `le` only: never per model or instance.
    const bucketQueries = exprs.filter((e) => /^sum by \(le\) \((rate|increase)\(/.test(e));
    expect(bucketQueries.length).toBeGreaterThanOrEqual(HEATMAPS.length + LENGTHS.length);
    for (const e of bucketQueries) expect(e).not.toMatch(/by \(le, /);
    // Length distributions are over the whole range: `[1800s]` for now-30m.
    expect(exprs.some((e) => e.startsWith('sum by (le) (increase(') && e.includes('[1800s]'))).toBe(true);
    // The servers' length buckets differ (vLLM's stop at each max_model_len): no false alarm note
    // ("went down (restart)" before).
    for (const id of LENGTHS) await expect(panel(page, id).locator('.iw-panel-note')).toHaveCount(0);
  });
}

test('the heatmap chunk is fetched only when a heatmap comes into view', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/heatmap-echart-[^/]*\.js$/.test(r.url())) chunks.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(panel(page, 'request-rate').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  expect(chunks).toEqual([]);
  await expectPanelState(page, 'ttft-heatmap', 'ok');
  await expect(panel(page, 'ttft-heatmap').locator('canvas').first()).toBeVisible();
  expect(chunks).toHaveLength(1);
});

test('vLLM queue time: a p50 inside the first bucket is shown as "< 300 ms", not as 150 ms', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'queue-time', 'ok');
  // The simulator's requests wait far less than vLLM's first bucket bound (0.3 s).
  await expect(panel(page, 'queue-time').locator('[data-quantile-note]')).toContainText('< 300 ms, first bucket', { timeout: 30_000 });
});
