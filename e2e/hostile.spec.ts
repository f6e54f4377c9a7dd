// No input can harm the user (issue 7, case 5): hostile label values — markup, quotes, backslashes,
// newlines, right-to-left marks, very long strings — injected by a proxy in front of the real
// Prometheus into a query_range answer and into label-values answers, show as text in the legend
// table, the ECharts tooltip, the filters and the PromQL dialog, and never run script. Backend
// error messages that carry HTML show as text too. A hostile or huge backend cannot hang or sink
// the tab: a backend that never answers, a 70 MB answer, 200,000 label values, 50,000 alerts and a
// redirect to another origin each end in a bounded page with words for what happened.
import { appUrl, expectPanelState, panel } from './fixtures';
import { apiErrorBody, startFaultProxy, type FaultProxy, type FaultRule, type SeenRequest } from './support/fault-proxy';
import { expect, test } from './support/fault-test';
import { freePortBlock } from './support/ports';

const PROM = () => process.env.PROM_DEFAULT!;
// The proxy and a second origin (the redirect case), on free ports picked at run time.
let OTHER_ORIGIN_PORT = 0;

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
  const base = await freePortBlock(2);
  OTHER_ORIGIN_PORT = base + 1;
  proxy = await startFaultProxy(PROM(), base, OTHER_ORIGIN_PORT);
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

// One page for the three (a fresh page per case cost more than the case): a step and a full
// navigation each, so nothing of the last case is left.
test('backend error text is text: each markup message is shown, and nothing runs', async ({ page }) => {
  for (const [name, action, text] of ERROR_BODIES) {
    await test.step(name, async () => {
      proxy.reset([{ path: '/api/v1/query_range', action }]);
      await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
      await expectPanelState(page, 'request-rate', 'error');
      await expect(panel(page, 'request-rate').locator('.iw-error')).toContainText(text);
      await expect(page.locator('[onerror], script:not([src]):not([type])')).toHaveCount(0);
      expect(await xss(page)).toBeUndefined();
    });
  }
});

// ── Hostile or huge backends ──────────────────────────────────────────────────────────────────

const alert = (page: import('@playwright/test').Page) => page.getByRole('alert');
const envelope = (data: unknown) => ({ status: 'success', data });

test('a backend that accepts and never answers: one banner after 30 s, not "Loading…" for good', async ({ page }) => {
  proxy.reset([{ path: '/api/v1/', action: { delayMs: 600_000 } }]);
  // The page's clock is fake (it still flows) so the 30 s can be skipped, not waited for.
  await page.clock.install();
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  await expect.poll(() => proxy.open()).toBeGreaterThan(0);
  await expect(alert(page)).toHaveCount(0);
  // Each step skips 31 s: the first timeout brings the banner.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(31_000);
        return alert(page).count();
      },
      { intervals: [500], timeout: 10_000 },
    )
    .toBe(1);
  await expect(alert(page)).toContainText('The backend is unreachable.');
  await expect(alert(page)).toContainText('The backend did not answer within 30 s');
  // The requests were given up, not left open (those started after the first timeout give up 30 s later).
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(31_000);
        return proxy.open();
      },
      { intervals: [500], timeout: 10_000 },
    )
    .toBe(0);
  expect(proxy.stats.aborted).toBeGreaterThan(0);
});

/** 1,000,000 one-sample series, about 75 MB of JSON: past the 64 MB the client reads. */
let hugeMatrix: string | undefined;
const huge = () =>
  (hugeMatrix ??= JSON.stringify(
    envelope({
      resultType: 'matrix',
      result: Array.from({ length: 1_000_000 }, (_v, i) => ({ metric: { __name__: 'vllm:request_success_total', instance: `host-${String(i).padStart(7, '0')}:8000` }, values: [[1, '1']] })),
    }),
  ));

test('an answer larger than 64 MB: the panel says so and the tab keeps working', async ({ page }) => {
  expect(huge().length).toBeGreaterThan(64 * 1024 * 1024);
  proxy.reset([{ path: '/api/v1/query_range', query: 'request_success', action: { reply: { body: huge(), contentType: 'application/json' } } }]);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'error');
  await expect(panel(page, 'request-rate').locator('.iw-error')).toContainText('The answer is larger than 64 MB; narrow the filters');
  // Not one backend failure: no banner, and the other panels drew their data.
  await expect(alert(page)).toHaveCount(0);
  await expectPanelState(page, 'output-tokens-rate', 'ok');
  await page.getByRole('radio', { name: 'SGLang' }).click();
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
});

test('200,000 instances: the filter lists a page of them with "+N more", and search finds any', async ({ page }) => {
  const values = Array.from({ length: 200_000 }, (_v, i) => `host-${String(i).padStart(6, '0')}:8000`);
  proxy.reset([{ path: '/api/v1/label/instance/values', action: { reply: { body: envelope(values) } } }]);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  await page.getByRole('button', { name: /^Instance:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Instance' });
  await expect(dialog.getByTestId('more-values')).toHaveText('+199,800 more: type to search');
  await expect(dialog.getByRole('checkbox')).toHaveCount(200);
  // The request asked the backend for a bounded list (Prometheus ≥ 2.49 honours it).
  await dialog.getByRole('searchbox').fill('host-199999');
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByTestId('more-values')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'host-199999:8000' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Instance: host-199999:8000' })).toBeVisible();
});

test('50,000 firing alerts: the Alerts region draws 50 and counts the rest', async ({ page }) => {
  const alerts = Array.from({ length: 50_000 }, (_v, i) => ({
    labels: { alertname: `Hostile${i}`, inferwatch_engine: 'vllm', model_name: `m-${i}`, severity: 'warning' },
    annotations: { summary: 'flood' },
    state: 'firing',
    activeAt: '2026-01-01T00:00:00Z',
    value: '1',
  }));
  proxy.reset([{ path: '/api/v1/alerts', action: { reply: { body: envelope({ alerts }) } } }]);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  const region = page.getByRole('region', { name: 'Alerts' });
  await expect(region.getByTestId('alerts-more')).toHaveText('+49,950 more alerts (narrow the model or instance filter to see them)');
  await expect(region.locator('li[data-alert-name]')).toHaveCount(50);
  await expect(region).toContainText('50000 active');
});

test('a redirect to another origin: refused, and the configured header never goes there', async ({ page }) => {
  const other = `http://127.0.0.1:${OTHER_ORIGIN_PORT}`;
  const tenants: unknown[] = [];
  const away = (r: SeenRequest) => {
    tenants.push(r.headers['x-scope-orgid']);
    return `${other}${r.url}`;
  };
  proxy.reset([{ path: '/api/v1/query_range', action: { redirect: away } }]);
  await page.route('**/config.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ prometheusUrl: proxy.url, headers: { 'X-Scope-OrgID': 'tenant-e2e' } }) }));
  await page.goto(appUrl({ engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'error');
  await expect(panel(page, 'request-rate').locator('.iw-error')).toContainText(`redirected to ${other}/api/v1/query_range, outside its origin`);
  // The backend got the header; the other origin was asked without it (to learn where it points).
  expect(tenants).toContain('tenant-e2e');
  expect(proxy.stats.otherOrigin.length).toBeGreaterThan(0);
  expect(proxy.stats.otherOrigin.filter((r) => r.headers['x-scope-orgid'] !== undefined)).toEqual([]);
  expect(JSON.stringify(proxy.stats.otherOrigin.map((r) => r.headers))).not.toContain('tenant-e2e');
});

test('a redirect within the backend origin (a proxy moving a path) is followed, with the header', async ({ page }) => {
  const seen: string[] = [];
  proxy.reset([
    { path: /^\/old\//, action: { redirect: (r) => `${proxy.url}${r.url.replace(/^\/old/, '')}` } },
    {
      path: '/api/v1/query_range',
      action: {
        rewrite: (json, r) => {
          seen.push(String(r.headers['x-scope-orgid']));
          return json;
        },
      },
    },
  ]);
  await page.route('**/config.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ prometheusUrl: `${proxy.url}/old`, headers: { 'X-Scope-OrgID': 'tenant-e2e' } }) }));
  await page.goto(appUrl({ engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  expect(seen).toContain('tenant-e2e');
});
