// Export (issue 54): the board as a Grafana and a Perses file, from the header and from the CLI, on
// the default stack. Every exported expression, with the board's rate window and "All" for the
// filters, is the one the board sent for that panel (requests captured, worker included); and,
// written as Grafana runs it ("All" = `.*`), it returns the same series as the board's query.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { boardForm } from '../src/export/variables';
import { appUrl, expect, expectPanelState, test } from './fixtures';

const run = promisify(execFile);
const PROM = () => process.env.PROM_DEFAULT ?? '';
const TSX = 'node_modules/.bin/tsx';

interface Target { expr: string; panel: string; type: string }

/** Loads every panel (the print action, with the dialog stubbed) and returns the expressions the board sent. */
async function boardQueries(page: Page, engine: string): Promise<Set<string>> {
  const sent = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!u.pathname.endsWith('/api/v1/query_range') && !u.pathname.endsWith('/api/v1/query')) return;
    const q = u.searchParams.get('query') ?? new URLSearchParams(r.postData() ?? '').get('query');
    if (q) sent.add(q);
  });
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { __printed: boolean }).__printed = true;
    };
  });
  await page.goto(appUrl({ prom: PROM(), engine, refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await page.getByRole('button', { name: 'Print the board' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: boolean }).__printed ?? false), { timeout: 60_000 }).toBe(true);
  await expect(page.getByRole('button', { name: 'Print the board' })).toBeEnabled();
  return sent;
}

async function download(page: Page, choice: RegExp): Promise<string> {
  await page.getByRole('button', { name: 'Export dashboard' }).click();
  const pending = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: choice }).click();
  const d = await pending;
  return readFile((await d.path())!, 'utf8');
}

function grafanaTargets(text: string): { targets: Target[]; rate: string; notes: string } {
  const d = JSON.parse(text) as { description: string; panels: Array<{ title: string; type: string; targets?: Array<{ expr: string }>; options?: { content?: string } }> };
  const rate = /rate window on the board: (\S+)/.exec(d.description)?.[1] ?? '';
  return { rate, notes: d.panels[0]?.options?.content ?? '', targets: d.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ expr: t.expr, panel: p.title, type: p.type }))) };
}

function persesTargets(text: string): Target[] {
  const d = JSON.parse(text) as { spec: { panels: Record<string, { spec: { display: { name: string }; plugin: { kind: string }; queries?: Array<{ spec: { plugin: { spec: { query: string } } } }> } }> } };
  return Object.values(d.spec.panels).flatMap((p) => (p.spec.queries ?? []).map((q) => ({ expr: q.spec.plugin.spec.query, panel: p.spec.display.name, type: p.spec.plugin.kind })));
}

// The board's range: the last hour (`$__range` = 3600s).
const noFilters = (rate: string) => ({ rateInterval: rate, rangeSec: 3600, variables: ['model', 'instance', 'engine', 'tp_rank'].map((name) => ({ name, label: name === 'model' ? 'model_name' : name, values: [] })) });
// `$__range` answers (and the lifetime window of the "since start" rates, fixed from the range) are
// over the board's range, whose length moves with step alignment: compared with the numbers masked.
const masked = (e: string) => e.replace(/\d+s(?=[\]:])/g, 'Ns').replace(/\b\d{4,}\b/g, 'N');

/** Whether the board sent this exported expression (itself, or the bucket query a quantile is computed from). */
function sentByBoard(expr: string, rate: string, sent: ReadonlySet<string>): boolean {
  const asBoard = boardForm(expr, noFilters(rate));
  if (sent.has(asBoard)) return true;
  const inner = /^histogram_quantile\([\d.]+, (sum by \(le[^)]*\) .*)\)$/.exec(asBoard)?.[1];
  if (inner && sent.has(inner)) return true;
  if (expr.includes('$__range')) {
    const m = masked(asBoard);
    return [...sent].some((s) => masked(s) === m);
  }
  return false;
}

async function labelSets(expr: string, start: number, end: number): Promise<string[]> {
  const u = new URL(`${PROM()}/api/v1/query_range`);
  const body = new URLSearchParams({ query: expr, start: String(start), end: String(end), step: '60' });
  const r = await fetch(u, { method: 'POST', body });
  const j = (await r.json()) as { status: string; data: { result: Array<{ metric: Record<string, string> }> } };
  expect(j.status, expr).toBe('success');
  return j.data.result.map((s) => JSON.stringify(Object.entries(s.metric).sort(([a], [b]) => a.localeCompare(b)))).sort();
}

/** As Grafana sends it with every variable on "All" (`allValue: .*`). */
const grafanaAll = (expr: string, rate: string) => expr.split('$__rate_interval').join(rate).replace(/=~"\$[a-z_]+"/g, '=~".*"');

for (const engine of ['vllm', 'sglang'] as const) {
  test(`${engine}: the header's and the CLI's exports carry the queries the board sends`, async ({ page }) => {
    test.setTimeout(240_000);
    const sent = await boardQueries(page, engine);
    const grafana = grafanaTargets(await download(page, /Grafana dashboard/));
    expect(grafana.rate).toMatch(/^\d+[smh]$/);
    await expect(page.getByTestId('export-result')).toContainText(`inferwatch-${engine}.grafana.json`);
    const perses = persesTargets(await download(page, /Perses dashboard \(JSON\)/));
    const cr = await download(page, /PersesDashboard resource/);
    expect(cr).toMatch(/^apiVersion: "perses\.dev\/v1alpha2"$/m);

    // Panels (not the stat tiles: a tile that sums its panel's groups sends the panel's query).
    const panels = grafana.targets.filter((t) => t.type !== 'stat' && t.type !== 'text');
    expect(panels.length).toBeGreaterThan(30);
    const notSent = panels.filter((t) => !sentByBoard(t.expr, grafana.rate, sent));
    expect(notSent.map((t) => `${t.panel}: ${boardForm(t.expr, noFilters(grafana.rate))}`)).toEqual([]);
    // Perses: the same expressions (heatmaps as quantiles of the same bucket query).
    for (const t of perses.filter((x) => x.type !== 'StatChart')) {
      const bucket = /^histogram_quantile\([\d.]+, (.*)\)$/.exec(t.expr)?.[1];
      expect(sentByBoard(t.expr, grafana.rate, sent) || (bucket !== undefined && sentByBoard(bucket, grafana.rate, sent)), t.panel).toBe(true);
    }

    // Run as Grafana would (All = `.*`), each range panel's query returns the board's series.
    const end = Math.floor(Date.now() / 1000) - 60;
    const ranged = panels.filter((t) => !t.expr.includes('$__range') && t.type !== 'table' && t.type !== 'bargauge');
    for (const t of ranged) expect(await labelSets(grafanaAll(t.expr, grafana.rate), end - 1800, end), t.panel).toEqual(await labelSets(boardForm(t.expr, noFilters(grafana.rate)), end - 1800, end));

    // The CLI writes the same queries (one module): the same expressions as the header's file,
    // given the board's rate window and GPU peak (MFU divides by it; the header names it).
    const peak = /GPU peak the board had: (\d+) FLOP\/s/.exec(grafana.notes)?.[1];
    const flags = ['--prom', PROM(), '--engine', engine, '--rate-window', grafana.rate, ...(peak ? ['--gpu-peak', peak] : [])];
    const cli = await run(TSX, ['scripts/export.ts', ...flags, '--format', 'grafana'], { maxBuffer: 32 << 20 });
    expect(cli.stderr).toMatch(/panels, \d+ queries checked/);
    expect(new Set(grafanaTargets(cli.stdout).targets.map((t) => t.expr))).toEqual(new Set(grafana.targets.map((t) => t.expr)));
    const cliPerses = await run(TSX, ['scripts/export.ts', ...flags, '--format', 'perses'], { maxBuffer: 32 << 20 });
    expect(new Set(persesTargets(cliPerses.stdout).map((t) => t.expr))).toEqual(new Set(perses.map((t) => t.expr)));
  });
}

test('CLI: an unreachable backend, or one without the engine, exits non-zero with a one-line reason', async () => {
  for (const [prom, engine, reason] of [
    ['http://127.0.0.1:9', 'vllm', /Could not reach/],
    [PROM(), 'lmdeploy', /no LMDeploy server/],
  ] as const) {
    const r = await run(TSX, ['scripts/export.ts', '--prom', prom, '--engine', engine, '--format', 'perses-cr']).then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r?.code).toBe(1);
    expect(r?.stdout).toBe('');
    expect(r?.stderr.trim().split('\n')).toHaveLength(1);
    expect(r?.stderr).toMatch(reason);
  }
});

test('the export menu works from the keyboard and names its three files', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'sglang', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  const button = page.getByRole('button', { name: 'Export dashboard' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveCount(3);
  const pending = page.waitForEvent('download');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect((await pending).suggestedFilename()).toBe('inferwatch-sglang.perses-cr.yaml');
});
