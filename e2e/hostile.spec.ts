// No input can harm the user (issue 7, case 5): hostile label values — markup, quotes, backslashes,
// newlines, right-to-left marks, very long strings — injected by a proxy in front of the real
// Prometheus into a query_range answer and into label-values answers, show as text in the legend
// table, the ECharts tooltip, the filters and the PromQL dialog, and never run script. Backend
// error messages that carry HTML show as text too.
import { appUrl, expectPanelState, panel } from './fixtures';
import { apiErrorBody, startFaultProxy, type FaultProxy, type FaultRule } from './support/fault-proxy';
import { expect, test } from './support/fault-test';

const PROM = () => process.env.PROM_DEFAULT!;
const PROXY_PORT = 29292;

const XSS = '<img src=x onerror=window.__xss=1>';
const HOSTILE = [
  XSS,
  '"><svg onload=window.__xss=1>',
  'quote " and \' apostrophe',
  'back\\slash\\n not a newline',
  'two\nlines',
  'rtl \u202Egnp.exe\u202C mark',
  `long-${'x'.repeat(600)}`,
];

type Matrix = { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> };

const RULES: FaultRule[] = [
  {
    path: '/api/v1/query_range',
    action: {
      rewrite: (json) => {
        const data = json.data as Matrix;
        const values = data.result[0]?.values ?? [];
        data.result = HOSTILE.map((v, i) => ({ metric: { model_name: v }, values: values.map(([t, x]) => [t, String(Number(x) + i)]) }));
        return json;
      },
    },
  },
  { path: '/api/v1/label/model_name/values', action: { reply: { body: { status: 'success', data: HOSTILE } } } },
  { path: '/api/v1/label/instance/values', action: { reply: { body: { status: 'success', data: [XSS, 'host\u202E:8000'] } } } },
];

let proxy: FaultProxy;
test.beforeAll(async () => {
  proxy = await startFaultProxy(PROM(), PROXY_PORT);
});
test.afterAll(async () => {
  await proxy?.close();
});

const xss = (page: import('@playwright/test').Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss);

test('hostile label values are text in the legend and the tooltip, and never run', async ({ page }) => {
  proxy.reset(RULES);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  const p = panel(page, 'request-rate');

  // Legend table: each value exactly, as text (no element made from it).
  const names = await p.locator('tbody tr button span.truncate').evaluateAll((els) => els.map((e) => e.textContent));
  expect(names.sort()).toEqual([...HOSTILE].sort());
  const titles = await p.locator('tbody tr button').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
  expect(titles).toContain(XSS);
  await expect(p.locator('img, svg[onload], [onerror]')).toHaveCount(0);

  // The ECharts tooltip (HTML we build) shows the same names escaped.
  const canvas = p.locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.5);
  // The innermost element holding every row is the tooltip box (the legend is a table, left out).
  const tooltip = p.locator('div').filter({ hasText: XSS }).filter({ hasText: 'svg onload' }).filter({ hasNot: page.locator('table') }).last();
  await expect(tooltip).toBeVisible();
  const tipText = await tooltip.evaluate((e) => e.textContent ?? '');
  expect(tipText).toContain(XSS);
  expect(tipText).toContain('"><svg onload=window.__xss=1>');
  expect(tipText).toContain('rtl \u202Egnp.exe\u202C mark');
  await expect(page.locator('[onerror], svg[onload]')).toHaveCount(0);
  expect(await xss(page)).toBeUndefined();

  // Hiding a hostile series from the legend works like any other.
  await p.getByRole('button', { name: XSS }).click();
  await expect(p.getByRole('button', { name: XSS })).toHaveAttribute('aria-pressed', 'false');
  expect(await xss(page)).toBeUndefined();
});

test('hostile label values are text in the filters, the link and the PromQL', async ({ page }) => {
  proxy.reset(RULES);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  await page.getByRole('button', { name: /^Model:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Model' });
  for (const v of HOSTILE.slice(0, 6)) await expect(dialog.getByRole('checkbox', { name: v, exact: true })).toHaveCount(1);
  await expect(dialog.locator('img, svg')).toHaveCount(0);
  // Searching for markup filters the list as text.
  await dialog.getByRole('searchbox').fill('<img');
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByRole('checkbox', { name: XSS }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Model: ${XSS}` })).toBeVisible();
  expect(new URL(page.url()).searchParams.getAll('model')).toEqual([XSS]);

  await page.getByRole('button', { name: /^Instance:/ }).click();
  await expect(page.getByRole('dialog', { name: 'Instance' }).getByRole('checkbox', { name: XSS })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // The value reaches PromQL escaped, and the dialog shows it as text.
  const p = panel(page, 'request-rate');
  await p.scrollIntoViewIfNeeded();
  await p.getByRole('button', { name: /Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  await expect(page.getByTestId('promql').first()).toContainText(`model_name="${XSS}"`);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('[onerror], svg[onload]')).toHaveCount(0);
  expect(await xss(page)).toBeUndefined();
});

test('hostile values in a link: filters show them as text and they run nowhere', async ({ page }) => {
  proxy.reset();
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', model: [XSS, 'a"b\\c'], instance: ['\u202Ertl'], from: 'now-15m', refresh: 'off' }));
  await expect(page.getByRole('button', { name: 'Model: 2 selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Model: 2 selected' }).click();
  await expect(page.getByRole('dialog', { name: 'Model' }).getByRole('checkbox', { name: XSS })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.locator('[onerror]')).toHaveCount(0);
  expect(await xss(page)).toBeUndefined();
});

const ERROR_BODIES: Array<[string, FaultRule['action'], string]> = [
  ['a Prometheus error whose message is markup', { reply: { status: 400, body: apiErrorBody('bad_data', `parse error: unexpected ${XSS}`) } }, `unexpected ${XSS}`],
  ['a gateway error in JSON whose message is markup', { reply: { status: 403, body: { message: `denied ${XSS}` } } }, `denied ${XSS}`],
  ['an HTML error page whose title is markup', { reply: { status: 401, body: `<html><head><title>${XSS.replace(/</g, '&lt;')}</title></head><body><script>window.__xss=1</script></body></html>`, contentType: 'text/html' } }, 'authentication required'],
];

for (const [name, action, text] of ERROR_BODIES) {
  test(`backend error text: ${name}`, async ({ page }) => {
    proxy.reset([{ path: '/api/v1/query_range', action }]);
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'error');
    await expect(panel(page, 'request-rate').locator('.iw-error')).toContainText(text);
    await expect(page.locator('[onerror], script:not([src]):not([type])')).toHaveCount(0);
    expect(await xss(page)).toBeUndefined();
  });
}
