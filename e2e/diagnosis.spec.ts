// The Diagnosis region against a real Prometheus scraping the simulator: one stack of
// vLLM servers, each model running a scenario (sim/scenarios), so that filtering the board to a
// model must name that model's bottleneck first; the model without a scenario names none; the
// latency split agrees with PromQL written here independently (1 %); axe passes on the region.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { requestForm } from '../scripts/lib/request-form';
import { appUrl, expect, test } from './fixtures';
import { useStack } from './support/own-stack';

// Model → the verdict its scenario must put first. `outlier` slows the first of its two instances.
// m-skew (second in the list, so it has two servers too) runs behind a skewed EPP: its verdict is
// the router's, not tied to a model, checked on the whole board.
const SKEW = 'm-skew';
const CASES = [
  ['m-outlier', 'outlier', 'instance-outlier'],
  ['m-kv', 'kv-bound', 'kv-capacity'],
  ['m-prefill', 'prefill-bound', 'prefill-bound'],
  ['m-decode', 'decode-bound', 'decode-bound'],
  ['m-storm', 'preemption-storm', 'preemption-storm'],
  ['m-thrash', 'cache-thrash', 'prefix-cache-thrash'],
  ['m-broken', 'broken-prefix-counter', 'prefix-counter-broken'],
  ['m-spec', 'spec-costly', 'spec-decode-costly'],
] as const;
const HEALTHY = 'm-healthy';
const MODELS = [CASES[0][0], SKEW, ...CASES.slice(1).map((c) => c[0]), HEALTHY];

test.describe.configure({ mode: 'serial' });

interface SentQuery {
  path: string;
  query: string;
  time: string | null;
  start: string | null;
  end: string | null;
  step: string | null;
}

/** The query and query_range requests the page sends, and a wait until none has been open for a second. */
function watchQueries(page: Page) {
  const sent: SentQuery[] = [];
  let open = 0;
  let last = Date.now();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!/\/api\/v1\/query(_range)?$/.test(path)) return;
    const f = requestForm(r);
    sent.push({ path, query: f.get('query') ?? '', time: f.get('time'), start: f.get('start'), end: f.get('end'), step: f.get('step') });
    open++;
    last = Date.now();
  });
  const done = (r: Request) => {
    if (!/\/api\/v1\/query(_range)?$/.test(new URL(r.url()).pathname)) return;
    open--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const quiet = () => expect.poll(() => open === 0 && Date.now() - last > 1000, { timeout: 30_000 }).toBe(true);
  return { sent, quiet };
}

test.describe('diagnosis on scenario models', () => {
  // Fourteen vLLM servers: models round-robin, so the thirteenth serves m-outlier again (its healthy
  // peer) and the fourteenth m-skew (the second server of the skewed router). One SGLang server (it
  // has no process start time: its restart is seen as a counter reset).
  const stack = useStack({
    engines: [{ id: 'vllm', instances: MODELS.length + 2 }, { id: 'sglang', instances: 1 }],
    models: MODELS,
    scenario: [...CASES.map(([model, scenario]) => `${scenario}@${model}`), `router-skew@${SKEW}`, `steady@${HEALTHY}`].join(','),
    router: { kind: 'epp', port: 0, policy: 'skewed', models: [SKEW] },
    backfillMinutes: 12,
  });

  const RANGE = 'now-8m';
  const region = (page: Page) => page.getByRole('region', { name: 'Diagnosis' });

  async function open(page: Page, model: string) {
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', model, from: RANGE }));
    await expect(region(page)).toHaveAttribute('data-state', /ok|empty/, { timeout: 30_000 });
  }

  test('each scenario makes the board name its bottleneck first for its model', async ({ page }) => {
    // The whole board lists every model's findings; for each model, its first is its scenario's.
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', from: RANGE }));
    await expect(region(page)).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    const firsts: Record<string, string | null> = {};
    for (const [model] of CASES) firsts[model] = await region(page).locator(`[data-verdict-id][data-model="${model}"]`).first().getAttribute('data-verdict-id');
    expect(firsts).toEqual(Object.fromEntries(CASES.map(([model, , verdict]) => [model, verdict])));
    await expect(region(page).locator(`[data-model="${HEALTHY}"]`)).toHaveCount(0);
    // KV near full without queueing (cache-thrash): no critical finding, whatever its KV peak.
    await expect(region(page).locator(`[data-model="m-thrash"][data-severity="critical"]`)).toHaveCount(0);
    // Headroom under a capacity verdict: none, already queueing (not the mean-usage estimate).
    await region(page).getByTestId('diagnosis-breakdown').locator('summary').click();
    const headroom = region(page).locator('[data-capacity-model="m-kv"]');
    await expect(headroom).toHaveAttribute('data-limited-by', 'kv-capacity');
    await expect(headroom).toContainText('none — already queueing');
    // Filtered to one model, the board's first finding is that model's bottleneck, with its evidence and action.
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', model: 'm-kv', from: RANGE }));
    const first = region(page).locator('[data-verdict-id]').first();
    await expect(first).toHaveAttribute('data-verdict-id', 'kv-capacity', { timeout: 30_000 });
    await expect(first).toHaveAttribute('data-severity', /warning|critical/);
    await expect(first).toContainText('of mean TTFT');
    // The action in vLLM's own flags.
    await expect(first).toContainText('(--gpu-memory-utilization)');
  });

  test('the healthy model names nothing and says what was checked; axe passes on the region', async ({ page }) => {
    await open(page, HEALTHY);
    await expect(region(page).locator('[data-verdict-id]')).toHaveCount(0);
    await expect(region(page).getByTestId('diagnosis-healthy')).toContainText('Nothing stands out');
    await expect(region(page).getByTestId('diagnosis-healthy')).toContainText('KV-capacity queueing');
    await region(page).getByTestId('diagnosis-breakdown').locator('summary').click();
    const { violations } = await new AxeBuilder({ page }).include('[aria-label="Diagnosis"]').analyze();
    expect(violations).toEqual([]);
  });

  test('behind a skewed router, the board names the router imbalance first, with the shares and the queue; "Refresh now" asks each query once', async ({ page }) => {
    test.setTimeout(180_000);
    // The page's clock, moved ahead on demand (a refresh a while after the load).
    await page.addInitScript(() => {
      const real = Date.now.bind(Date);
      const w = window as unknown as { iwClockShiftMs: number };
      w.iwClockShiftMs = 0;
      Date.now = () => real() + w.iwClockShiftMs;
    });
    const queries = watchQueries(page);
    // The stack backfills the router with the engines (scripts/lib/router-stack.ts): its shares
    // have a rate from the first load, as on a router that has been running.
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', from: RANGE, refresh: 'off' }));
    const first = region(page).locator('[data-verdict-id]').first();
    await expect(first).toHaveAttribute('data-verdict-id', 'router-imbalance', { timeout: 30_000 });
    // The skewed EPP sends 85 % to m-skew's first server (the second in the fleet: pod vllm-server-1).
    await expect(first).toHaveAttribute('data-instance', /vllm-server-1$/);
    await expect(first).toContainText('its fair share among 2 endpoints');
    await expect(first).toContainText('waiting now against');
    await expect(first).toContainText('routing policy');
    // A large queue on one of two endpoints with a red TTFT is critical (the share multiple alone never reaches 2× here).
    await expect(first).toHaveAttribute('data-severity', 'critical');
    // The skewed model's users see failures (queue time-outs): a finding of their own, tied to the router.
    const failures = region(page).locator(`[data-verdict-id="request-failures"][data-model="${SKEW}"]`);
    await expect(failures).toHaveCount(1);
    await expect(failures).toContainText('failed or were aborted');

    // "Refresh now" 20 s later (past the step and the tables' summary grid): the window moves, and
    // each query goes out once, for the new window. The page still shows the old window until the
    // new answers are in, and refetching its queries too sent every instant query twice.
    await page.locator('[role="group"][data-router="epp"][data-state]').scrollIntoViewIfNeeded();
    await expect(page.locator('[role="group"][data-router="epp"][data-state]')).toHaveAttribute('data-state', 'ok');
    await queries.quiet();
    queries.sent.length = 0;
    await page.evaluate(() => ((window as unknown as { iwClockShiftMs: number }).iwClockShiftMs = 20_000));
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await queries.quiet();
    // Per expression, whatever its window: the old window's copy would have another time.
    const asked = queries.sent.map((r) => `${r.path} ${r.query}`);
    const twice = queries.sent.filter((_, i) => asked.indexOf(asked[i]!) !== i);
    // Each copy with its window, so that a failure says which window the second one was for.
    const copies = twice.map((t) => queries.sent.filter((r) => r.path === t.path && r.query === t.query));
    expect(twice.map((t) => `${t.path} ${t.query}`), `queries sent twice: ${JSON.stringify(copies)}`).toEqual([]);
    // The Diagnosis signals and the Routing section's instant queries were among them.
    expect(queries.sent.filter((r) => r.path.endsWith('/query') && r.query.includes('iw_signal')).length).toBeGreaterThan(0);
    expect(queries.sent.filter((r) => r.path.endsWith('/query') && /llm_d_epp|inference_(pool|extension|objective)/.test(r.query)).length).toBeGreaterThan(0);
  });

  interface InstantBody {
    data: { result: { value: [number, string] }[] };
  }

  /** The board's own evaluation time and range, read off its signal requests, so both sides ask the same window. */
  function boardWindow(page: Page): () => { time: string; range: string } {
    let window: { time: string; range: string } | null = null;
    page.on('request', (r) => {
      const u = new URL(r.url());
      const q = u.searchParams.get('query') ?? new URLSearchParams(r.postData() ?? '').get('query') ?? '';
      const time = u.searchParams.get('time') ?? new URLSearchParams(r.postData() ?? '').get('time');
      const range = /iw_signal/.test(q) ? /\[(\d+s)\]/.exec(q)?.[1] : undefined;
      if (time && range) window = { time, range };
    });
    return () => {
      expect(window).not.toBeNull();
      return window!;
    };
  }

  async function promMean(family: string, sel: string, { time, range }: { time: string; range: string }): Promise<number> {
    const expr = `sum(rate(${family}_sum${sel}[${range}])) / sum(rate(${family}_count${sel}[${range}]))`;
    const body = (await (await fetch(`${stack().promUrl}/api/v1/query?${new URLSearchParams({ query: expr, time })}`)).json()) as InstantBody;
    return Number(body.data.result[0]?.value[1]);
  }

  // 1 % of the figure (a phase that took no time, e.g. no queueing, must read 0 to the microsecond).
  const close = (a: number, b: number) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(0.01 * Math.abs(b) + 1e-6);

  test('the TTFT and E2E phase means agree with PromQL written independently (1 %), per model and per instance on demand', async ({ page }) => {
    const OUTLIER = CASES[0][0];
    const split: string[] = [];
    page.on('request', (r) => {
      const q = new URL(r.url()).searchParams.get('query') ?? new URLSearchParams(r.postData() ?? '').get('query') ?? '';
      if (q.includes('topk(')) split.push(q);
    });
    const win = boardWindow(page);
    // Two models on one page: the healthy one's split, and the outlier's per instance.
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'vllm', model: [HEALTHY, OUTLIER], from: RANGE }));
    await expect(region(page)).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
    await region(page).getByTestId('diagnosis-breakdown').locator('summary').click();
    const sel = `{model_name="${HEALTHY}"}`;
    const meanOf = (family: string): Promise<number> => promMean(family, sel, win());
    const expected = {
      queue: await meanOf('vllm:request_queue_time_seconds'),
      prefill: await meanOf('vllm:request_prefill_time_seconds'),
      decode: await meanOf('vllm:request_decode_time_seconds'),
      ttft: await meanOf('vllm:time_to_first_token_seconds'),
      e2e: await meanOf('vllm:e2e_request_latency_seconds'),
    };
    const box = region(page).locator(`[data-breakdown-model="${HEALTHY}"]`);
    const num = async (sel: string, attr: string) => Number(await box.locator(sel).getAttribute(attr));
    close(await num('[data-decomposition="ttft"]', 'data-total'), expected.ttft);
    close(await num('[data-decomposition="e2e"]', 'data-total'), expected.e2e);
    for (const term of ['queue', 'prefill'] as const) close(await num(`[data-decomposition="ttft"] [data-term="${term}"]`, 'data-mean'), expected[term]);
    close(await num('[data-decomposition="e2e"] [data-term="decode"]', 'data-mean'), expected.decode);
    await expect(box.locator('[data-decomposition="ttft"] [data-term="queue"]')).toHaveAttribute('data-source', 'measured');

    // Per instance, on demand: nothing asked until the model's button is pressed (by keyboard here).
    const toggle = region(page).getByRole('button', { name: `Per instance: where the time goes on ${OUTLIER}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(split).toEqual([]);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = region(page).getByTestId('instance-split');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    expect(split.length).toBeGreaterThan(0);
    await expect(table).toHaveAttribute('data-more', '0');
    // The outlier scenario slows the model's first server: the slowest by mean TTFT, listed first.
    await expect(rows.first()).toHaveAttribute('data-instance', stack().simTargets[0]!);
    for (const i of [0, 1]) {
      const row = rows.nth(i);
      const at = `{model_name="${OUTLIER}",instance="${await row.getAttribute('data-instance')}"}`;
      close(Number(await row.locator('[data-term="queue"]').getAttribute('data-mean')), await promMean('vllm:request_queue_time_seconds', at, win()));
      close(Number(await row.locator('[data-total="ttft"]').getAttribute('data-mean')), await promMean('vllm:time_to_first_token_seconds', at, win()));
    }
    await expect(rows.first().locator('[data-term="queue"]')).toHaveAttribute('data-source', 'measured');
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="instance-split"]').analyze();
    expect(violations).toEqual([]);

    // Usage windows (same page): requests and tokens over the last hour agree with increase() written
    // here; the stack holds ~12 minutes, so the hour is marked as covering only that.
    await region(page).getByTestId('diagnosis-usage').locator('summary').click();
    const usage = region(page).locator(`[data-testid="diagnosis-usage"] tr[data-model="${HEALTHY}"]`);
    await expect(usage).toBeVisible();
    const usageTime = (await region(page).locator('[data-usage-time]').getAttribute('data-usage-time'))!;
    const inc = async (name: string): Promise<number> => {
      const body = (await (await fetch(`${stack().promUrl}/api/v1/query?${new URLSearchParams({ query: `sum(increase(${name}${sel}[1h]))`, time: usageTime })}`)).json()) as InstantBody;
      return Number(body.data.result[0]?.value[1]);
    };
    const cells = usage.locator('td');
    const [requests, tokens] = [Number(await cells.nth(0).getAttribute('data-value')), Number(await cells.nth(3).getAttribute('data-value'))];
    close(requests, await inc('vllm:request_success_total'));
    close(tokens, (await inc('vllm:prompt_tokens_total')) + (await inc('vllm:generation_tokens_total')));
    const covered = Number(await cells.nth(0).getAttribute('data-covered'));
    expect(covered).toBeGreaterThan(60);
    expect(covered).toBeLessThan(3600);
    await expect(cells.nth(0)).toContainText('*');
  });

  // Last: it resets the healthy model's counters.
  test('restarting a simulated engine with a smaller KV cache draws a restart and a config-change marker at that time', async ({ page }) => {
    test.setTimeout(210_000);
    const target = stack().simTargets[MODELS.indexOf(HEALTHY)]!;
    const sglang = stack().simTargets.at(-1)!;
    // Sleep mode first: the engine sleeps through a scrape (5 s), then restarts awake.
    const asleep = Date.now();
    stack().sleepEngine(target, true);
    await page.waitForTimeout(6_000);
    const before = Date.now();
    await stack().restartEngine(target, { kvScale: 0.5 });
    await stack().restartEngine(sglang);
    const after = Date.now();
    // Two scrapes of the new process (5 s interval).
    await page.waitForTimeout(11_000);
    await open(page, HEALTHY);
    const changes = region(page).getByTestId('diagnosis-changes');
    const start = changes.locator(`[data-change-kind="restart"][data-start-instance="${target}"]`);
    await expect(start).toHaveAttribute('data-restart', 'true');
    const config = changes.locator(`[data-change-kind="config"][data-start-instance="${target}"]`);
    // What changed, from cache_config_info's labels: the block count halves with the KV cache.
    await expect(config).toContainText(/num_gpu_blocks: \d+ → \d+/);
    for (const item of [start, config]) {
      const t = Number(await item.getAttribute('data-start-ms'));
      expect(t).toBeGreaterThanOrEqual(before - 1000);
      // Both are read off the first scrape of the new process (5 s) on the range answer's step grid (a few s here).
      expect(t).toBeLessThanOrEqual(after + 15_000);
    }
    // vllm:engine_sleep_state{sleep_state="awake"} 1 → 0 (sleep) and back to 1 with the new process (wake).
    const sleep = Number(await changes.locator(`[data-change-kind="sleep"][data-start-instance="${target}"]`).getAttribute('data-start-ms'));
    expect(sleep).toBeGreaterThanOrEqual(asleep - 1000);
    expect(sleep).toBeLessThanOrEqual(before + 5_000);
    const wake = Number(await changes.locator(`[data-change-kind="wake"][data-start-instance="${target}"]`).getAttribute('data-start-ms'));
    expect(wake).toBeGreaterThanOrEqual(before - 1000);
    expect(wake).toBeLessThanOrEqual(after + 15_000);
    // The same changes are lines on the charts' time axis, named in the chart's accessible name (not "alerts").
    const chart = page.locator('[role="figure"][data-panel-id="request-rate"]');
    await chart.scrollIntoViewIfNeeded();
    const img = chart.getByRole('img');
    await expect(img).toHaveAttribute('aria-label', new RegExp(`changes and alerts in this range: .*Restart · ${target.replace(/[.]/g, '\\.')}`));
    await expect(img).toHaveAttribute('aria-label', /Config changed/);
    // Before vs after one click away: the window starts at the change, compared with as long before it.
    const at = await config.getAttribute('data-start-ms');
    await config.getByRole('button', { name: 'Before vs after' }).click();
    await expect(page).toHaveURL(/compare=\d+m/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(at);

    // SGLang exports no process start time: its restart is read off its request counter's reset.
    // The new process's counter exists once its first request finishes (tens of seconds at this
    // load, as on a real server): the board can show the reset once Prometheus holds it. Asked
    // 15 s back: the board's window ends on its step grid (a few s here) and, with refresh off,
    // stays there; a reset newer than that end is not in its range (seen once in CI).
    await expect
      .poll(
        async () => {
          const time = String(Date.now() / 1000 - 15);
          const res = await fetch(`${stack().promUrl}/api/v1/query`, { method: 'POST', body: new URLSearchParams({ query: `sum(resets(sglang:num_requests_total{instance="${sglang}"}[5m]))`, time }) });
          return Number(((await res.json()) as { data: { result: Array<{ value: [number, string] }> } }).data.result[0]?.value[1] ?? 0);
        },
        { timeout: 105_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    await page.goto(appUrl({ prom: stack().promUrl, engine: 'sglang', from: RANGE }));
    const reset = region(page).getByTestId('diagnosis-changes').locator(`[data-change-kind="restart"][data-start-instance="${sglang}"]`);
    await expect(reset).toContainText('counter reset', { timeout: 30_000 });
    const t = Number(await reset.getAttribute('data-start-ms'));
    expect(t).toBeGreaterThanOrEqual(before - 1000);
    expect(t).toBeLessThanOrEqual(after + 15_000);
  });
});
