// Trust at the edges (issue 19, items 3–9): the latest step, legends, PNG export, the header's
// health summary, embedding at the README's size, keyboard, and the smaller header fixes. Against
// the real Prometheus; faults a real server cannot make on demand come from the fault proxy.
// docs/reliability.md (section "At the edges") lists each case and what the user sees.
import type { Page } from '@playwright/test';
import { formatValue } from '../src/lib/units';
import { appUrl, expectPanelState, panel } from './fixtures';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy';
import { freePortBlock } from './support/ports';
import { expect, test } from './support/fault-test';

const PROM = () => process.env.PROM_DEFAULT!;
test.use({ timezoneId: 'UTC', locale: 'en-US' });

let proxy: FaultProxy;
test.beforeAll(async () => {
  proxy = await startFaultProxy(PROM(), await freePortBlock(1, 29300, 29400));
});
test.afterAll(async () => {
  await proxy?.close();
});
test.beforeEach(() => proxy.reset());

const board = (params: Record<string, string | string[]> = {}) => appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off', ...params });
const legendRows = (page: Page, id: string) => panel(page, id).locator('.iw-legend tbody tr');
/** The legend's cells for each row: [name, last, mean, max]. */
const legendCells = (page: Page, id: string) =>
  legendRows(page, id).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? '')));
const num = (text: string) => Number(text.replace(/[^\d.]/g, ''));

// ── 3. The latest point ──────────────────────────────────────────────────────────────────────

type Matrix = { data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> } };

/** Makes the newest step of the first model's request rate missing, as when its scrape is late. */
function lateScrape(expected: Map<string, number>) {
  proxy.reset([
    {
      path: '/api/v1/query_range',
      query: 'sum by (model_name) (rate(vllm:request_success_total[',
      action: {
        rewrite: (json) => {
          const { result } = (json as unknown as Matrix).data;
          // The first series misses the newest step (a scrape not in yet): exactly one step behind,
          // never two. Targets are scraped at different offsets, so the answer itself may already end
          // one series a step early; one more would make it a series that ended (latest-step.ts).
          const newest = Math.max(...result.map((s) => s.values.at(-1)?.[0] ?? -Infinity));
          if (result[0]?.values.at(-1)?.[0] === newest) result[0].values.pop();
          // The last timestamp every series has reached, and each series' value there.
          const lastTs = Math.min(...result.map((s) => s.values.at(-1)?.[0] ?? Infinity));
          for (const s of result) expected.set(s.metric.model_name ?? '', Number(s.values.filter(([t]) => t <= lastTs).at(-1)?.[1]));
          return json;
        },
      },
    },
  ]);
}

test('3. legend "Last" is the value at the last step every series has reached', async ({ page }) => {
  const expected = new Map<string, number>();
  lateScrape(expected);
  await page.goto(board({ prom: proxy.url }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect.poll(() => expected.size).toBeGreaterThanOrEqual(2);
  const cells = await legendCells(page, 'request-rate');
  expect(cells.length).toBe(expected.size);
  for (const [name, last] of cells) expect(last, name).toBe(formatValue(expected.get(name!) ?? NaN, 'reqps', { locale: 'en-US' }));
});

// The tile half needs stat-tile.tsx to sum trimIncompleteSteps(series) (the lead wires it).
test('3. the Requests/s tile equals the sum of the request-rate panel\'s per-model last values', async ({ page }) => {
  const expected = new Map<string, number>();
  lateScrape(expected);
  await page.goto(board({ prom: proxy.url }));
  await expectPanelState(page, 'request-rate', 'ok');
  const tile = page.locator('[data-stat-id="request-rate"]');
  await expect(tile).toHaveAttribute('data-state', 'ok');
  const lasts = (await legendCells(page, 'request-rate')).map(([, last]) => num(last ?? ''));
  const sum = lasts.reduce((a, b) => a + b, 0);
  const shown = num((await tile.locator('.iw-stat-value').textContent()) ?? '');
  // Both sides are rounded to three significant digits for display.
  expect(Math.abs(shown - sum)).toBeLessThanOrEqual(0.01 * Math.max(shown, sum) + 0.002);
});

// ── 4. Legends ───────────────────────────────────────────────────────────────────────────────

test('4. legend columns sort from their headers, and a series keeps its colour when a filter changes', async ({ page }) => {
  await page.goto(board());
  await expectPanelState(page, 'request-rate', 'ok');
  const p = panel(page, 'request-rate');
  const colorOf = async () => Object.fromEntries(await legendRows(page, 'request-rate').evaluateAll((rows) => rows.map((r) => [r.querySelector('td')?.textContent ?? '', r.querySelector('.iw-swatch')?.getAttribute('data-color') ?? ''])));
  const before = await colorOf();
  const models = Object.keys(before).sort();
  expect(models.length).toBeGreaterThanOrEqual(2);

  const last = p.getByRole('columnheader', { name: /Last/ });
  await last.getByRole('button').click();
  await expect(last).toHaveAttribute('aria-sort', 'descending');
  const lasts = (await legendCells(page, 'request-rate')).map(([, l]) => num(l ?? ''));
  expect(lasts).toEqual([...lasts].sort((a, b) => b - a));
  await last.getByRole('button').click();
  await expect(last).toHaveAttribute('aria-sort', 'ascending');

  // Keep only the second model (by name): before the fix it took the first colour of the palette.
  const second = models[1]!;
  await page.getByRole('button', { name: /^Model:/ }).click();
  await page.getByRole('checkbox', { name: second }).check();
  await page.keyboard.press('Escape');
  await expect(legendRows(page, 'request-rate')).toHaveCount(1);
  expect((await colorOf())[second]).toBe(before[second]);
});

// ── 5. PNG export ────────────────────────────────────────────────────────────────────────────

test('5. the exported PNG carries title, range with time zone, backend and engine, filters and legend', async ({ page }) => {
  // Every string drawn on any canvas, so the test can read the picture's captions.
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { drawnText: string[] }).drawnText = drawn;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      drawn.push(String(text));
      return maxWidth === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, maxWidth);
    };
  });
  await page.goto(board());
  await expectPanelState(page, 'request-rate', 'ok');
  const names = (await legendCells(page, 'request-rate')).map(([n]) => n!);
  await page.evaluate(() => ((window as unknown as { drawnText: string[] }).drawnText.length = 0));
  const p = panel(page, 'request-rate');
  await p.getByRole('button', { name: /Panel menu/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export PNG' }).click();
  expect((await download).suggestedFilename()).toMatch(/^request-rate-.*\.png$/);
  const text = (await page.evaluate(() => (window as unknown as { drawnText: string[] }).drawnText)).join('\n');
  expect(text).toContain('Request rate');
  expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d → .*UTC/);
  expect(text).toContain(`vLLM · ${PROM()}`);
  expect(text).toContain('Filters: none');
  for (const n of names) expect(text).toContain(n);
});

// ── 6. Verdict at a glance ───────────────────────────────────────────────────────────────────

async function vllmInstances(): Promise<string[]> {
  const r = await fetch(`${PROM()}/api/v1/label/instance/values?match[]=vllm:num_requests_running`);
  return ((await r.json()) as { data: string[] }).data;
}

test('6. the header says how many of this engine\'s targets are up, and names the down ones', async ({ page }) => {
  const instances = await vllmInstances();
  const health = page.getByRole('group', { name: 'Health' });
  await page.goto(board({ prom: proxy.url }));
  await expect(health.locator('[data-health="targets"]')).toHaveText(`${instances.length}/${instances.length} targets up`);
  await expect(health.locator('[data-health="targets"]')).toHaveAttribute('data-status', 'up');

  // One vLLM target stops answering its scrapes.
  proxy.reset([
    {
      path: '/api/v1/query',
      query: 'up == 0',
      action: { reply: { body: { status: 'success', data: { resultType: 'vector', result: [{ metric: { __name__: 'up', instance: instances[0], job: 'vllm' }, value: [Date.now() / 1000, '0'] }] } } } },
    },
  ]);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await page.reload();
  const targets = health.locator('[data-health="targets"]');
  await expect(targets).toHaveText(`${instances.length - 1}/${instances.length} targets up`);
  await expect(targets).toHaveAttribute('data-status', 'down');
  await expect(targets).toHaveAttribute('title', `vLLM targets down: ${instances[0]}`);
});

// Needs stat-tile.tsx to reportStatVerdict(...) and use STAT_COLORS / the reason as its title (lead).
test('6. the worst stat is in the header with its reason; tiles without thresholds are not green', async ({ page }) => {
  await page.goto(board());
  const worst = page.getByRole('group', { name: 'Health' }).locator('[data-health="worst-stat"]');
  await expect(worst).toHaveAttribute('title', /threshold|starts/);
  const rate = page.locator('[data-stat-id="request-rate"] .iw-stat-value');
  const ttft = page.locator('[data-stat-id="ttft-p95"] .iw-stat-value');
  const color = (l: typeof rate) => l.evaluate((e) => getComputedStyle(e).color);
  expect(await color(rate)).not.toBe(await color(ttft));
  await expect(page.locator('[data-stat-id="ttft-p95"]')).toHaveAttribute('title', /below|above/);
});

// ── 7. Embedding at the README's size ────────────────────────────────────────────────────────

test('7. panel=ttft&kiosk=1 fits a 600×320 frame: the whole panel inside, the chart taller than 140 px', async ({ page }) => {
  const src = appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off', panel: 'ttft', kiosk: '1' });
  await page.setContent(`<iframe id="f" src="${src}" width="600" height="320" style="border:0"></iframe>`);
  const frame = page.frameLocator('#f');
  const fig = frame.locator('[data-panel-id="ttft"]');
  await expect(fig).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  const canvas = fig.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const panelBox = await fig.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  expect(panelBox.bottom).toBeLessThanOrEqual(320);
  const chartH = await canvas.evaluate((e) => e.getBoundingClientRect().height);
  expect(chartH).toBeGreaterThan(140);
  // The legend is inside the frame; if it has more rows than fit, it scrolls inside itself.
  const legend = await fig.locator('.iw-legend').evaluate((e) => ({ bottom: e.getBoundingClientRect().bottom, overflowY: getComputedStyle(e).overflowY }));
  expect(legend.bottom).toBeLessThanOrEqual(320);
  expect(legend.overflowY).toBe('auto');
});

// ── 8. Keyboard ──────────────────────────────────────────────────────────────────────────────

/** The focused element's outline rectangle lies inside every ancestor that clips (overflow ≠ visible). */
async function focusRingClipped(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing focused';
    const cs = getComputedStyle(el);
    const w = parseFloat(cs.outlineWidth) + Math.max(0, parseFloat(cs.outlineOffset));
    if (cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0) return 'no outline';
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const ac = getComputedStyle(a);
      if (ac.overflowX === 'visible' && ac.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left - w < b.left || r.top - w < b.top || r.right + w > b.right || r.bottom + w > b.bottom) return `clipped by ${a.className}`;
    }
    return null;
  });
}

test('8. keyboard: the engine toggle shows its whole focus ring; a time preset and full screen keep focus; Esc leaves full screen', async ({ page }) => {
  await page.goto(board());
  await expectPanelState(page, 'request-rate', 'ok');
  await page.evaluate(() => window.scrollTo(0, 0));

  // Tab from the start of the page to the engine toggle.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'radio')) break;
  }
  await expect(page.getByRole('radio', { name: 'vLLM' })).toBeFocused();
  expect(await focusRingClipped(page)).toBeNull();

  // A time preset, by keyboard: focus returns to the time range button.
  const trigger = page.getByRole('button', { name: /^Time range:/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '6h', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/from=now-6h/);
  await expect(trigger).toBeFocused();

  // Full screen from the panel menu, by keyboard: focus lands in the full-screen panel.
  const menu = panel(page, 'request-rate').getByRole('button', { name: /Panel menu/ });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Show PromQL' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Full screen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/panel=request-rate/);
  await expect(panel(page, 'request-rate').getByRole('button', { name: /Panel menu/ })).toBeFocused();

  // Esc leaves full screen, and focus is back on the panel's menu button in the board.
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/panel=/);
  await expect(panel(page, 'output-tokens-rate')).toHaveCount(1);
  await expect(panel(page, 'request-rate').getByRole('button', { name: /Panel menu/ })).toBeFocused();
});

// ── 9. Smaller ───────────────────────────────────────────────────────────────────────────────

test('9. the header keeps its height when an absolute range or a URL error appears; dates read like the axes', async ({ page }) => {
  await page.goto(board());
  await expectPanelState(page, 'request-rate', 'ok');
  const header = page.locator('header');
  const height = () => header.evaluate((e) => e.getBoundingClientRect().height);
  const before = await height();

  const end = Date.UTC(2026, 0, 2, 14, 30);
  await page.goto(board({ from: String(end - 3_600_000), to: String(end) }));
  const trigger = page.getByRole('button', { name: /^Time range:/ });
  await expect(trigger).toContainText('01-02 13:30 → 14:30 UTC');
  await expect(trigger).toHaveAttribute('title', '2026-01-02 13:30:00 → 14:30:00 UTC');
  await expect(trigger).not.toContainText(/AM|PM/);
  expect(await height()).toBe(before);

  await page.getByRole('textbox', { name: 'Prometheus URL' }).fill('ftp://nope');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.locator('#prom-url-error')).toBeVisible();
  expect(await height()).toBe(before);
});

// Needs stat-tile.tsx to call scrollToPanel(target) (src/dashboard/panel/scroll-to-panel.ts; the lead wires it).
test('9. clicking a tile brings its panel to the middle of the screen', async ({ page }) => {
  await page.goto(board());
  await page.locator('[data-stat-id="prefix-cache-hit-rate"] a').click();
  const p = panel(page, 'prefix-cache-hit-rate');
  await expect(p).toHaveAttribute('data-state', 'ok');
  await expect
    .poll(async () => {
      const { top, bottom } = await p.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
      return Math.abs((top + bottom) / 2 - 900 / 2);
    })
    .toBeLessThan(80);
});

test('9. Chinese labels are whole: the rate window reads 速率窗口', async ({ page }) => {
  await page.goto(board({ lang: 'zh-CN' }));
  await expect(page.getByText('速率窗口')).toBeVisible();
  await expect(page.getByText('rate 窗口')).toHaveCount(0);
});
