// The board against a real Prometheus scraping the simulated engines, in real Chromium.
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';
import type { Request } from '@playwright/test';
import { requestForm } from '../scripts/lib/request-form';
import { formatValue } from '../src/lib/units';

const PROM = () => process.env.PROM_DEFAULT!;
const PROM_ALL = () => process.env.PROM_FEATURES!;

for (const engine of ['vllm', 'sglang'] as const) {
  test(`${engine}: every core panel shows live data`, async ({ page }) => {
    await page.goto(appUrl({ prom: PROM(), engine, from: 'now-30m', refresh: 'off' }));
    for (const s of ['Requests', 'Throughput', 'Latency', 'Saturation', 'Cache', 'Advanced'])
      await expect(page.getByRole('region', { name: s })).toBeVisible();
    for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok');
    await expect(page.getByRole('radio', { name: engine === 'vllm' ? 'vLLM' : 'SGLang' })).toHaveAttribute('aria-checked', 'true');
  });
}

test('the engine toggle switches every panel', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'itl', 'ok');
  await page.getByRole('radiogroup', { name: 'Engine' }).getByRole('radio', { name: 'SGLang' }).click();
  await expect(page).toHaveURL(/engine=sglang/);
  await expect(page.locator('[data-engine="sglang"]').first()).toBeVisible();
  for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok');
  // The PromQL behind a panel now names SGLang's series.
  const ttft = panel(page, 'ttft');
  await ttft.scrollIntoViewIfNeeded();
  await ttft.getByRole('button', { name: /Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  await expect(page.getByTestId('promql').first()).toContainText('sglang:time_to_first_token_seconds_bucket');
  await page.getByRole('button', { name: 'Close' }).click();
});

test('a model filter narrows the series and reaches the PromQL', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  const p = panel(page, 'request-rate');
  await expectPanelState(page, 'request-rate', 'ok');
  const rowsBefore = await p.locator('tbody tr').count();
  expect(rowsBefore).toBeGreaterThan(1);
  await page.getByRole('button', { name: /^Model:/ }).click();
  const first = page.getByRole('dialog', { name: 'Model' }).getByRole('checkbox').first();
  await first.check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/model=/);
  await expect(p.locator('tbody tr')).toHaveCount(1);
  await p.getByRole('button', { name: /Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  await expect(page.getByTestId('promql').first()).toContainText('model_name=');
});

test('a deep link restores the view, and back/forward work', async ({ page }) => {
  const url = appUrl({ prom: PROM(), engine: 'sglang', from: 'now-2h', to: 'now', refresh: '10s', theme: 'dark', collapsed: 'advanced' });
  await page.goto(url);
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: /Time range: Last 2h/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Refresh' })).toHaveValue('10s');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('region', { name: 'Advanced' }).getByRole('figure')).toHaveCount(0);
  await expectPanelState(page, 'ttft', 'ok');
  await page.getByRole('radio', { name: 'vLLM' }).click();
  await expect(page).toHaveURL(/engine=vllm/);
  await page.goBack();
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
});

test('one panel alone with panel= and kiosk=1; it asks nothing for the header it hides', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) asked.push(`${new URL(r.url()).pathname} ${requestForm(r).get('query') ?? ''}`);
  });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', panel: 'ttft', kiosk: '1', refresh: 'off' }));
  await expect(page.getByRole('figure')).toHaveCount(1);
  await expectPanelState(page, 'ttft', 'ok');
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toHaveCount(0);
  // The header's requests would leave after the first screen: once the page is quiet, none was sent.
  await page.waitForLoadState('networkidle');
  expect(asked.filter((a) => a.includes('/label/instance/values') || a.endsWith(' up == 0'))).toEqual([]);
});

for (const engine of ['vllm', 'sglang'] as const) {
  test(`${engine} with every feature on: every panel reaches ok, none in error`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(appUrl({ prom: PROM_ALL(), engine, from: 'now-30m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    // The sections below the first screen mount once it is in (src/dashboard/data/first-screen.ts).
    await expect.poll(() => page.locator('[role="figure"]').count()).toBeGreaterThan(30);
    const ids = await page.locator('[role="figure"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel-id') ?? ''));
    const notOk: string[] = [];
    for (const id of ids) {
      const p = panel(page, id);
      await p.scrollIntoViewIfNeeded();
      await expect(p).not.toHaveAttribute('data-state', 'loading', { timeout: 30_000 });
      const state = await p.getAttribute('data-state');
      // Panels the engine can never have are left out of its board, so nothing else than ok.
      if (state !== 'ok') notOk.push(`${id}=${state}`);
    }
    expect(notOk).toEqual([]);
    await page.screenshot({ path: `test-results/board-${engine}-features-all.png`, fullPage: true });
  });
}

test('SGLang: panels the engine never has are named, not drawn; panel= still explains one', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'sglang', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'ttft', 'ok');
  for (const id of ['prefill-time', 'decode-time', 'external-prefix-cache-hit-rate', 'spec-per-position-acceptance'])
    await expect(panel(page, id)).toHaveCount(0);
  const latency = page.getByTestId('not-reported-latency');
  await expect(latency).toHaveText('SGLang does not report, so not shown: Prefill time and Decode time');
  await expect(page.getByTestId('not-reported-cache')).toContainText('External prefix cache hit rate');
  // A name opens the panel alone, with the explanation and where to look instead.
  await latency.getByRole('button', { name: 'Prefill time' }).click();
  await expect(page).toHaveURL(/panel=prefill-time/);
  await expectPanelState(page, 'prefill-time', 'unavailable');
  await expect(panel(page, 'prefill-time')).toContainText('Not available for this engine');
  await expect(panel(page, 'prefill-time')).toContainText('look at TTFT');
  // vLLM has prefill and decode time: no such line in its latency section.
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'ttft', 'ok');
  await expect(panel(page, 'prefill-time')).toHaveCount(1);
  await expect(page.getByTestId('not-reported-latency')).toHaveCount(0);
});

test('panel menu: CSV and PNG export, full screen and back', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  const p = panel(page, 'ttft');
  await expectPanelState(page, 'ttft', 'ok');
  await p.getByRole('button', { name: /Panel menu/ }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^ttft-.*\.csv$/);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...rows] = text.trim().split(/\r?\n/);
  expect(header).toMatch(/^time,.*p95/);
  expect(rows.length).toBeGreaterThan(10);

  await p.getByRole('button', { name: /Panel menu/ }).click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export PNG' }).click()]);
  expect(png.suggestedFilename()).toMatch(/^ttft-.*\.png$/);
  const bytes = await (await png.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');

  await p.getByRole('button', { name: /Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Full screen' }).click();
  await expect(page).toHaveURL(/panel=ttft/);
  await expect(page.getByRole('figure')).toHaveCount(1);
  await page.goBack();
  await expect(page.getByRole('figure').nth(5)).toBeVisible();
});

test('dragging across a chart zooms the whole board to that range', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-1h', refresh: 'off' }));
  const p = panel(page, 'request-rate');
  await expectPanelState(page, 'request-rate', 'ok');
  const canvas = p.locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.4, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, y, { steps: 8 });
  await page.mouse.up();
  await expect(page).toHaveURL(/from=\d{13}&to=\d{13}/);
  const u = new URL(page.url());
  const span = Number(u.searchParams.get('to')) - Number(u.searchParams.get('from'));
  expect(span).toBeGreaterThan(5 * 60_000);
  expect(span).toBeLessThan(20 * 60_000);
  await expectPanelState(page, 'request-rate', 'ok');
});

test('a stat tile that sums a panel shares the panel\'s request; on a cold load every range query is sent once, the first before the first render', async ({ page }) => {
  const bodies: string[] = [];
  const ranges: Request[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/v1/query_range')) return;
    bodies.push(decodeURIComponent(requestForm(r).toString().replace(/\+/g, ' ')));
    ranges.push(r);
  });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(page.locator('[data-stat-id="request-rate"]')).toHaveAttribute('data-state', 'ok');
  const rate = bodies.filter((b) => b.includes('rate(vllm:request_success_total[') && !b.includes('finished_reason'));
  // One request for the Requests/s tile and the Request rate panel together, and it is the panel's.
  expect(rate).toHaveLength(1);
  expect(rate[0]).toContain('sum by (model_name)');
  // The boot path sends the first screen's range queries before React has rendered (src/app/first-screen/),
  // under the panels' own keys: no expression is asked twice, nor at a second step (a wrong width estimate).
  const steps = new Map<string, Set<string>>();
  for (const r of ranges) {
    const f = requestForm(r);
    const expr = f.get('query') ?? '';
    steps.set(expr, (steps.get(expr) ?? new Set()).add(`${f.get('start')}/${f.get('step')}`));
  }
  expect(ranges.length).toBeGreaterThan(10);
  expect([...steps].filter(([, s]) => s.size > 1)).toEqual([]);
  expect(ranges.length).toBe(steps.size);
  const { origin, commit } = await page.evaluate(() => ({ origin: performance.timeOrigin, commit: performance.getEntriesByName('inferwatch:first-commit')[0]?.startTime ?? 0 }));
  const firstRange = Math.min(...ranges.map((r) => r.timing().startTime - origin));
  expect(commit).toBeGreaterThan(0);
  expect(firstRange).toBeLessThan(commit);
});

test('Print the board loads every panel before the print dialog opens', async ({ page }) => {
  // The browser's dialog is replaced by a probe of what would be printed.
  await page.addInitScript(() => {
    window.print = () => {
      const figures = [...document.querySelectorAll('main [role="figure"]')];
      (window as unknown as { __printed: unknown }).__printed = {
        total: figures.length,
        loading: figures.filter((f) => f.getAttribute('data-state') === 'loading').map((f) => f.getAttribute('data-panel-id')),
      };
    };
  });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  // Panels far below the screen have not asked for their data: a plain print shows them loading.
  await expect.poll(() => page.locator('main [role="figure"][data-state="loading"]').count()).toBeGreaterThan(5);
  await page.getByRole('button', { name: 'Print the board' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: unknown }).__printed), { timeout: 45_000 }).toBeTruthy();
  const printed = (await page.evaluate(() => (window as unknown as { __printed: { total: number; loading: string[] } }).__printed));
  expect(printed.loading).toEqual([]);
  expect(printed.total).toBeGreaterThan(30);
  // Afterwards the action is ready again.
  await expect(page.getByRole('button', { name: 'Print the board' })).toBeEnabled();
});

test('the aborted + errored tile is a share of the finished requests, coloured by it, with aborts and errors apart', async ({ page }) => {
  const captured = page.waitForRequest((r) => r.url().includes('/api/v1/query_range') && (requestForm(r).get('query') ?? '').startsWith('sum(rate(vllm:request_success_total{finished_reason=~"abort|error"}'));
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  const tile = page.locator('[data-stat-id="abort-error-rate"]');
  await expect(tile).toHaveAttribute('data-state', 'ok');
  const form = requestForm(await captured);
  const win = /\[(\d+s)\]/.exec(form.get('query') ?? '')?.[1];
  expect(win).toBeTruthy();
  // The same share, written here, at the tile's last step.
  const at = async (matcher: string): Promise<number> => {
    const res = await page.request.post(`${PROM()}/api/v1/query_range`, {
      form: { query: `sum(rate(vllm:request_success_total${matcher}[${win}]))`, start: form.get('start')!, end: form.get('end')!, step: form.get('step')! },
    });
    const values = ((await res.json()) as { data: { result: Array<{ values: [number, string][] }> } }).data.result[0]?.values ?? [];
    return Number(values[values.length - 1]?.[1] ?? NaN);
  };
  const [all, aborts, errors] = [await at(''), await at('{finished_reason="abort"}'), await at('{finished_reason="error"}')];
  const share = (aborts + errors) / all;
  const shown = Number(await tile.getAttribute('data-value'));
  expect(shown).toBeCloseTo(share, 6);
  // Amber from 1 % of the requests, red from 5 % (the rules' HighErrorRatio), not at any abort at all.
  await expect(tile).toHaveAttribute('data-color', share >= 0.05 ? 'red' : share >= 0.01 ? 'amber' : 'green');
  const pct = (v: number) => formatValue(v, 'ratio', { locale: 'en-US' });
  await expect(tile.getByTestId('stat-detail')).toHaveText(`aborts ${pct(aborts / all)} · errors ${pct(errors / all)}`);
});
