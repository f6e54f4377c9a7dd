// Compare mode against the real Prometheus of the global setup (60 minutes of
// backfilled history): `compare=1h` overlays the request-rate panel with the same query an hour
// earlier, and those values are exactly what Prometheus answers to the same PromQL with `offset 1h`;
// an A/B of the two models equals a direct query per model; vLLM vs SGLang draws both engines.
import type { Page } from '@playwright/test';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { requestForm } from '../scripts/lib/request-form';

const PROM = () => process.env.PROM_DEFAULT!;
// The two model names the simulated engines serve (both engines serve both).
const M1 = 'meta-llama/Llama-3.1-8B-Instruct';
const M2 = 'Qwen/Qwen2.5-32B-Instruct';

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
    const b = requestForm(r);
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
    const b = requestForm(r);
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

  // Stat tiles say how the value changed against an hour ago, as a machine-readable ratio, range
  // against range: the tile sums the panel's series at each step, and its change is
  // (mean now − mean then) / mean then over the steps each window has.
  const meanSum = (cols: string[]) => {
    const sums = rows.map((r) => cols.map((n) => r[1 + names.indexOf(n)] ?? '').filter((c) => c !== '')).filter((c) => c.length > 0).map((c) => c.reduce((a, x) => a + Number(x), 0));
    return sums.length ? sums.reduce((a, x) => a + x, 0) / sums.length : null;
  };
  const tile = page.locator('[data-stat-id="request-rate"]');
  await expect(tile).toHaveAttribute('data-compare', '1h');
  await expect(tile).toHaveAttribute('data-delta', /^-?[0-9.e-]+$/);
  await expect(tile).toHaveAttribute('data-delta-kind', 'relative');
  const [nowMean, thenMean] = [meanSum(now), meanSum(earlier)];
  expect(Number(await tile.getAttribute('data-delta'))).toBeCloseTo((nowMean! - thenMean!) / thenMean!, 6);
  // A share changes in percentage points, coloured by its bad direction (KV usage: up is bad).
  const kv = page.locator('[data-stat-id="kv-cache-usage"]');
  await expect(kv).toHaveAttribute('data-delta-kind', 'points');
  await expect(kv.getByTestId('stat-delta')).toContainText(/ pp vs 1h ago$/);
  const kvDelta = Number(await kv.getAttribute('data-delta'));
  if (kvDelta !== 0) await expect(kv).toHaveAttribute('data-delta-tone', kvDelta > 0 ? 'bad' : 'good');
  // Requests/s has no bad direction (no thresholds): its change is not coloured.
  await expect(tile).not.toHaveAttribute('data-delta-tone', /.*/);
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

  // A/B from the same control: label, then each side's values; then vLLM vs SGLang replaces it.
  await select.selectOption({ label: 'A/B by selection…' });
  // By label: with the label's values suggested (a datalist) the fields are comboboxes.
  await page.getByLabel('A values (comma-separated)').fill(M1);
  await page.getByLabel('B values (comma-separated)').fill(M2);
  await page.getByLabel('B values (comma-separated)').press('Enter');
  await expect(page).toHaveURL(/ab=model_name&a=meta-llama%2FLlama-3.1-8B-Instruct&b=Qwen%2FQwen2.5-32B-Instruct/);
  await expect(page).not.toHaveURL(/compare=/);
  await expect(panel(page, 'request-rate')).toHaveAttribute('data-compare', 'ab');
  await select.selectOption({ label: 'vLLM vs SGLang' });
  await expect(page).toHaveURL(/compare=engines/);
  await expect(page).not.toHaveURL(/ab=/);
  // Shown once, by its name (not as a shift).
  await expect(select.locator('option[value="engines"]')).toHaveCount(1);
  await expect(select.locator('option:checked')).toHaveText('vLLM vs SGLang');

  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off', compare: '30m', panel: 'request-rate', kiosk: '1' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(panel(page, 'request-rate')).toHaveAttribute('data-compare', '30m');
  await expect(panel(page, 'request-rate').getByRole('button', { name: / \(30m ago\)$/ }).first()).toBeVisible();
});

/** The one series a direct range query answers, by timestamp (ms). */
async function promOne(page: Page, expr: string, r: { start: number; end: number; step: string }): Promise<Map<number, number>> {
  const all = await promRange(page, expr, r);
  expect(all.size, expr).toBe(1);
  return [...all.values()][0]!;
}

test('A/B of the two simulated models: both on the request-rate panel, each equal to a direct query for its model', async ({ page }) => {
  const sent = captureRange(page, 'vllm:request_success_total');
  const all = captureRange(page, '');
  // SLOs on too: the header must still fit (checked at the end).
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off', ab: 'model_name', a: M1, b: M2, slo_ttft: '0.5', slo_itl: '0.05' }));
  await expectPanelState(page, 'request-rate', 'ok');
  const p = panel(page, 'request-rate');
  await expect(p).toHaveAttribute('data-compare', 'ab');
  await expect(p.getByRole('button', { name: `A: ${M1}`, exact: true })).toBeVisible();
  await expect(p.getByRole('button', { name: `B: ${M2}`, exact: true })).toBeVisible();

  const { header, rows } = await csvOf(page, 'request-rate');
  expect(header.slice(1)).toEqual([`A: ${M1}`, `B: ${M2}`]);
  // The board's request for side A: the window and rate interval it used.
  const reqA = sent.find((r) => r.expr.includes(`model_name="${M1}"`) && r.expr.includes('sum by () (rate('));
  expect(reqA, 'a range request for side A').toBeDefined();
  const rate = /\[([0-9a-z]+)\]/.exec(reqA!.expr)![1];
  // Written here, not copied from the board: the model's request rate, straight from Prometheus.
  const direct = [M1, M2].map((m) => promOne(page, `sum(rate(vllm:request_success_total{model_name="${m}"}[${rate}]))`, reqA!));
  const [wantA, wantB] = await Promise.all(direct);
  let compared = 0;
  for (const row of rows) {
    const t = Date.parse(row[0] ?? '');
    [wantA!, wantB!].forEach((want, i) => {
      const cell = row[1 + i];
      if (cell === undefined || cell === '') return;
      expect(want.get(t), `${header[1 + i]} at ${row[0]}`).toBeDefined();
      expect(Number(cell)).toBeCloseTo(want.get(t)!, 9);
      compared++;
    });
  }
  expect(compared).toBeGreaterThan(10);

  // The summary names the panels that differ most, with both range means and B against A.
  const summary = page.getByRole('region', { name: 'A vs B' });
  await expect(summary.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  // Its request-rate row: the range means of the two direct queries, and B against A.
  const rr = summary.locator('tr[data-row-key="request-rate/rate"]');
  const mean = (m: Map<number, number>) => [...m.values()].reduce((x, v) => x + v, 0) / m.size;
  const [a, b, diff] = await Promise.all(['data-a', 'data-b', 'data-diff'].map((k) => rr.getAttribute(k).then(Number)));
  expect(a).toBeCloseTo(mean(wantA!), 9);
  expect(b).toBeCloseTo(mean(wantB!), 9);
  expect(diff).toBeCloseTo((b! - a!) / a!, 9);
  await page.screenshot({ path: 'test-results/compare-ab.png', fullPage: false });

  // Its TTFT p95 is the Models table's figure for the same model (over the whole range), not the
  // mean of the p95 line; B's likewise.
  const ttft = summary.locator('tr[data-row-key="ttft/p95"]');
  await expect(ttft).toHaveAttribute('data-over', 'range');
  const models = panel(page, 'model-summary');
  await models.scrollIntoViewIfNeeded();
  await expectPanelState(page, 'model-summary', 'ok');
  for (const [m, side] of [[M1, 'data-a'], [M2, 'data-b']] as const) {
    const cell = Number(await models.locator(`tr[data-row-key="${m}"] td[data-column="ttft-p95"]`).getAttribute('data-value'));
    expect(Number(await ttft.getAttribute(side)), `${side} TTFT p95 against the Models table`).toBeCloseTo(cell, 9);
  }
  // The form suggests the label's values seen in the range.
  await page.getByRole('button', { name: 'Edit A/B' }).click();
  await expect(page.locator('[data-testid="ab-values"] option')).toHaveCount(2);
  await expect(page.locator(`[data-testid="ab-values"] option[value="${M1}"]`)).toHaveCount(1);
  await page.keyboard.press('Escape');

  // One request per distinct query with A/B on: the summary and the panels share theirs.
  const keys = all.map((r) => `${r.expr}|${r.start}|${r.end}|${r.step}`);
  expect(keys.length - new Set(keys).size, 'duplicate range requests').toBe(0);

  // At 1440 px (the viewport) the header stays two rows with SLOs and A/B on, the language
  // picker on the first, in both languages.
  for (const lang of ['en', 'zh-CN'] as const) {
    if (lang === 'zh-CN') await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const rows = await page.locator('.iw-header > div').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    const url = (await page.locator('.iw-url-form').boundingBox())!;
    const language = (await page.locator('.iw-header-row > label').last().boundingBox())!;
    expect(rows, lang).toHaveLength(2);
    // One line: the first row is less than two controls tall.
    expect(rows[0]!, `${lang}: first row height`).toBeLessThan(url.height * 2);
    expect(Math.abs(language.y - url.y), `${lang}: the language picker sits on the URL field's row`).toBeLessThan(url.height / 2);
    expect(language.x + language.width).toBeLessThanOrEqual(1440);
  }
});

test('vLLM vs SGLang: both engines on the TTFT panel, each from its own PromQL; a panel measured differently says so instead', async ({ page }) => {
  const all = captureRange(page, '');
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-5m', refresh: 'off', compare: 'engines' }));
  await expectPanelState(page, 'ttft', 'ok');
  const p = panel(page, 'ttft');
  await expect(p).toHaveAttribute('data-compare', 'engines');
  const { header } = await csvOf(page, 'ttft');
  for (const engine of ['vLLM', 'SGLang']) for (const m of [M1, M2]) expect(header).toContain(`${engine} · ${m} p95`);
  await expect(p.locator('[data-compare-note="buckets"]')).toBeVisible();
  expect(all.some((r) => r.expr.includes('sglang:time_to_first_token_seconds_bucket'))).toBe(true);
  expect(all.some((r) => r.expr.includes('vllm:time_to_first_token_seconds_bucket'))).toBe(true);

  await expectPanelState(page, 'kv-cache-usage', 'ok');
  const kv = panel(page, 'kv-cache-usage');
  await expect(kv.locator('[data-compare-note="perRank"]')).toBeVisible();
  await expect(kv.getByRole('button', { name: /^SGLang · / })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/compare-engines.png', fullPage: false });

  const keys = all.map((r) => `${r.expr}|${r.start}|${r.end}|${r.step}`);
  expect(keys.length - new Set(keys).size, 'duplicate range requests').toBe(0);
});

