// Past one Prometheus (issue 17): one set of simulated engines scraped at the same time by a
// single Prometheus (the reference), by two `hashmod` shards that remote_write into
// VictoriaMetrics, and by two per-cluster servers federated by a global one. The board on the
// central store and on the global server must show every core panel, the same request rate
// (within 2 %) and TTFT p95 (by rank, see expectSameAsSingle) as the reference, no series split
// by the shard label, and (federated) a `cluster` filter that narrows it. Everything is started
// here and stopped in afterAll.
import type { Page } from '@playwright/test';
import { createFleet, startSim, type SimHandle } from '../sim/index.ts';
import { SHARD_LABEL } from '../scripts/lib/topology-config';
import { jobsFor, startScrapers, type Scrapers } from '../scripts/lib/topology';
import { CORE_PANELS, appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { freePortBlock } from './support/ports';

type Engine = 'vllm' | 'sglang';
const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;
/**
 * The rate window the board is told to use (`rate=`), and so the window compared, and the scrape
 * interval. Two servers scraping the same counters at different moments see different requests
 * at the window's edges: with a 5 s scrape and the board's automatic window (4 × 5 s) TTFT p95
 * differed by up to 10 %, and still by up to 4 % over 2 minutes (measured, see docs/scaling.md).
 * With a 1 s scrape the edges differ by at most 1 s: over 2 minutes the differences measured were
 * under 1 %.
 */
const RATE = '2m';
const RATE_SEC = 120;
/** VictoriaMetrics hides the newest 30 s (-search.latencyOffset); compare before that. */
const COMPARE_LAG_SEC = 40;
const SCRAPE = '1s';

let sim: SimHandle | null = null;
let started = 0;
const servers: Partial<Record<'single' | 'sharded' | 'federated', Scrapers>> = {};

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Any ports: the shard configs key each target so that both shards get their share.
  const p = await freePortBlock(12);
  // 1 + 3 + 3 servers on p … p+6; engines on p+8 … p+11.
  sim = await startSim({ fleet: createFleet({ vllmPort: p + 8, sglangPort: p + 10, seed: 17, load: 4 }), log });
  started = Date.now();
  const jobs = jobsFor(sim);
  const [single, sharded, federated] = await Promise.all([
    startScrapers({ topology: 'single', jobs, port: p, interval: SCRAPE, log }),
    startScrapers({ topology: 'sharded', jobs, port: p + 1, interval: SCRAPE, log }),
    startScrapers({ topology: 'federated', jobs, port: p + 4, interval: SCRAPE, log }),
  ]);
  Object.assign(servers, { single, sharded, federated });
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  await sim?.close();
  sim = null;
});

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function instant(url: string, expr: string, time: number): Promise<Sample[]> {
  const res = await fetch(`${url}/api/v1/query`, { method: 'POST', body: new URLSearchParams({ query: expr, time: String(time) }) });
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status, expr).toBe('success');
  return body.data.result;
}

/** Every PromQL expression behind a panel, as its dialog shows them. */
async function shownPromQL(page: Page, id: string): Promise<string[]> {
  const p = panel(page, id);
  await p.scrollIntoViewIfNeeded();
  await p.getByRole('button', { name: /^Panel menu/ }).click();
  await page.getByRole('menuitem', { name: 'Show PromQL' }).click();
  const pre = page.getByTestId('promql');
  await expect(pre.first()).toBeVisible();
  const texts = await pre.allTextContents();
  await page.getByRole('button', { name: 'Close' }).click();
  return texts;
}

/** Waits until the compared window lies wholly within the live data (no backfill here). */
async function waitForFullWindow(): Promise<void> {
  const readyAt = started + (RATE_SEC + COMPARE_LAG_SEC + 15) * 1000;
  if (Date.now() < readyAt) await new Promise((r) => setTimeout(r, readyAt - Date.now()));
}

/**
 * What the board showed, compared with the single Prometheus in the last test, once the window is
 * full (the UI tests run while the data accumulates).
 */
const shown: Array<{ url: string; expr: string }> = [];
let narrowedRate: { url: string; expr: string; instances: string[] } | null = null;

/** The finite `le` bounds of a histogram on the reference server, ascending. */
async function bucketBounds(bucketMetric: string): Promise<number[]> {
  const res = await fetch(`${servers.single!.url}/api/v1/label/le/values?match[]=${encodeURIComponent(bucketMetric)}`);
  return ((await res.json()) as { data: string[] }).data.map(Number).filter(Number.isFinite).sort((a, b) => a - b);
}

/** The width of the bucket `v` falls in (between the bounds around it). */
function bucketWidth(bounds: number[], v: number): number {
  const i = bounds.findIndex((b) => b >= v);
  if (i <= 0) return bounds[0] ?? v;
  return (bounds[i] ?? v) - (bounds[i - 1] ?? 0);
}

/**
 * The panel's expression on the topology's server and on the reference: same series, rates within
 * 2 %. A quantile is interpolated inside a bucket, and since the shards scrape at their own phase,
 * a 1 % difference in the bucket rates near the p95 moves it by several % in a wide bucket (seen:
 * 26.9 s vs 25.8 s in the 20–40 s bucket, 0.228 vs 0.200 across the 0.2 bound), and across a whole
 * bucket when the one between holds almost nothing (seen in CI: SGLang's TTFT p95 0.35 s on one
 * server, 0.64 s on the other, the 0.4–0.6 s bucket nearly empty). So a quantile is compared by
 * rank: it must lie between the reference's quantiles two points either side (p93 and p97 for a
 * p95), give or take 10 % or a quarter of the width of the bucket it lies in.
 */
async function expectSameAsSingle(url: string, expr: string, time: number): Promise<void> {
  const key = (s: Sample) => JSON.stringify(Object.entries(s.metric).sort());
  const [mine, ref] = await Promise.all([instant(url, expr, time), instant(servers.single!.url, expr, time)]);
  expect(mine.map(key).sort(), expr).toEqual(ref.map(key).sort());
  expect(ref.length, expr).toBeGreaterThan(0);
  const refBy = new Map(ref.map((s) => [key(s), Number(s.value[1])]));
  const quantile = /^histogram_quantile\(([0-9.]+),/.exec(expr);
  if (!quantile) {
    for (const s of mine) {
      const want = refBy.get(key(s)) ?? NaN;
      const got = Number(s.value[1]);
      expect(Math.abs(got - want), `${expr} ${key(s)}: ${got} vs ${want} on the single Prometheus`).toBeLessThan(0.02 * want);
    }
    return;
  }
  const q = Number(quantile[1]);
  const at = async (rank: number) => {
    const rows = await instant(servers.single!.url, expr.replace(quantile[0], `histogram_quantile(${rank.toFixed(2)},`), time);
    return new Map(rows.map((s) => [key(s), Number(s.value[1])]));
  };
  const [below, above] = await Promise.all([at(q - 0.02), at(q + 0.02)]);
  const bounds = await bucketBounds(/rate\(([A-Za-z_:][A-Za-z0-9_:]*_bucket)/.exec(expr)![1]!);
  for (const s of mine) {
    const got = Number(s.value[1]);
    const [want, lo, hi] = [refBy, below, above].map((m) => m.get(key(s)) ?? NaN) as [number, number, number];
    const slack = Math.max(0.1 * want, 0.25 * bucketWidth(bounds, got));
    const what = `${expr} ${key(s)}: ${got} vs ${want} on the single Prometheus (its p${Math.round((q - 0.02) * 100)}–p${Math.round((q + 0.02) * 100)}: ${lo}–${hi})`;
    expect(got, what).toBeGreaterThan(lo - slack);
    expect(got, what).toBeLessThan(hi + slack);
  }
}

/**
 * With `refresh=off` the board asks once: wait until both engines' request rate has samples on the
 * topology's server (remote_write and federation land a few seconds after the engines start), so
 * a panel is not left `empty` by a board that asked too early. Asked a minute back, not at now: a
 * range query's last point is on the step grid, and VictoriaMetrics leaves out the last 30 s
 * (`-search.latencyOffset`), so a rate that exists at now can still be absent from the board's
 * whole range (seen once in CI: every rate panel "No traffic", the gauges with one point).
 */
async function waitForRates(url: string): Promise<void> {
  for (const metric of ['vllm:request_success_total', 'sglang:num_requests_total']) {
    await expect
      .poll(async () => (await instant(url, `sum(rate(${metric}[${RATE}]))`, Date.now() / 1000 - 60)).length, { timeout: 90_000 })
      .toBeGreaterThan(0);
  }
}

async function checkEngine(page: Page, url: string, engine: Engine): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Engine' }).getByRole('radio', { name: engine === 'vllm' ? 'vLLM' : 'SGLang' }).click();
  await expect(page.locator(`.iw-app[data-engine="${engine}"]`)).toBeVisible();
  for (const id of CORE_PANELS) await expectPanelState(page, id, 'ok', 60_000);
  // One legend row per model: nothing split by `shard` (or any label the board did not ask for).
  const models = await instant(servers.single!.url, `count by (model_name) (${engine === 'vllm' ? 'vllm:num_requests_running' : 'sglang:num_running_reqs'})`, Date.now() / 1000);
  await expect(panel(page, 'request-rate').locator('tbody tr')).toHaveCount(models.length);
  await expect(panel(page, 'request-rate').locator('tbody')).not.toContainText(SHARD_LABEL);
  const [rate] = await shownPromQL(page, 'request-rate');
  const p95 = (await shownPromQL(page, 'ttft')).find((e) => e.includes('0.95'));
  expect(rate).toContain(`[${RATE}]`);
  expect(p95).toContain(`[${RATE}]`);
  shown.push({ url, expr: rate! }, { url, expr: p95! });
}

test('sharded: two hashmod shards remote_write into VictoriaMetrics; every core panel, one row per model', async ({ page }) => {
  const url = servers.sharded!.url;
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await waitForRates(url);
  // Both shards scrape: two engine targets each, as remote-written with their shard label.
  const perShard = await instant(url, `count by (${SHARD_LABEL}) (up{job=~"vllm|sglang"} == 1)`, Date.now() / 1000 - 60);
  expect(Object.fromEntries(perShard.map((s) => [s.metric[SHARD_LABEL], Number(s.value[1])]))).toEqual({ '0': 2, '1': 2 });
  await page.goto(appUrl({ prom: url, engine: 'vllm', from: 'now-10m', refresh: 'off', rate: RATE }));
  // No targets on VictoriaMetrics: the interval is the spacing of the remote-written samples.
  await expect(page.getByTestId('scrape-interval')).toHaveText(`scrape ${SCRAPE}`, { timeout: 40_000 });
  await checkEngine(page, url, 'vllm');
  await checkEngine(page, url, 'sglang');
  // Cross-origin VictoriaMetrics is not asked what it serves without CORS headers (the fixture
  // also fails on any console error); no `cluster` here, so no such filter.
  expect(asked.filter((p) => /\/api\/v1\/(targets|status\/)/.test(p))).toEqual([]);
  await expect(page.getByRole('button', { name: /^Cluster:/ })).toHaveCount(0);
});

test('federated: a global Prometheus over two clusters; every core panel, and the cluster filter narrows the board', async ({ page }) => {
  const url = servers.federated!.url;
  await waitForRates(url);
  await page.goto(appUrl({ prom: url, engine: 'vllm', from: 'now-10m', refresh: 'off', rate: RATE }));
  await expect(page.getByTestId('scrape-interval')).toHaveText(`scrape ${SCRAPE}`, { timeout: 40_000 });
  await checkEngine(page, url, 'sglang');
  await checkEngine(page, url, 'vllm');

  const everywhere = await instant(url, 'count by (instance) (vllm:num_requests_running)', Date.now() / 1000);
  await expect(page.getByRole('radio', { name: 'vLLM' })).toHaveAttribute('title', `${everywhere.length} instances`);
  // The engine series carry `cluster`: the filter is offered; picking one narrows every query.
  await page.getByRole('button', { name: /^Cluster:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cluster' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByTitle('east', { exact: true }).getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  expect(new URL(page.url()).searchParams.getAll('cluster')).toEqual(['east']);
  for (const id of ['request-rate', 'ttft', 'running-requests', 'kv-cache-usage']) await expectPanelState(page, id, 'ok');
  const [rate] = await shownPromQL(page, 'request-rate');
  expect(rate).toContain('cluster="east"');
  expect((await shownPromQL(page, 'ttft')).every((e) => e.includes('cluster="east"'))).toBe(true);
  // The instance list follows the cluster.
  const east = await instant(url, 'count by (instance) (vllm:num_requests_running{cluster="east"})', Date.now() / 1000);
  expect(east.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Instance:/ }).click();
  await expect(page.getByRole('dialog', { name: 'Instance' }).getByRole('checkbox')).toHaveCount(east.length);
  await page.keyboard.press('Escape');
  // So does the engine toggle's count (it counted the whole store before).
  const count = (n: number) => (n === 1 ? '1 instance' : `${n} instances`);
  await expect(page.getByRole('radio', { name: 'vLLM' })).toHaveAttribute('title', count(east.length));
  narrowedRate = { url, expr: rate!, instances: east.map((s) => s.metric.instance ?? '') };
});

test('request rate and TTFT p95 as the board shows them equal a single Prometheus scraping the same engines', async () => {
  expect(shown).toHaveLength(8); // 2 topologies × 2 engines × (rate, p95)
  await waitForFullWindow();
  const time = Math.floor(Date.now() / 1000) - COMPARE_LAG_SEC;
  for (const { url, expr } of shown) await expectSameAsSingle(url, expr, time);

  // Narrowed to cluster east: the reference's rate over east's engines only, and less than all.
  const n = narrowedRate!;
  const total = async (u: string, e: string) => (await instant(u, e, time)).reduce((sum, s) => sum + Number(s.value[1]), 0);
  const narrowed = await total(n.url, n.expr);
  const reference = await total(servers.single!.url, n.expr.replaceAll('cluster="east"', `instance=~"${n.instances.join('|')}"`));
  const all = await total(servers.single!.url, n.expr.replaceAll(', cluster="east"', '').replaceAll('{cluster="east"}', ''));
  expect(Math.abs(narrowed / reference - 1)).toBeLessThan(0.02);
  expect(narrowed).toBeLessThan(all * 0.9);
});
