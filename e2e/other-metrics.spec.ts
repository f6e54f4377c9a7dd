// Issue 18: every metric has a place. On the `--features all,extra-family` stack: the simulator's
// extra families (unknown to the catalog) appear under "Other metrics" with automatic panels that
// are queried only once the section is opened; the newly catalogued families show data.
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';

const PROM = () => process.env.PROM_FEATURES ?? '';
const EXTRA_COUNTER = 'other-vllm-sim-extra-widget-events-total';
const EXTRA_INFO = 'other-vllm-sim-extra-build-info';

test('an engine family the catalog does not know gets an automatic panel in Other metrics, queried only when opened', async ({ page }) => {
  test.setTimeout(120_000);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) asked.push(decodeURIComponent(r.url()) + (r.postData() ? decodeURIComponent(r.postData() ?? '') : ''));
  });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m' }));
  const section = page.locator('[data-section-id="other"]');
  await section.scrollIntoViewIfNeeded();
  const toggle = section.getByRole('button', { name: /^Other metrics \(\d+\)$/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(section.getByTestId('other-summary')).toContainText('Queried only while this section is open');
  expect(asked.filter((u) => u.includes('sim_extra_') || u.includes('/api/v1/metadata'))).toEqual([]);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectPanelState(page, EXTRA_COUNTER, 'ok');
  await expect(panel(page, EXTRA_COUNTER)).toContainText('vllm:sim_extra_widget_events_total');
  await expect(panel(page, EXTRA_COUNTER)).toContainText('Counter: rate per second');
  // The info-style family lists its label sets.
  await expectPanelState(page, EXTRA_INFO, 'ok');
  await expect(panel(page, EXTRA_INFO).getByTestId('info-rows')).toContainText('version="0.30.0.dev0+sim"');
  // Prometheus has a metadata endpoint: asked once; one query per family.
  expect(asked.filter((u) => u.includes('/api/v1/metadata'))).toHaveLength(1);
  const counterQueries = new Set(asked.filter((u) => u.includes('query_range') && u.includes('vllm:sim_extra_widget_events')).map((u) => u.replace(/&?(start|end|step)=[^&]*/g, '')));
  expect(counterQueries.size).toBe(1);
});

test('the families placed by issue 18 show data (vLLM)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m' }));
  for (const id of ['tool-call-parser', 'inference-time', 'kv-cache-config', 'prompt-vs-computed-tokens', 'mooncake-operations']) await expectPanelState(page, id, 'ok');
  await expect(panel(page, 'kv-cache-config')).toContainText('blocks × 16 tok');
});

test('the families placed by issue 18 show data (SGLang)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: PROM(), engine: 'sglang', from: 'now-30m' }));
  for (const id of ['func-latency', 'kv-cache-tokens', 'kv-cache-capacity', 'tokens-by-mode', 'prompt-vs-computed-tokens']) await expectPanelState(page, id, 'ok');
});

test('an automatic panel opens alone with panel=<id>, and an unknown other-… id says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', panel: EXTRA_COUNTER }));
  await expectPanelState(page, EXTRA_COUNTER, 'ok');
  // Alone: the stat row and the other panels are not on the page.
  await expect(page.locator('[data-panel-id]')).toHaveCount(1);
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', panel: 'other-no-such-family' }));
  await expect(page.getByRole('status').filter({ hasText: 'other-no-such-family' })).toBeVisible({ timeout: 30_000 });
});
