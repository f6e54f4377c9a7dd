// SLO attainment (issue 12) against a real Prometheus: the tile's data-value equals the ratio
// Prometheus computes directly; between bucket bounds the interval ends are the attainments at the
// neighbouring bounds; a backend storing integer-form `le` ("1") answers like one storing "1.0";
// bad thresholds in the URL leave a note and a working board; the header control sets them.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectPanelState, test } from './fixtures';

const TTFT = 'vllm:time_to_first_token_seconds';
const E2E = 'vllm:e2e_request_latency_seconds';
const TOL = 0.005; // 0.5 percentage points
// Each test waits for the tiles' chain (names → bounds → instant queries) behind the board's own
// requests; on a loaded machine that approaches the 60 s default.
test.describe.configure({ timeout: 120_000 });

/** A fixed 30-minute window ending on a whole minute, so the app and the direct query agree. */
function fixedWindow(): { from: string; to: string; endSec: number; seconds: number } {
  const endMs = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  return { from: String(endMs - 30 * 60_000), to: String(endMs), endSec: endMs / 1000, seconds: 1800 };
}

async function instant(prom: string, expr: string, time: number): Promise<number | null> {
  const u = new URL(`${prom}/api/v1/query`);
  u.searchParams.set('query', expr);
  u.searchParams.set('time', String(time));
  const body = (await (await fetch(u)).json()) as { data: { result: Array<{ value: [number, string] }> } };
  const v = body.data.result[0]?.value[1];
  return v === undefined ? null : Number(v);
}

/** The attainment at one bucket bound, straight from Prometheus. */
function ratioAt(prom: string, le: string, w: ReturnType<typeof fixedWindow>, family = TTFT) {
  const r = `[${w.seconds}s]`;
  return instant(prom, `sum(rate(${family}_bucket{le="${le}"}${r})) / sum(rate(${family}_count${r}))`, w.endSec);
}

async function tileValues(page: Page, id: string) {
  const tile = page.locator(`[data-stat-id="${id}"]`);
  await expect(tile).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
  const num = async (a: string) => {
    const v = await tile.getAttribute(a);
    return v === null ? null : Number(v);
  };
  return { value: await num('data-value'), low: await num('data-value-low'), high: await num('data-value-high'), title: await tile.getAttribute('title') };
}

async function openBoard(page: Page, prom: string, w: ReturnType<typeof fixedWindow>, slo: Record<string, string>) {
  await page.goto(appUrl({ prom, engine: 'vllm', from: w.from, to: w.to, refresh: 'off', collapsed: 'requests,throughput,saturation,cache,advanced', ...slo }));
}

test('threshold on a bucket bound: data-value is the ratio Prometheus computes, within 0.5 pp', async ({ page }) => {
  const prom = process.env.PROM_DEFAULT!;
  const w = fixedWindow();
  await openBoard(page, prom, w, { slo_ttft: '0.5' });
  const t = await tileValues(page, 'ttft-slo');
  const direct = await ratioAt(prom, '0.5', w);
  expect(direct).not.toBeNull();
  expect(Math.abs(t.value! - direct!)).toBeLessThanOrEqual(TOL);
  // Exact: no interval.
  expect(t.low).toBeNull();
  expect(t.high).toBeNull();
  // The model summary gains the SLO as a column, a percentage per model.
  const summary = page.locator('[data-panel-id="model-summary"]');
  await expect(summary.locator('th', { hasText: 'TTFT ≤ 0.5 s' })).toBeVisible();
  await expect(summary).toHaveAttribute('data-state', 'ok');
  const ttftCol = await summary.locator('th').allTextContents();
  const idx = ttftCol.findIndex((h) => h.includes('TTFT ≤ 0.5 s'));
  await expect(summary.locator('tbody tr').first().locator('td, th').nth(idx)).toContainText('%');
  // Each SLO cell is coloured against the objective (99 % by default) as the attainment tile is:
  // green when met, red from the 1 h paging burn (14.4×), amber between; the reason in its title.
  const cells = summary.locator('td[data-column="ttft-slo"]');
  expect(await cells.count()).toBe(2);
  for (const cell of await cells.all()) {
    const v = Number(await cell.getAttribute('data-value'));
    const expected = v >= 0.99 ? 'green' : (1 - v) / 0.01 >= 14.4 ? 'red' : 'amber';
    await expect(cell.locator('[data-color]')).toHaveAttribute('data-color', expected);
    await expect(cell.locator('[data-color]')).toHaveAttribute('title', expected === 'green' ? /meets the objective \(99 %\)/ : /below the objective \(99 %\)/);
  }
});

test('threshold between bounds: low/high are the attainments at the neighbouring bounds and bracket the headline', async ({ page }) => {
  const prom = process.env.PROM_DEFAULT!;
  const w = fixedWindow();
  // vLLM's TTFT buckets have 0.25 and 0.5, nothing between.
  await openBoard(page, prom, w, { slo_ttft: '300ms' });
  const t = await tileValues(page, 'ttft-slo');
  const [lo, hi] = [await ratioAt(prom, '0.25', w), await ratioAt(prom, '0.5', w)];
  expect(Math.abs(t.low! - lo!)).toBeLessThanOrEqual(TOL);
  expect(Math.abs(t.high! - hi!)).toBeLessThanOrEqual(TOL);
  expect(t.low!).toBeLessThanOrEqual(t.value!);
  expect(t.value!).toBeLessThanOrEqual(t.high!);
  // The tooltip names the bounds.
  expect(t.title).toContain('250 ms');
  expect(t.title).toContain('500 ms');
  // The Models table's cells for it are interpolated too: "≈", and the bounds in the title.
  const cell = page.locator('[data-panel-id="model-summary"] td[data-column="ttft-slo"]').first();
  await expect(cell).toContainText(/^≈ \d/);
  await expect(cell.locator('[data-color]')).toHaveAttribute('title', /between the bucket bounds 250 ms and 500 ms/);
  // The burn-rate panel draws from the same histograms.
  await expectPanelState(page, 'slo-burn-rate', 'ok', 45_000);
});

test.describe('integer-form le ("1" as Prometheus 3 stores it)', () => {
  test('the backend holds "1", not "1.0", and the tiles give the same answer as with "1.0"', async ({ page }) => {
    // Three board loads on a machine shared with other runs.
    test.setTimeout(180_000);
    // The global setup's features stack writes integer-form `le` (no stack of its own here).
    const intProm = process.env.PROM_FEATURES!;
    const les = (await (await fetch(`${intProm}/api/v1/label/le/values?match[]=${TTFT}_bucket`)).json()) as { data: string[] };
    expect(les.data).toContain('1');
    expect(les.data).not.toContain('1.0');
    const w = fixedWindow();
    // E2E at 10 s: a bound spelled "10" here and "10.0" on the default stack (most requests fall
    // around it, so a wrong match would show). Then 7 s, between the bounds 5 and 10.
    await openBoard(page, intProm, w, { slo_e2e: '10' });
    const exact = await tileValues(page, 'e2e-slo');
    expect(Math.abs(exact.value! - (await ratioAt(intProm, '10', w, E2E))!)).toBeLessThanOrEqual(TOL);
    expect(exact.low).toBeNull();
    await openBoard(page, intProm, w, { slo_e2e: '7' });
    const between = await tileValues(page, 'e2e-slo');
    expect(Math.abs(between.low! - (await ratioAt(intProm, '5', w, E2E))!)).toBeLessThanOrEqual(TOL);
    expect(Math.abs(between.high! - (await ratioAt(intProm, '10', w, E2E))!)).toBeLessThanOrEqual(TOL);
    // The same threshold on the "10.0" backend is matched as exactly.
    const def = process.env.PROM_DEFAULT!;
    await openBoard(page, def, w, { slo_e2e: '10' });
    const exactDefault = await tileValues(page, 'e2e-slo');
    expect(Math.abs(exactDefault.value! - (await ratioAt(def, '10.0', w, E2E))!)).toBeLessThanOrEqual(TOL);
    expect(exactDefault.low).toBeNull();
  });
});

test('bad thresholds in the URL leave a note and a working board', async ({ page }) => {
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT!, engine: 'vllm', from: 'now-30m', refresh: 'off', slo_ttft: '-1', slo_itl: 'fast', slo_e2e: '20s' }));
  const note = page.getByText('Some link parameters were ignored');
  await expect(note).toBeVisible();
  await expect(page.locator('main')).toContainText('slo_ttft="-1"');
  await expect(page.locator('main')).toContainText('slo_itl="fast"');
  await expect(page.locator('[data-stat-id="ttft-slo"]')).toHaveCount(0);
  await expect(page.locator('[data-stat-id="e2e-slo"]')).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
  await expectPanelState(page, 'ttft', 'ok');
});

test('the header control sets thresholds by keyboard, says ITL counts tokens, and passes axe', async ({ page }) => {
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT!, engine: 'vllm', from: 'now-30m', refresh: 'off' }));
  await expect(page.locator('[data-stat-id="itl-slo"]')).toHaveCount(0);
  const button = page.getByRole('button', { name: 'SLO', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Latency SLOs' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('share of output tokens');
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // TTFT has focus; Tab to ITL, type with a unit, Enter applies.
  await page.keyboard.press('Tab');
  await page.keyboard.type('50ms');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/slo_itl=0\.05/);
  await expect(page.locator('[data-stat-id="itl-slo"]')).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'SLO · 1' })).toBeFocused();
});

test('a burn window with less data than its length says so; goodput is coloured by the objective', async ({ page }) => {
  // The default stack has about an hour of history: a full 1 h window, not a 6 h one.
  const prom = process.env.PROM_DEFAULT!;
  const w = fixedWindow();
  await openBoard(page, prom, w, { slo_ttft: '0.5', slo_e2e: '10' });
  const six = page.locator('[data-stat-id="slo-burn-6h"]');
  await expect(six).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
  await expect(six).toHaveAttribute('data-partial', 'true');
  await expect(six.getByTestId('stat-partial')).toContainText(/^from .+ of data$/);
  // The span is the first sample of the TTFT count in the 6 h window, as Prometheus has it.
  const u = new URL(`${prom}/api/v1/query_range`);
  for (const [k, v] of Object.entries({ query: `max(${TTFT}_count)`, start: String(w.endSec - 21_600), end: String(w.endSec), step: '30' })) u.searchParams.set(k, v);
  const values = ((await (await fetch(u)).json()) as { data: { result: Array<{ values: [number, string][] }> } }).data.result[0]?.values ?? [];
  const span = w.endSec - Number(values[0]?.[0]);
  // Both are at the window's end; each is within one of its steps (the tile's 90 s, this 30 s).
  expect(Math.abs(Number(await six.getAttribute('data-span-sec')) - span)).toBeLessThanOrEqual(90 + 30 + 5);
  await expect(page.locator('[data-stat-id="slo-burn-1h"]')).not.toHaveAttribute('data-partial', /.*/);
  // Goodput's interval against the objective 0.99.
  const g = await tileValues(page, 'slo-goodput');
  const low = g.low ?? g.value!;
  const high = g.high ?? g.value!;
  await expect(page.locator('[data-stat-id="slo-goodput"]')).toHaveAttribute('data-color', low >= 0.99 ? 'green' : high < 0.99 ? 'red' : 'amber');
});
