// Quiet panels (issue 16 items 1-2) on the default global-setup stack, whose simulated vLLM
// servers run without `--enable-mfu-metrics` (the MFU counters are registered at 0 and stay there,
// as on real vLLM 0.29) and whose SGLang servers never get a structured-output request (so
// `sglang:num_so_requests_total` is not created). Neither is drawn as data nor as "not exposed".
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';

const PROM = () => process.env.PROM_DEFAULT!;

test('feature counters that never moved say the flag; a family not created yet says "none yet"', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  for (const [id, counter] of [['flops-per-gpu', 'vllm:estimated_flops_per_gpu_total'], ['memory-bandwidth-per-gpu', 'vllm:estimated_read_bytes_per_gpu_total']] as const) {
    await expectPanelState(page, id, 'unavailable');
    const p = panel(page, id);
    await expect(p).toContainText('Off: these counters have stayed at 0 on every server that served requests.');
    await expect(p).toContainText('Enable with: --enable-mfu-metrics');
    await expect(p).toContainText(counter);
    await expect(p.locator('canvas')).toHaveCount(0);
  }

  await page.goto(appUrl({ prom: PROM(), engine: 'sglang', panel: 'structured-output-rate', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'structured-output-rate', 'empty');
  const so = panel(page, 'structured-output-rate');
  await expect(so).toContainText('None yet in this range: sglang:num_so_requests_total appears with the first structured-output request.');
  await expect(so).not.toContainText('Not exposed');
});
