// Issue 33: servers as they run in 2026. vLLM's names without `vllm:` (NVIDIA NIM) and SGLang
// before `sglang:num_requests_total`, each on a small stack of its own scraped by a real
// Prometheus; the families newer vLLM and SGLang added, on the global setup's features stack.
import type { Page } from '@playwright/test';
import { startStack, type Stack, type StackOptions } from '../scripts/lib/stack';
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { freePortBlock } from './support/ports';

const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;

function useStack(opts: Omit<StackOptions, 'promPort' | 'vllmPort' | 'sglangPort'>): () => Stack {
  let stack: Stack | null = null;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const base = await freePortBlock(8);
    stack = await startStack({ promPort: base, vllmPort: base + 1, sglangPort: base + 4, backfillMinutes: 15, seed: 33, log, ...opts });
  });
  test.afterAll(async () => {
    await stack?.stop();
    stack = null;
  });
  return () => {
    if (!stack) throw new Error('stack not started');
    return stack;
  };
}

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
  const stack = useStack({ profile: 'nim', sglangInstances: 0 });

  test('the backend is read as vLLM and every core panel has data, the menu naming the variant', async ({ page }) => {
    await page.goto(appUrl({ prom: stack().promUrl, from: 'now-15m', refresh: 'off' }));
    await expect(page.locator('.iw-app[data-engine="vllm"]')).toBeVisible();
    for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok');
    const kv = await menuText(page, 'kv-cache-usage');
    expect(kv).toContain('(gpu_cache_usage_perc');
    expect(kv).not.toMatch(/vllm[:_]gpu_cache_usage_perc/);
    expect(kv).toContain('without the "vllm:" prefix (as NVIDIA NIM serves them)');
  });
});

test.describe('SGLang before sglang:num_requests_total', () => {
  test.describe.configure({ timeout: 120_000 });
  const stack = useStack({ profile: 'early', vllmInstances: 0 });

  test('the request rate is counted from the e2e latency histogram, and the menu says so', async ({ page }) => {
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'sglang', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(page.locator('[data-stat-id="request-rate"]')).toHaveAttribute('data-state', 'ok');
    const text = await menuText(page, 'request-rate');
    expect(text).toContain('sglang:e2e_request_latency_seconds_count');
    expect(text).toContain('releases before sglang:num_requests_total');
  });
});
