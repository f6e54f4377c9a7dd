// Compare mode (issue 20) against the real Prometheus of the global setup (60 minutes of
// backfilled history): `compare=1h` overlays the request-rate panel with the same query an hour
// earlier, and those values are exactly what Prometheus answers to the same PromQL with `offset 1h`.
import type { Page } from '@playwright/test';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';

const PROM = () => process.env.PROM_DEFAULT!;

interface RangeRequest {
  expr: string;
  start: number;
  end: number;
  step: string;
}

/** The range requests the board sends whose PromQL contains `needle`. */
function captureRange(page: Page, needle: string): RangeRequest[] {
  const seen: RangeRequest[] = [];
  page.on('request', (r) => {
    if (!/\/api\/v1\/query_range$/.test(new URL(r.url()).pathname)) return;
    const b = new URLSearchParams(r.postData() ?? '');
    const expr = b.get('query') ?? '';
    if (expr.includes(needle)) seen.push({ expr, start: Number(b.get('start')), end: Number(b.get('end')), step: b.get('step') ?? '' });
  });
  return seen;
}

async function promRange(page: Page, expr: string, r: { start: number; end: number; step: string }): Promise<Map<string, Map<number, number>>> {
  const res = await page.request.post(`${PROM()}/api/v1/query_range`, { form: { query: expr, start: String(r.start), end: String(r.end), step: r.step } });
  const json = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> } };
  return new Map(json.data.result.map((s) => [s.metric.model_name ?? '', new Map(s.values.map(([t, v]) => [Math.round(t * 1000), Number(v)]))]));
}

async function csvOf(page: Page, panelId: string): Promise<{ header: string[]; rows: string[][] }> {
  await panel(page, panelId).getByRole('button', { name: /Panel menu/ }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...rows] = text.trim().split(/\r?\n/).map((l) => l.split(','));
  return { header: header ?? [], rows };
}

test('compare=1h doubles the request-rate series, and the earlier ones equal an `offset 1h` query', async ({ page }) => {
  // The backfill starts 60 minutes before the stack did: wait until an hour ago has samples.
  const earlierExpr = 'sum by (model_name) (rate(vllm:request_success_total[1m] offset 1h))';
  await expect
    .poll(async () => (await promRange(page, earlierExpr, { start: Date.now() / 1000 - 60, end: Date.now() / 1000, step: '15' })).size, { timeout: 120_000 })
    .toBeGreaterThan(0);

  const sent = captureRange(page, 'vllm:request_success_total');
  const all = captureRange(page, '');
  const instants: Array<{ expr: string; time: number }> = [];
  page.on('request', (r) => {
    if (!/\/api\/v1\/query$/.test(new URL(r.url()).pathname)) return;
    const b = new URLSearchParams(r.postData() ?? '');
    instants.push({ expr: b.get('query') ?? '', time: Number(b.get('time')) });
  });
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off', compare: '1h' }));
  await expectPanelState(page, 'request-rate', 'ok');
  const p = panel(page, 'request-rate');
  await expect(p).toHaveAttribute('data-compare', '1h');

  const { header, rows } = await csvOf(page, 'request-rate');
  const names = header.slice(1);
  const now = names.filter((n) => !n.endsWith('(1h ago)'));
  const earlier = names.filter((n) => n.endsWith('(1h ago)'));
  expect(now.length).toBeGreaterThan(0);
  expect(earlier.map((n) => n.replace(/ \(1h ago\)$/, '')).sort()).toEqual([...now].sort());
  // The legend names them too.
  await expect(p.getByRole('button', { name: `${now[0]} (1h ago)`, exact: true })).toBeVisible();

  // The board ran the very same expression over the window an hour earlier.
  const current = sent.find((r) => !sent.some((o) => o.expr === r.expr && o.start > r.start));
  expect(current).toBeDefined();
  const shifted = sent.find((r) => r.expr === current!.expr && r.start === current!.start - 3600 && r.end === current!.end - 3600);
  expect(shifted, 'a request for the earlier window').toBeDefined();

  // Prometheus's own `offset 1h` over the current window gives the same numbers at the same times.
  const offsetExpr = current!.expr.replace(/\[([0-9a-z]+)\]/g, '[$1] offset 1h');
  expect(offsetExpr).not.toBe(current!.expr);
  const direct = await promRange(page, offsetExpr, current!);
  let compared = 0;
  for (const row of rows) {
    const t = Date.parse(row[0] ?? '');
    earlier.forEach((name) => {
      const cell = row[1 + names.indexOf(name)];
      const model = name.replace(/ \(1h ago\)$/, '');
      const want = direct.get(model)?.get(t);
      if (cell === undefined || cell === '') {
        expect(want, `${model} at ${row[0]}`).toBeUndefined();
        return;
      }
      expect(want, `${model} at ${row[0]}`).toBeDefined();
      expect(Number(cell)).toBeCloseTo(want!, 9);
      compared++;
    });
  }
  expect(compared).toBeGreaterThan(0);

  // Stat tiles say how the value changed against an hour ago, as a machine-readable ratio.
  // The tile sums the panel's series: its change is (sum now − sum then) / sum then, at the last
  // step each has a value.
  const lastSum = (cols: string[]) => {
    for (let i = rows.length - 1; i >= 0; i--) {
      const cells = cols.map((n) => rows[i]![1 + names.indexOf(n)] ?? '').filter((c) => c !== '');
      if (cells.length > 0) return cells.reduce((a, c) => a + Number(c), 0);
    }
    return null;
  };
  const tile = page.locator('[data-stat-id="request-rate"]');
  await expect(tile).toHaveAttribute('data-compare', '1h');
  await expect(tile).toHaveAttribute('data-delta', /^-?[0-9.e-]+$/);
  const [nowSum, thenSum] = [lastSum(now), lastSum(earlier)];
  expect(Number(await tile.getAttribute('data-delta'))).toBeCloseTo((nowSum! - thenSum!) / thenSum!, 6);
  await expect(tile.getByTestId('stat-delta')).toContainText('vs 1h ago');
  await page.screenshot({ path: 'test-results/compare-1h.png', fullPage: false });

  // The model table gives every numeric cell its change against the same instant query at end − 1h.
  const table = panel(page, 'model-summary');
  await expectPanelState(page, 'model-summary', 'ok');
  await expect(table.locator('td[data-column="req-rate"][data-delta]').first()).toBeAttached();
  const reqRate = instants.find((q) => q.expr.includes('vllm:request_success_total') && instants.some((o) => o.expr === q.expr && o.time === q.time - 3600));
  expect(reqRate, 'an instant request at end − 1h').toBeDefined();
  const res = await page.request.post(`${PROM()}/api/v1/query`, { form: { query: reqRate!.expr, time: String(reqRate!.time - 3600) } });
  const then = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
  let checked = 0;
  for (const r of then.data.result) {
    const cell = table.locator(`tr[data-row-key="${r.metric.model_name}"] td[data-column="req-rate"]`);
    const v = Number(await cell.getAttribute('data-value'));
    const before = Number(r.value[1]);
    if (before === 0) continue;
    expect(Number(await cell.getAttribute('data-delta'))).toBeCloseTo((v - before) / before, 9);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);

  // One request per distinct query still holds with compare on: tiles and panels asking the same
  // expression over the same (current or earlier) window share it.
  const keys = all.map((r) => `${r.expr}|${r.start}|${r.end}|${r.step}`);
  expect(all.some((r) => r.start === current!.start - 3600)).toBe(true);
  expect(keys.length - new Set(keys).size, 'duplicate range requests').toBe(0);
});

test('the compare control sets compare= and a copied link keeps it, embedded too', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(panel(page, 'request-rate')).not.toHaveAttribute('data-compare', /.*/);
  const select = page.getByRole('combobox', { name: 'Compare' });
  await select.focus();
  await select.selectOption('1d');
  await expect(page).toHaveURL(/compare=1d/);
  await expect(panel(page, 'request-rate')).toHaveAttribute('data-compare', '1d');
  // A custom shift, typed and applied from the keyboard.
  await select.selectOption({ label: 'Custom…' });
  const input = page.getByRole('textbox', { name: /shifted back by/ });
  await input.fill('30m');
  await input.press('Enter');
  await expect(page).toHaveURL(/compare=30m/);

  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off', compare: '30m', panel: 'request-rate', kiosk: '1' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(panel(page, 'request-rate')).toHaveAttribute('data-compare', '30m');
  await expect(panel(page, 'request-rate').getByRole('button', { name: / \(30m ago\)$/ }).first()).toBeVisible();
});
