// Routers and gateways against a real Prometheus: three simulated vLLM servers behind
// a simulated production-stack router with a skewed policy (it re-exports engine names:
// `vllm:num_requests_running{server=…}`), an llm-d EPP (v0.9 names, dual emission), SGLang Model
// Gateway (smg, re-serving every engine series in underscore form on /engine_metrics) and Dynamo's
// frontend in front of the same engines. The engine figures equal PromQL over the engine job alone
// (no router's copies are counted); the router rules pack loads and records; the Routing section's
// share equals PromQL written here, the skewed endpoint is marked, each router's join is stated;
// `panel=routing-endpoints` embeds with its panel menu; axe passes on the section.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRules } from '../src/rules/index';
import { startStack, type Stack } from '../scripts/lib/stack';
import { requestForm } from '../scripts/lib/request-form';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { freePortBlock } from './support/ports';

let stack: Stack | null = null;
let vllmPort = 0;
let routerPort = 0;
let dir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'inferwatch-routing-'));
  // The router rules without a backend's names: every family, each role's names joined by `or`.
  const rules = join(dir, 'routers.yml');
  writeFileSync(rules, generateRules({ engine: 'vllm', routers: true }).yaml);
  const base = await freePortBlock(10);
  vllmPort = base + 1;
  routerPort = base + 5;
  stack = await startStack({
    promPort: base,
    engines: [{ id: 'vllm', port: vllmPort, instances: 3 }],
    models: ['Qwen/Qwen3-8B'],
    backfillMinutes: 5,
    seed: 28,
    router: [
      { kind: 'production-stack', port: routerPort, policy: 'skewed' },
      { kind: 'epp', port: base + 6, eppGeneration: 'llm-d-0.9' },
      { kind: 'sgl-router', engine: 'vllm', sglForm: 'smg', port: base + 7 },
      { kind: 'dynamo', port: base + 8 },
    ],
    ruleFiles: [rules],
  });
  // The routers' /metrics are backfilled with the engines; smg's /engine_metrics (the engines'
  // own series, relabelled) is live only: two scrapes of it, so its counters have a rate.
  await new Promise((r) => setTimeout(r, 12_000));
});
test.afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PROM = () => stack!.promUrl;

async function prom(page: Page, path: 'query' | 'query_range', form: Record<string, string>) {
  const res = await page.request.post(`${PROM()}/api/v1/${path}`, { form });
  const json = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value?: [number, string]; values?: Array<[number, string]> }> } };
  return json.data.result;
}

test('engine figures leave the router’s copies of engine names out: the Running tile and the instance table equal PromQL over the engine job', async ({ page }) => {
  // The tile's range query (it sums the Running panel's series at their last step).
  const tileReq = page.waitForRequest((r) => r.url().includes('/api/v1/query_range') && (requestForm(r).get('query') ?? '').includes('vllm:num_requests_running{server=""}'));
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  const tile = page.locator('[data-stat-id="running"]');
  await expect(tile).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  const form = requestForm(await tileReq);
  const board = form.get('query') ?? '';
  const range = { start: form.get('start') ?? '', end: form.get('end') ?? '', step: form.get('step') ?? '' };
  const lastSum = async (query: string) => {
    const rs = await prom(page, 'query_range', { query, ...range });
    return rs.reduce((a, r) => a + Number(r.values?.[r.values.length - 1]?.[1] ?? 0), 0);
  };
  const shown = Number(await tile.getAttribute('data-value'));
  // The same expression, written here over the engine job only instead of the router exclusion.
  expect(shown).toBeCloseTo(await lastSum(board.replaceAll('{server=""}', '{job="vllm"}')), 9);
  // And without either: the router's in-flight copies are counted on top.
  expect(await lastSum(board.replaceAll('{server=""}', ''))).toBeGreaterThan(shown);
  // smg's copies of the engine series are stored too (underscore names, `worker_addr`), and not counted above.
  // (One per engine and DP rank: four.)
  expect(Number((await prom(page, 'query', { query: 'count(vllm_num_requests_running{worker_addr!=""})' }))[0]?.value?.[1])).toBe(4);

  // The instance table: the three engines, not the router's target, each with its own running gauge.
  await expectPanelState(page, 'instance-table', 'ok');
  // (Four rows: the second server runs two DP engines, one row per rank.)
  const keys = await panel(page, 'instance-table').locator('tbody tr[data-row-key]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key') ?? ''));
  const instances = new Set(keys.map((k) => k.split('|')[0]));
  expect([...instances].sort()).toEqual([0, 1, 2].map((i) => `127.0.0.1:${vllmPort + i}`).sort());
  expect(keys.some((k) => k.includes(String(routerPort)))).toBe(false);
});

test('the router rules load in Prometheus and record each router’s figures', async ({ page }) => {
  interface Groups {
    data: { groups: { name: string; lastEvaluation: string; rules: { name: string; health: string; lastError?: string }[] }[] };
  }
  const routerGroups = async () => ((await (await page.request.get(`${PROM()}/api/v1/rules`)).json()) as Groups).data.groups.filter((g) => g.name.includes('-router-'));
  await expect.poll(async () => (await routerGroups()).filter((g) => !g.lastEvaluation.startsWith('0001-')).length, { timeout: 30_000 }).toBe(2);
  const bad = (await routerGroups()).flatMap((g) => g.rules.filter((r) => r.health !== 'ok').map((r) => `${r.name}: ${r.lastError ?? r.health}`));
  expect(bad).toEqual([]);
  // One recorded per-endpoint rate per engine behind production-stack; the EPP read under one prefix (not doubled).
  await expect
    .poll(async () => (await prom(page, 'query', { query: 'count by (router) (inferwatch:vllm_router_endpoint_requests:rate5m)' })).map((r) => `${r.metric.router}=${r.value?.[1]}`).sort(), { timeout: 30_000 })
    .toEqual(['epp=3', 'production-stack=3', 'smg=3']);
});

test('the Routing section: per-endpoint share equals PromQL, the skewed endpoint is marked, each router’s join stated; axe passes', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-15m', refresh: 'off' }));
  const section = page.locator('section[data-section-id="routing"]');
  // Below the first screen: scroll until it mounts.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 4000);
      return section.count();
    }, { timeout: 30_000 })
    .toBe(1);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'Routing', level: 2 })).toBeVisible();

  const endpoints = section.locator('[data-panel-id="routing-endpoints"]');
  await endpoints.scrollIntoViewIfNeeded();
  await expect(endpoints).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  const ps = endpoints.locator('[data-router="production-stack"]');
  await expect(ps.locator('[data-join-statement]')).toContainText('Joined 3 of 3 endpoints by instance (URL)');
  const rows = ps.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(ps.locator('tbody tr[data-joined="true"]')).toHaveCount(3);
  // smg names workers by URL too; Dynamo by a lease id, which nothing joins (said).
  await expect(endpoints.locator('[data-router="smg"] [data-join-statement]')).toContainText('Joined 3 of 3 endpoints by instance (URL)');
  await expect(endpoints.locator('[data-router="dynamo"]')).toContainText('worker_id');
  // The router figures over time, as catalog panels.
  await expect(section.locator('[data-panel-id="routing-requests"]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });

  const at = (await endpoints.locator('[data-at]').getAttribute('data-at')) ?? '';
  const range = (await endpoints.locator('[data-at]').getAttribute('data-range')) ?? '';
  const sent = `increase(vllm:request_latency_seconds_count{job="production-stack"}[${range}s])`;
  const expected = await prom(page, 'query', { query: `sum by (server) (${sent}) / scalar(sum(${sent}))`, time: at });
  expect(expected.length).toBe(3);
  for (const r of expected) {
    const cell = ps.locator(`tr[data-row-key="${r.metric.server}"] td[data-col="share"]`);
    expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(Number(r.value?.[1]), 9);
  }
  // The skewed policy sends 85 % to the first server: that endpoint, and only it, is marked.
  const hot = `http://127.0.0.1:${vllmPort}`;
  await expect(ps.locator(`tr[data-row-key="${hot}"] td[data-col="fair"] [data-outlier="true"]`)).toHaveCount(1);
  await expect(ps.locator('td[data-col="fair"] [data-outlier="true"]')).toHaveCount(1);

  // The EPP (llm-d v0.9: new and legacy names at once) is read under llm_d_epp_ and joined by pod.
  await expect(section.locator('[data-router="epp"]').first()).toContainText('llm_d_epp_*');
  const eppTable = endpoints.locator('[data-router="epp"]');
  await expect(eppTable.locator('[data-join-statement]')).toContainText('Joined 3 of 3 endpoints by pod');
  await expect(eppTable.locator('tbody tr[data-row-key="vllm-server-0"][data-joined="true"]')).toHaveCount(1);

  const { violations } = await new AxeBuilder({ page }).include('section[data-section-id="routing"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('panel=routing-endpoints embeds alone; its menu shows the PromQL, the EPP under one prefix', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-15m', refresh: 'off', panel: 'routing-endpoints', kiosk: '1' }));
  const p = panel(page, 'routing-endpoints');
  await expect(p).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await expect(page.locator('[role="figure"]')).toHaveCount(1);
  await expect(p.locator('[data-router]')).toHaveCount(4);
  await p.getByRole('button', { name: /Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-testid="promql"]', { hasText: 'llm_d_epp_scheduler_attempts_total' })).toHaveCount(1);
  await expect(dialog.locator('[data-testid="promql"]', { hasText: 'inference_extension_scheduler_attempts_total' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Open in backend' }).first()).toHaveAttribute('href', new RegExp(`^${PROM()}`));
});
