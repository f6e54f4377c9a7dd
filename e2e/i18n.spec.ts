// The Chinese interface: every core panel titled in Chinese, no English sentence in titles or
// state messages, and switching language keeps the rest of the state.
import AxeBuilder from '@axe-core/playwright';
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';

const CJK = /[\u4e00-\u9fff]/;
// An English sentence: three or more consecutive English words (metric names, flags and units
// such as "req/s" or "TTFT p95" are allowed).
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b/;

for (const engine of ['vllm', 'sglang'] as const) {
  test(`${engine} in zh-CN: core panels and sections are Chinese`, async ({ page }) => {
    await page.goto(appUrl({ prom: process.env.PROM_DEFAULT!, engine, lang: 'zh-CN', from: 'now-30m', refresh: 'off' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    for (const name of ['请求', '吞吐', '延迟', '饱和度', '缓存', '高级']) await expect(page.getByRole('region', { name })).toBeVisible();
    for (const id of CORE_PANELS) {
      await expectPanelState(page, id, 'ok');
      const title = await panel(page, id).getAttribute('aria-label');
      expect(title, id).toMatch(CJK);
    }
    // Every panel's visible title and state message: Chinese, no English sentence.
    const texts = await page.locator('[role="figure"]').evaluateAll((els) =>
      els.map((e) => ({
        id: e.getAttribute('data-panel-id'),
        title: e.querySelector('h3')?.textContent ?? '',
        message: e.querySelector('.iw-panel-message')?.textContent ?? '',
      })),
    );
    for (const t of texts) {
      expect(t.title, `${t.id} title`).toMatch(CJK);
      expect(t.title, `${t.id} title`).not.toMatch(ENGLISH_SENTENCE);
      if (t.message) {
        expect(t.message.replace(/--[\w-]+|[\w:.-]+_(total|bucket|seconds|perc)\w*/g, ''), `${t.id} message`).not.toMatch(ENGLISH_SENTENCE);
      }
    }
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('switching language keeps engine, range and filters', async ({ page }) => {
  await page.goto(
    appUrl({ prom: process.env.PROM_DEFAULT!, engine: 'sglang', from: 'now-3h', refresh: '10s', model: 'meta-llama/Llama-3.1-8B-Instruct', lang: 'en' }),
  );
  await expectPanelState(page, 'ttft', 'ok');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(page.getByRole('region', { name: '延迟' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get('lang')).toBe('zh-CN');
  expect(url.searchParams.get('engine')).toBe('sglang');
  expect(url.searchParams.get('from')).toBe('now-3h');
  expect(url.searchParams.get('refresh')).toBe('10s');
  expect(url.searchParams.getAll('model')).toEqual(['meta-llama/Llama-3.1-8B-Instruct']);
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
  await expectPanelState(page, 'ttft', 'ok');
  // Back to English: the interface is unchanged.
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await expect(page.getByRole('region', { name: 'Latency' })).toBeVisible();
});
