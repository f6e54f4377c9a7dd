// The GPUs under the engines against a real Prometheus scraping the simulated engines, DCGM
// exporters and kube-state-metrics. One stack holds both stored label forms: node 0's exporter is
// scraped with honor_labels off (`exported_pod`), nodes 1–2 by a second job with it on (`pod` as
// written); vLLM's targets carry pod labels (join by pod), SGLang's `instance` is the pod IP (join
// through kube_pod_info). The join matches every simulated instance, and tokens per GPU-second and
// $/1M output tokens equal PromQL written here. Idle GPUs (the exporter's own pod) are counted
// apart. The board without an exporter: the last test, on the global default stack.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { requestForm } from '../scripts/lib/request-form';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { useStack } from './support/own-stack';

const H100_PRICE = 2.9;
test.describe.configure({ mode: 'serial' });

test.describe('GPUs joined to engines', () => {
  // Port 0: the exporters and kube-state-metrics take the last ports of the stack's free block.
  const stack = useStack({ gpus: { labels: ['exported', 'pod'], engineIdentity: { vllm: 'pod', sglang: 'ip' }, port: 0 } });

  async function open(page: Page, engine: 'vllm' | 'sglang'): Promise<void> {
    await page.route('**/config.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ gpuPrices: { H100: H100_PRICE } }) }));
    await page.goto(appUrl({ prom: stack().promUrl, engine, from: 'now-15m', refresh: 'off' }));
  }

  async function vector(page: Page, expr: string, time: string): Promise<Array<{ metric: Record<string, string>; v: number }>> {
    const res = await page.request.post(`${stack().promUrl}/api/v1/query`, { form: { query: expr, time } });
    const json = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
    return json.data.result.map((r) => ({ metric: r.metric, v: Number(r.value[1]) }));
  }

  const summary = (page: Page) => page.locator('section[data-section-id="gpus"] [data-testid="gpu-summary"]');
  // GPUs per holder pod over both stored forms, written apart from the board's normalisation.
  const GPUS_BY_POD =
    'count by (p) (label_replace(DCGM_FI_DEV_FB_USED{exported_pod!=""}, "p", "$1", "exported_pod", "(.+)") or label_replace(DCGM_FI_DEV_FB_USED{job="dcgm-exporter-honor"}, "p", "$1", "pod", "(.+)"))';
  const sentQuery = (page: Page, tokens: string) =>
    page.waitForRequest((r) => /\/api\/v1\/query$/.test(new URL(r.url()).pathname) && new RegExp(`DCGM_FI_DEV_FB_USED[\\s\\S]*${tokens}`).test(requestForm(r).get('query') ?? ''), { timeout: 60_000 });

  test('vLLM: GPU join matches every instance by pod; tokens per GPU-second and $/1M output tokens equal independent PromQL', async ({ page }) => {
    const sent = sentQuery(page, 'generation_tokens');
    await open(page, 'vllm');
    await page.locator('section[data-section-id="gpus"]').scrollIntoViewIfNeeded({ timeout: 60_000 });
    const join = summary(page).locator('[data-gpu-join]');
    await expect(join).toHaveAttribute('data-gpu-join', 'pod', { timeout: 30_000 });
    await expect(join).toHaveText(/^GPU join: 2 of 2 instances, by pod/);
    // 16 H100 on two engine nodes, 2 A100 on a node with no engine; 8 held by no pod.
    await expect(summary(page).locator('[data-gpu-total]')).toHaveAttribute('data-gpu-total', '18');
    await expect(summary(page).locator('[data-gpu-unattributed]')).toHaveAttribute('data-gpu-unattributed', '8');
    // 6 idle H100 at $2.9 (the A100s have no price, and the board says so).
    await expect(summary(page).locator('[data-gpu-unattributed]')).toContainText('$17.4');
    await expect(summary(page).locator('[data-gpu-missing-prices]')).toContainText('No price for NVIDIA A100-SXM4-80GB');
    await expect(summary(page).locator('[data-gpu-labels]')).toHaveAttribute('data-gpu-labels', 'mixed');

    // The heatmap: one row per GPU, grouped by node; of the 8 no pod holds, 7 labelled idle and the
    // one reporting XID 79 labelled so; the table alternative says the same.
    await expectPanelState(page, 'gpu-util-heatmap', 'ok', 60_000);
    const heat = panel(page, 'gpu-util-heatmap');
    await expect(heat.locator('canvas').first()).toBeVisible();
    await expect(heat.locator('[data-heatmap-rows]')).toHaveAttribute('data-heatmap-rows', '18');
    await expect(heat.locator('tbody tr[data-row-key$=" · idle"]')).toHaveCount(7);
    await expect(heat.locator('tbody tr[data-row-key="gpu-node-2 · gpu 1 · XID 79"]')).toHaveCount(1);
    // Out of service, not idle capacity: named apart in the summary.
    await expect(summary(page).locator('[data-gpu-faulty]')).toHaveAttribute('data-gpu-faulty', '1');
    await expect(heat.locator('tbody tr').first()).toHaveAttribute('data-row-key', 'gpu-node-0 · gpu 0 · vllm-server-0');

    await expectPanelState(page, 'gpu-instances', 'ok', 60_000);
    const req = await sent;
    const time = requestForm(req).get('time') ?? '';
    const range = /\[(\d+)s\]/.exec(requestForm(req).get('query') ?? '')?.[1];
    expect(range).toBeTruthy();
    const tokens = await vector(page, `sum by (instance, pod) (rate(vllm:generation_tokens_total[${range}s]))`, time);
    const gpus = new Map((await vector(page, GPUS_BY_POD, time)).map((r) => [r.metric.p, r.v]));
    expect(tokens).toHaveLength(2);
    const table = panel(page, 'gpu-instances');
    // In view at 1440 px: the table does not scroll sideways, its last column inside the window.
    const wrap = table.locator('.iw-table-wrap');
    expect(await wrap.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect((await table.locator('th[data-column="usd-per-1m-total"]').boundingBox())?.x ?? Infinity).toBeLessThan(1440);
    await expect(panel(page, 'instance-table').locator('th[data-column="gpu-count"]')).toHaveCount(0);
    for (const { metric, v: tps } of tokens) {
      const n = gpus.get(metric.pod ?? '') ?? NaN;
      const row = table.locator(`tr[data-row-key^="${metric.instance ?? ''}"]`).first();
      await expect(row.locator('td[data-column="gpu-count"]')).toHaveAttribute('data-value', String(n));
      const perGpu = Number(await row.locator('td[data-column="tok-per-gpu-s"]').getAttribute('data-value'));
      expect(perGpu).toBeGreaterThan(0);
      expect(Math.abs(perGpu - tps / n) / (tps / n)).toBeLessThan(1e-9);
      const usd = Number(await row.locator('td[data-column="usd-per-1m-output"]').getAttribute('data-value'));
      const want = ((H100_PRICE * n) / (tps * 3600)) * 1e6;
      expect(Math.abs(usd - want) / want).toBeLessThan(1e-9);
    }
    // The Models table has the group too.
    await expectPanelState(page, 'model-summary', 'ok');
    await expect(panel(page, 'model-summary').locator('th[data-column="tok-per-gpu-s"]')).toBeVisible();
    // Every GPU chart has data; XID shows the one GPU with an error.
    for (const id of ['gpu-util', 'gpu-power', 'gpu-framebuffer', 'gpu-xid']) await expectPanelState(page, id, 'ok');
    await expect(panel(page, 'gpu-xid')).toContainText('gpu-node-2');

    const { violations } = await new AxeBuilder({ page }).include('section[data-section-id="gpus"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('XID 79 on a GPU is a critical GPU-health finding in Diagnosis, naming the node, the GPU and the XID meaning', async ({ page }) => {
    await open(page, 'vllm');
    const region = page.getByRole('region', { name: 'Diagnosis' });
    const f = region.locator('[data-verdict-id="gpu-health"]');
    await expect(f).toHaveCount(1, { timeout: 60_000 });
    await expect(f).toHaveAttribute('data-severity', 'critical');
    await expect(f).toHaveAttribute('data-gpu-node', 'gpu-node-2');
    await expect(f).toHaveAttribute('data-gpu', '1');
    await expect(f).toHaveAttribute('data-xid', '79');
    await expect(f).toContainText('gpu-node-2 · GPU 1 (NVIDIA A100-SXM4-80GB), held by no pod');
    await expect(f).toContainText('XID 79 (GPU has fallen off the bus)');
    await expect(region.getByTestId('diagnosis-healthy')).toHaveCount(0);
    await expect(region.getByTestId('diagnosis-gpu-checked')).toContainText('GPU health checked on 18 GPUs');
    // The same figures as PromQL written here: the GPUs whose XID gauge was non-zero over the range.
    const xids = await vector(page, 'max by (Hostname, gpu) (max_over_time(DCGM_FI_DEV_XID_ERRORS[15m])) > 0', String(Date.now() / 1000));
    expect(xids.map((r) => [r.metric.Hostname, r.metric.gpu, r.v])).toEqual([['gpu-node-2', '1', 79]]);
    // Its "Open the panel" goes to the XID chart.
    await f.locator('[data-panel-link="gpu-xid"]').click();
    await expect(panel(page, 'gpu-xid')).toBeInViewport({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('xid-diagnosis.png') });
  });

  test('GPU panels open alone: panel=gpu-instances and panel=gpu-util-heatmap, kiosk and not, and the board\'s own Full screen', async ({ page }) => {
    await page.route('**/config.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ gpuPrices: { H100: H100_PRICE } }) }));
    for (const kiosk of ['1', '0']) {
      for (const id of ['gpu-instances', 'gpu-util-heatmap']) {
        await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', from: 'now-15m', refresh: 'off', panel: id, ...(kiosk === '1' ? { kiosk } : {}) }));
        await expectPanelState(page, id, 'ok', 60_000);
        await expect(page.locator('[role="figure"]')).toHaveCount(1);
        await expect(page.getByText(/There is no panel/)).toHaveCount(0);
        await expect(page.locator('section[data-section-id="gpus"]')).toHaveCount(0);
        if (id === 'gpu-instances') await expect(panel(page, id).locator('tbody tr')).toHaveCount(2);
        else await expect(panel(page, id).locator('[data-heatmap-rows]')).toHaveAttribute('data-heatmap-rows', '18');
      }
    }
    // The board's Full screen writes panel=gpu-instances; a reload of that URL draws it alone too.
    await open(page, 'vllm');
    await page.locator('section[data-section-id="gpus"]').scrollIntoViewIfNeeded({ timeout: 60_000 });
    await expectPanelState(page, 'gpu-instances', 'ok', 60_000);
    await panel(page, 'gpu-instances').getByRole('button', { name: /Panel menu/ }).click();
    await page.getByRole('menuitem', { name: 'Full screen' }).click();
    await expect(page).toHaveURL(/[?&]panel=gpu-instances(&|$)/);
    await page.reload();
    await expectPanelState(page, 'gpu-instances', 'ok', 60_000);
    await expect(page.locator('[role="figure"]')).toHaveCount(1);
    await expect(page.getByText(/There is no panel/)).toHaveCount(0);
  });

  test('SGLang: instance = pod IP, joined through kube_pod_info, on both label forms (node 0 exported, node 1 pod)', async ({ page }) => {
    const sent = sentQuery(page, 'sglang:generation_tokens');
    await open(page, 'sglang');
    await page.locator('section[data-section-id="gpus"]').scrollIntoViewIfNeeded({ timeout: 60_000 });
    await expect(summary(page).locator('[data-gpu-join]')).toHaveText(/^GPU join: 2 of 2 instances, by IP/, { timeout: 30_000 });
    await expectPanelState(page, 'gpu-instances', 'ok', 60_000);
    const req = await sent;
    const time = requestForm(req).get('time') ?? '';
    const range = /\[(\d+)s\]/.exec(requestForm(req).get('query') ?? '')?.[1];
    const tokens = await vector(page, `sum by (instance) (rate(sglang:generation_tokens_total[${range ?? ''}s]))`, time);
    const podOfIp = new Map((await vector(page, 'kube_pod_info{host_network="false"}', time)).map((r) => [r.metric.pod_ip, r.metric.pod]));
    const gpus = new Map((await vector(page, GPUS_BY_POD, time)).map((r) => [r.metric.p, r.v]));
    expect(tokens).toHaveLength(2);
    const counts: number[] = [];
    for (const { metric, v: tps } of tokens) {
      const instance = metric.instance ?? '';
      const n = gpus.get(podOfIp.get(instance.replace(/:\d+$/, '')) ?? '') ?? NaN;
      counts.push(n);
      const row = panel(page, 'gpu-instances').locator(`tr[data-row-key^="${instance}"]`).first();
      await expect(row.locator('td[data-column="gpu-count"]')).toHaveAttribute('data-value', String(n));
      const perGpu = Number(await row.locator('td[data-column="tok-per-gpu-s"]').getAttribute('data-value'));
      expect(Math.abs(perGpu - tps / n) / (tps / n)).toBeLessThan(1e-9);
    }
    // SGLang 8B (1 GPU, node 0, exported form) and 32B DP2×TP2 (4 GPUs, node 1, pod form).
    expect(counts.sort()).toEqual([1, 4]);
  });
});

// The global default stack has no exporter: no GPUs section, no GPU columns, and the Advanced
// section says where to get one.
test('without DCGM series the board is unchanged and says where to get the exporter', async ({ page }) => {
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT ?? '', engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  await expectPanelState(page, 'model-summary', 'ok', 60_000);
  const absent = page.getByTestId('gpu-absent');
  await absent.scrollIntoViewIfNeeded({ timeout: 60_000 });
  await expect(absent).toContainText('dcgm-exporter');
  await expect(page.locator('section[data-section-id="gpus"]')).toHaveCount(0);
  await expect(panel(page, 'model-summary').locator('th[data-column="tok-per-gpu-s"]')).toHaveCount(0);
});
