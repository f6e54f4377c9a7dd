// Compatibility: the board against stacks of its own, one per naming profile and backend —
// vLLM ≤ 0.8.4 / SGLang 2025 names (legacy), `:` rewritten to `_` (underscore), VictoriaMetrics
// under /prometheus — plus engine detection with no `engine` in the URL, explained states
// (not exposed, no traffic, target down) and a hostile model name.
import type { Page } from '@playwright/test';
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { useStack } from './support/own-stack';

type Engine = 'vllm' | 'sglang';
const LABEL: Record<Engine, string> = { vllm: 'vLLM', sglang: 'SGLang' };

async function expectEngine(page: Page, engine: Engine) {
  await expect(page.getByRole('radiogroup', { name: 'Engine' }).getByRole('radio', { name: LABEL[engine] })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator(`.iw-app[data-engine="${engine}"]`)).toBeVisible();
}

/** The PromQL as sent behind a panel (first query), through the panel menu. */
async function shownPromQL(page: Page, id: string): Promise<string> {
  const p = panel(page, id);
  await p.scrollIntoViewIfNeeded();
  await p.getByRole('button', { name: /^Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  const pre = page.getByTestId('promql').first();
  await expect(pre).toBeVisible();
  const text = (await pre.textContent()) ?? '';
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('promql')).toHaveCount(0);
  return text;
}

async function expectCorePanelsOk(page: Page, timeout?: number) {
  for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok', timeout);
}

const PROFILES = [
  {
    profile: 'legacy',
    ports: { promPort: 29190, vllmPort: 28200, sglangPort: 23200 },
    names: {
      vllm: { 'kv-cache-usage': '(vllm:gpu_cache_usage_perc)', itl: 'vllm:time_per_output_token_seconds_bucket', 'prefix-cache-hit-rate': 'vllm:gpu_prefix_cache_hits_total' },
      sglang: { preemptions: 'sglang:num_retracted_reqs', ttft: 'sglang:time_to_first_token_seconds_bucket' },
    },
  },
  {
    profile: 'underscore',
    ports: { promPort: 29191, vllmPort: 28300, sglangPort: 23300 },
    names: {
      // Underscore forms carry `worker_addr=""`: smg's /engine_metrics re-serves engine series under
      // these names with `worker_addr`, and a router's copy must never count (docs/routing.md).
      vllm: { 'kv-cache-usage': '(vllm_kv_cache_usage_perc{worker_addr=""})', itl: 'vllm_inter_token_latency_seconds_bucket', 'request-rate': 'vllm_request_success_total' },
      sglang: { ttft: 'sglang_time_to_first_token_seconds_bucket', 'kv-cache-usage': 'sglang_token_usage' },
    },
  },
] as const;

for (const { profile, ports, names } of PROFILES) {
  test.describe(`${profile} names on Prometheus`, () => {
    test.describe.configure({ timeout: 120_000 });

    test.describe('vLLM only', () => {
      // One extra vLLM target that nothing listens on: `up == 0`.
      const dead = `127.0.0.1:${ports.vllmPort + 9}`;
      useStack({ ...ports, profile, sglangInstances: 0, deadTargets: { vllm: [dead] } });

      test('vLLM is picked, every core panel has data, PromQL names the stored series', async ({ page }) => {
        await page.goto(appUrl({ prom: `http://127.0.0.1:${ports.promPort}`, from: 'now-20m', refresh: 'off' }));
        await expectEngine(page, 'vllm');
        await expectCorePanelsOk(page);
        await expect(page.getByTestId('scrape-interval')).toHaveText('scrape 5s');
        // The API server's http_requests_total (no `vllm` in the name, unchanged by the underscore rewrite).
        await expectPanelState(page, 'http-requests-by-status', 'ok');
        await expect(panel(page, 'http-requests-by-status').locator('tbody')).toContainText('2xx');
        for (const [id, name] of Object.entries(names.vllm)) expect(await shownPromQL(page, id), id).toContain(name);
        // The down target is one banner in the header, not a panel error.
        await expect(page.getByTestId('targets-down')).toContainText(dead);
        await expect(page.getByTestId('targets-down')).toContainText('1 scrape target is down');
      });
    });

    test.describe('SGLang only', () => {
      useStack({ ...ports, profile, vllmInstances: 0 });

      test('SGLang is picked, every core panel has data, PromQL names the stored series', async ({ page }) => {
        await page.goto(appUrl({ prom: `http://127.0.0.1:${ports.promPort}`, from: 'now-20m', refresh: 'off' }));
        await expectEngine(page, 'sglang');
        await expectCorePanelsOk(page);
        for (const [id, name] of Object.entries(names.sglang)) expect(await shownPromQL(page, id), id).toContain(name);
        await expect(page.getByTestId('targets-down')).toHaveCount(0);
      });
    });
  });
}

test.describe('VictoriaMetrics (API under /prometheus)', () => {
  test.describe.configure({ timeout: 150_000 });
  const prom = 'http://127.0.0.1:29192/prometheus';
  // No backfill for VictoriaMetrics, and it hides the newest 30 s (-search.latencyOffset): the
  // first panels need about a minute of scrapes.
  useStack({ promPort: 29192, vllmPort: 28400, sglangPort: 23400, backend: 'victoria-metrics' });

  test('with both engines vLLM is picked; every core panel of both engines has data', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(appUrl({ prom, from: 'now-15m', refresh: '10s' }));
    await expectEngine(page, 'vllm');
    await expect(page.getByTestId('scrape-interval')).toHaveText('scrape 5s');
    await expectCorePanelsOk(page, 100_000);
    expect(await shownPromQL(page, 'kv-cache-usage')).toContain('(vllm:kv_cache_usage_perc)');
    await page.getByRole('radiogroup', { name: 'Engine' }).getByRole('radio', { name: 'SGLang' }).click();
    await expectEngine(page, 'sglang');
    await expectCorePanelsOk(page, 60_000);
    expect(await shownPromQL(page, 'ttft')).toContain('sglang:time_to_first_token_seconds_bucket');
    // VictoriaMetrics serves /api/v1/targets and /api/v1/status/config without CORS headers: the
    // board recognises it (MetricsQL answers `1` as a vector) and does not ask them, so the console
    // stays clean (the fixture fails on any error); the interval comes from the samples' spacing.
    expect(asked.filter((p) => /\/api\/v1\/(targets|status\/)/.test(p))).toEqual([]);
  });
});

test.describe('explained states (default stack of the global setup)', () => {
  const prom = () => process.env.PROM_DEFAULT!;

  test('an absent optional metric says so, with the flag that enables it', async ({ page }) => {
    await page.goto(appUrl({ prom: prom(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
    await expectPanelState(page, 'prefix-cache-hit-rate', 'ok');
    // Optional panels whose metrics are all absent fold into one line per section, naming the flags.
    await expect(panel(page, 'kv-block-lifetime')).toHaveCount(0);
    await expect(page.getByTestId('absent-cache')).toContainText('Not exposed by this backend');
    await expect(page.getByTestId('absent-cache')).toContainText('kv-cache-metrics (--kv-cache-metrics)');
    const advanced = page.getByTestId('absent-advanced');
    await expect(advanced).toContainText('--speculative-config');
    // A feature whose panels need different flags names all of them.
    await expect(advanced).toContainText('kv-transfer (--kv-transfer-config (NixlConnector), --kv-offloading-size (OffloadingConnector), --kv-transfer-config (HF3FSKVConnector)');

    // The panel alone (as a portal embeds it) explains itself.
    await page.goto(appUrl({ prom: prom(), engine: 'vllm', panel: 'kv-block-lifetime', refresh: 'off' }));
    await expectPanelState(page, 'kv-block-lifetime', 'unavailable');
    const p = panel(page, 'kv-block-lifetime');
    await expect(p).toContainText('Not exposed by this backend.');
    await expect(p).toContainText('Enable with: --kv-cache-metrics');
    await expect(p).toContainText('vllm:kv_block_lifetime_seconds_bucket');
  });

  test('a metric with no samples in range says "No traffic"', async ({ page }) => {
    await page.goto(appUrl({ prom: prom(), engine: 'vllm', model: 'no-such-model', from: 'now-30m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'empty');
    await expect(panel(page, 'request-rate')).toContainText('No traffic in this range');
    // A ratio over counters registered at 0 that move only with a KV connector: the connector is
    // off (issue 16), said with its flag, never NaN nor "no traffic".
    await page.goto(appUrl({ prom: prom(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
    await expectPanelState(page, 'external-prefix-cache-hit-rate', 'unavailable');
    await expect(panel(page, 'external-prefix-cache-hit-rate')).toContainText('Enable with: --kv-transfer-config (KV connector)');
  });
});

test.describe('hostile model name', () => {
  test.describe.configure({ timeout: 120_000 });
  const HOSTILE = '/mnt/models/"evil"\\<script>window.__xss=1</script><img src=x onerror=window.__xss=2>';
  const OTHER = 'meta-llama/Llama-3.1-8B-Instruct';
  // Two vLLM servers: the first serves the hostile name, the second a plain one.
  useStack({ promPort: 29193, vllmPort: 28600, sglangPort: 23600, sglangInstances: 0, models: [HOSTILE, OTHER] });

  test('is text everywhere, and the Model filter narrows to it', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(appUrl({ prom: 'http://127.0.0.1:29193', from: 'now-20m', refresh: 'off' }));
    const p = panel(page, 'request-rate');
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(p.locator('tbody tr')).toHaveCount(2);
    await expect(p.locator('tbody')).toContainText(HOSTILE);
    // The model table: the hostile name is a row key and a text cell, and selecting it filters.
    await expectPanelState(page, 'model-summary', 'ok');
    const summaryRow = panel(page, 'model-summary').locator('tbody tr').filter({ hasText: 'evil' });
    await expect(summaryRow).toHaveAttribute('data-row-key', HOSTILE);
    await expect(summaryRow.locator('th')).toHaveText(HOSTILE);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('button', { name: /^Model:/ }).click();
    // Long path-like values are shortened in the list (the full value is the row's title).
    await page.getByRole('dialog', { name: 'Model' }).getByTitle(HOSTILE, { exact: true }).getByRole('checkbox').check();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/model=/);
    expect(new URL(page.url()).searchParams.getAll('model')).toEqual([HOSTILE]);
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(p.locator('tbody tr')).toHaveCount(1);
    await expect(p.locator('tbody tr')).toContainText(HOSTILE);
    for (const id of ['ttft', 'running-requests', 'kv-cache-usage']) await expectPanelState(page, id, 'ok');
    // The matcher reached PromQL escaped (Go string escapes: \" and \\).
    expect(await shownPromQL(page, 'request-rate')).toContain('model_name="/mnt/models/\\"evil\\"\\\\<script>');

    // Reloading the link (the value now comes from the URL) keeps it text as well.
    await page.reload();
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(p.locator('tbody tr')).toHaveCount(1);
    // Both models by link: a regex matcher, the hostile value regex-escaped for RE2.
    await page.goto(appUrl({ prom: 'http://127.0.0.1:29193', model: [HOSTILE, OTHER], from: 'now-20m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(p.locator('tbody tr')).toHaveCount(2);
    expect(await shownPromQL(page, 'request-rate')).toContain('model_name=~"');
    expect(await page.locator('.iw-app script, .iw-app img:not([src$="favicon.svg"])').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
