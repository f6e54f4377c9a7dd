// It keeps working when the backend fails (issue 7): a real Prometheus that is stopped and started
// under a live dashboard, a slow backend under a flood of range changes, and a table of bad answers
// injected by a small proxy in front of the real Prometheus (e2e/support/fault-proxy.ts).
// docs/reliability.md lists each case and what the user sees.
import type { Page } from '@playwright/test';
import { startStack } from '../scripts/lib/stack';
import { appUrl, expectPanelState, panel } from './fixtures';
import { apiErrorBody, startFaultProxy, type FaultProxy, type FaultRule } from './support/fault-proxy';
import { expect, test } from './support/fault-test';
import { freePortBlock } from './support/ports';

const PROM = () => process.env.PROM_DEFAULT!;
// Free ports picked at run time (two runs at once do not collide): the proxy, a second origin for
// the redirect case; the stack to kill takes its own block in its test.
let OTHER_ORIGIN_PORT = 0;

let proxy: FaultProxy;
test.beforeAll(async () => {
  const base = await freePortBlock(2);
  OTHER_ORIGIN_PORT = base + 1;
  proxy = await startFaultProxy(PROM(), base, OTHER_ORIGIN_PORT);
});
test.afterAll(async () => {
  await proxy?.close();
});
test.beforeEach(() => proxy.reset());

const alert = (page: Page) => page.getByRole('alert');

// ── 1. The backend dies and comes back ────────────────────────────────────────────────────────

test('backend dies and returns: one banner, panels keep their data marked stale, recovery by itself', async ({ page, consoleErrors }) => {
  test.setTimeout(150_000);
  const REFRESH_MS = 5_000;
  // The first request after a refresh tick fails at once (connection refused), so "within one
  // refresh" is the interval plus a little time for the fetch and the render.
  const ONE_REFRESH = REFRESH_MS + 2_500;
  // Five minutes of history are enough: the test needs panels with data, not a full range.
  const base = await freePortBlock(12);
  const KILLABLE = { promPort: base, vllmPort: base + 2, sglangPort: base + 7 };
  const stack = await startStack({ ...KILLABLE, backfillMinutes: 5, seed: 5 });
  try {
    // now-15m at this width gives a step equal to the scrape interval (5 s), so every refresh tick
    // asks for a new window (with a longer range, ticks inside one step cost nothing by design).
    await page.goto(appUrl({ prom: stack.promUrl, engine: 'vllm', from: 'now-15m', refresh: '5s' }));
    for (const id of ['request-rate', 'output-tokens-rate', 'prompt-tokens-rate']) await expectPanelState(page, id, 'ok');
    await page.evaluate(() => window.scrollTo(0, 0));
    const okBefore = await page.locator('[role="figure"][data-state="ok"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-panel-id')));
    expect(okBefore.length).toBeGreaterThanOrEqual(3);
    await expect(alert(page)).toHaveCount(0);

    await stack.stopPrometheus();
    const t0 = Date.now();
    await expect(alert(page)).toHaveCount(1, { timeout: ONE_REFRESH });
    expect(Date.now() - t0).toBeLessThanOrEqual(ONE_REFRESH);
    await expect(alert(page)).toContainText('The backend is unreachable.');
    await expect(alert(page)).toContainText('Could not reach');
    // The panels that showed data still do, marked stale; none flips to its own error.
    for (const id of ['request-rate', 'output-tokens-rate', 'prompt-tokens-rate']) {
      await expect(panel(page, id)).toHaveAttribute('data-stale', 'true', { timeout: ONE_REFRESH });
      await expect(panel(page, id)).toHaveAttribute('data-state', 'ok');
      await expect(panel(page, id).locator('canvas').first()).toBeVisible();
    }
    // Two more refreshes while it is down, and the user pressing "Refresh now": still one banner,
    // every tile keeps its last value marked stale — a dead backend never reads as an idle fleet.
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await page.waitForTimeout(2 * REFRESH_MS);
    for (const id of ['request-rate', 'output-tokens-rate', 'ttft-p95', 'running', 'kv-cache-usage']) {
      const tile = page.locator(`[data-stat-id="${id}"]`);
      await expect(tile).toHaveAttribute('data-state', 'ok');
      await expect(tile).toHaveAttribute('data-stale', 'true');
      await expect(tile).toHaveAttribute('data-value', /\d/);
    }
    await expect(alert(page)).toHaveCount(1);
    // No panel shows an error of its own: those that never had data (off screen) say they are
    // waiting for the backend — settled, no spinner, nothing that reads as an idle fleet.
    for (const text of await page.locator('[role="figure"][data-state="error"]').allInnerTexts())
      expect(text).toContain('No answer from the backend yet');
    await expect(page.locator('[role="figure"] .iw-spinner')).toHaveCount(0);
    await expect(page.locator('[data-stat-id][data-state="error"]')).toHaveCount(0);
    await expect(page.locator('[data-stat-id][data-state="empty"]')).toHaveCount(0);
    for (const id of okBefore) await expect(panel(page, id!)).toHaveAttribute('data-state', 'ok');

    await stack.startPrometheus(); // same port, same data directory
    const t1 = Date.now();
    await expect(alert(page)).toHaveCount(0, { timeout: ONE_REFRESH });
    expect(Date.now() - t1).toBeLessThanOrEqual(ONE_REFRESH);
    // While its TSDB starts, Prometheus 2.42 answers every API request with a 503 that carries no
    // CORS header, and Chromium logs each such request of the page (the Alerts region's poll is the
    // usual one). That is the backend's doing, not the page's: those lines alone are allowed here.
    const restarting = new RegExp(`^Access to fetch at 'http://127\\.0\\.0\\.1:${KILLABLE.promPort}/api/v1/[a-z_/]+(\\?[^']*)?' from origin '[^']+' has been blocked by CORS policy`);
    const rest = consoleErrors.filter((e) => !restarting.test(e));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
    await expect(page.locator('[data-stale]')).toHaveCount(0, { timeout: ONE_REFRESH });
    // Panels scrolled away since do not query (by design); brought back, they load the new range.
    for (const id of okBefore) await expectPanelState(page, id!, 'ok');
    await expect(page.locator('[role="figure"][data-state="error"]')).toHaveCount(0);
  } finally {
    await stack.stop();
  }
});

// ── 2. A slow backend and a flood of range changes ────────────────────────────────────────────

test('slow backend + a flood of range changes: cancelled in flight, one request per query, page responsive', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-1h', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  proxy.reset([{ path: '/api/v1/query_range', action: { delayMs: 3_000 } }]);

  const presets = ['5m', '15m', '30m', '3h', '6h', '12h', '24h', '2d'];
  for (const p of presets) {
    await page.getByRole('button', { name: /^Time range:/ }).click();
    await page.getByRole('dialog', { name: 'Time range' }).getByRole('button', { name: p, exact: true }).click();
    await page.waitForTimeout(150);
  }
  // While the last range's queries are pending, a control still answers (how fast is a bench
  // figure, not a test assertion: this machine's load decides it).
  expect(proxy.open()).toBeGreaterThan(0);
  await page.getByRole('radio', { name: 'SGLang' }).click();
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'vLLM' }).click();
  await expect(page.getByRole('radio', { name: 'vLLM' })).toHaveAttribute('aria-checked', 'true');

  await expectPanelState(page, 'request-rate', 'ok', 40_000);
  await expect(page.getByRole('button', { name: /^Time range: Last 2d/ })).toBeVisible();
  // The requests of abandoned ranges were cancelled: the browser closed them and the proxy saw it.
  expect(proxy.stats.aborted, 'aborted requests seen at the proxy').toBeGreaterThan(0);
  // Never two copies of one distinct query open at once.
  const worst = Math.max(...proxy.stats.maxOpenPerKey.values());
  expect(worst, 'most concurrent copies of one query').toBeLessThanOrEqual(1);
});

// ── 2b. One kind of request fails while the others answer ─────────────────────────────────────

test('only range queries fail (503, or no answer at all) while the rest answers: the banner says which, no panel stays "Loading…"', async ({ page }) => {
  test.setTimeout(200_000);
  await test.step('503 at once: the whole board', async () => {
    proxy.reset([{ path: QR, action: reply(503, 'upstream overloaded') }]);
    const text = /HTTP 503 from .*the backend failed\. The backend says: “upstream overloaded”/;
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', from: 'now-30m', refresh: 'off' }));
    // The instant queries answer: the Models table is filled while the charts cannot draw.
    await expectPanelState(page, 'model-summary', 'ok');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(alert(page)).toContainText('The backend answers, but its /api/v1/query_range requests keep failing.');
    await expect(alert(page)).toContainText(text);
    // Every chart that asked ends in a state, with the reason: none waits for good.
    await expectPanelState(page, 'request-rate', 'error', 1_000);
    await expect(panel(page, 'request-rate').locator('.iw-error')).toHaveText(text);
    await expect(page.locator('[role="figure"] .iw-spinner')).toHaveCount(0);
    // The panels on screen asked (those far below ask when scrolled to); none of them still loads.
    const onScreen = () =>
      page.locator('[role="figure"]').evaluateAll((els) =>
        els.filter((e) => e.getBoundingClientRect().top < window.innerHeight && e.getBoundingClientRect().bottom > 0).map((e) => `${e.getAttribute('data-panel-id')}: ${e.getAttribute('data-state')}`),
      );
    await expect.poll(async () => (await onScreen()).filter((x) => x.endsWith(': loading'))).toEqual([]);
    expect((await onScreen()).length).toBeGreaterThan(1);
  });
  await test.step('the range queries answer again: "Refresh now" brings the charts back and the banner goes', async () => {
    proxy.reset([]);
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(alert(page)).toHaveCount(0);
  });
  await test.step('no answer at all, one embedded panel: the banner and its error after one 30 s time-out', async () => {
    // Issue 52 F3: the other endpoints' answers must not clear the hanging query's failure (it
    // was asked again after each time-out, and the panel said "Loading…" for good).
    proxy.reset([{ path: QR, action: { delayMs: 600_000 } }]);
    const text = /did not answer within 30 s \(.*\/api\/v1\/query_range\)/;
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-30m', refresh: 'off' }));
    await expect(alert(page)).toContainText('The backend answers, but its /api/v1/query_range requests keep failing.', { timeout: 30_000 + 10_000 });
    await expect(alert(page)).toContainText(text);
    await expectPanelState(page, 'request-rate', 'error', 1_000);
    await expect(panel(page, 'request-rate').locator('.iw-error')).toHaveText(text);
    // One time-out, not a loop: the hanging query was sent once.
    expect(proxy.stats.byPath.get(QR) ?? 0, 'range queries sent').toBeLessThanOrEqual(2);
  });
});

// ── 3. Bad answers ────────────────────────────────────────────────────────────────────────────

const QR = '/api/v1/query_range';
const API = '/api/v1/';
const reply = (status: number, body: unknown, contentType?: string): FaultRule['action'] => ({ reply: { status, body, contentType } });

interface AnswerCase {
  name: string;
  rules: FaultRule[];
  /** 'panel': the panel shows the message and is in `error`; 'banner': one alert says it. */
  where: 'panel' | 'banner';
  text: RegExp;
}

const HTTP_CASES: AnswerCase[] = [
  { name: 'HTTP 400 (text)', rules: [{ path: QR, action: reply(400, 'bad request from a gateway') }], where: 'panel', text: /HTTP 400 from .*unexpected response\. The backend says: “bad request from a gateway”/ },
  { name: 'HTTP 401', rules: [{ path: QR, action: reply(401, 'Unauthorized') }], where: 'panel', text: /HTTP 401 from .*authentication required/ },
  { name: 'HTTP 403', rules: [{ path: QR, action: reply(403, { message: 'tenant not allowed' }) }], where: 'panel', text: /HTTP 403 from .*forbidden\. The backend says: “tenant not allowed”/ },
  { name: 'HTTP 404', rules: [{ path: QR, action: reply(404, '404 page not found') }], where: 'panel', text: /HTTP 404 from .*no Prometheus API at this URL/ },
  { name: 'HTTP 422', rules: [{ path: QR, action: reply(422, 'unprocessable') }], where: 'panel', text: /HTTP 422 from .*unprocessable/ },
  { name: 'HTTP 429', rules: [{ path: QR, action: reply(429, 'slow down') }], where: 'panel', text: /HTTP 429 from .*rate limited/ },
  { name: 'HTTP 500 (retried, then shown)', rules: [{ path: QR, action: reply(500, 'boom') }], where: 'panel', text: /HTTP 500 from .*the backend failed\. The backend says: “boom”/ },
  { name: 'HTTP 502 (a proxy error page)', rules: [{ path: API, action: reply(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', 'text/html') }], where: 'banner', text: /HTTP 502 from .*502 Bad Gateway/ },
  { name: 'HTTP 503', rules: [{ path: API, action: reply(503, 'Service Unavailable') }], where: 'banner', text: /HTTP 503 from .*the backend failed/ },
  { name: 'HTTP 504', rules: [{ path: API, action: reply(504, 'Gateway Timeout') }], where: 'banner', text: /HTTP 504 from .*Gateway Timeout/ },
  { name: 'network failure (connection reset)', rules: [{ path: API, action: { reset: true } }], where: 'banner', get text() {
      return new RegExp(`Could not reach ${proxy.url.replace(/[.]/g, '\\.')}(?!\\d)`);
    } },
];

const API_ERROR_CASES: AnswerCase[] = (
  [
    ['bad_data', 400, 'invalid query or parameters', 'parse error at char 5'],
    ['timeout', 503, 'the query timed out', 'query timed out in expression evaluation'],
    ['canceled', 422, 'the query was canceled', 'context canceled'],
    ['execution', 422, 'the query failed', 'many-to-many matching not allowed'],
    ['internal', 500, 'internal error in the backend', 'storage is broken'],
    ['unavailable', 503, 'the backend is unavailable', 'TSDB not ready'],
    ['not_found', 404, 'not found', 'no such thing'],
  ] as const
).map(([type, status, meaning, detail]) => {
  // The backend's words are quoted and attributed, never run into ours.
  const text = new RegExp(`${meaning} \\(${type}\\)\\. The backend says: “${detail}”`);
  return { name: `status: error, errorType ${type} (HTTP ${status})`, rules: [{ path: QR, action: reply(status, apiErrorBody(type, detail)) }], where: 'panel' as const, text };
});

const BODY_CASES: AnswerCase[] = [
  { name: 'HTML where JSON was expected', rules: [{ path: QR, action: reply(200, '<!doctype html><html><head><title>Maintenance</title></head><body>back soon</body></html>', 'text/html') }], where: 'panel', text: /did not answer with Prometheus API JSON: got an HTML page \("Maintenance"\)/ },
  { name: 'truncated JSON', rules: [{ path: QR, action: reply(200, '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{', 'application/json') }], where: 'panel', text: /got invalid or truncated JSON \(\d+ bytes\)/ },
  { name: 'an empty body', rules: [{ path: QR, action: reply(200, '', 'application/json') }], where: 'panel', text: /got an empty body/ },
  { name: 'JSON without the envelope', rules: [{ path: QR, action: reply(200, { result: [] }) }], where: 'panel', text: /JSON without a Prometheus "status"\/"data" envelope/ },
  { name: 'a success whose data is not a matrix', rules: [{ path: QR, action: reply(200, { status: 'success', data: { resultType: 'vector', result: [] } }) }], where: 'panel', text: /a "success" answer whose data is not a matrix/ },
  { name: 'plain text with status 200', rules: [{ path: QR, action: reply(200, 'OK') }], where: 'panel', text: /got text "OK"/ },
  { name: 'a redirect to another origin (a login page)', rules: [{ path: QR, action: { redirect: () => `http://127.0.0.1:${OTHER_ORIGIN_PORT}/login` } }], where: 'panel', get text() {
      return new RegExp(`a redirect to http://127\\.0\\.0\\.1:${OTHER_ORIGIN_PORT}/login \\(usually the login page of an auth proxy\\)`);
    } },
  { name: 'an error body that is an HTML page', rules: [{ path: QR, action: reply(500, '<html><head><title>Internal Server Error</title><script>window.__xss=1</script></head><body><h1>oops</h1></body></html>', 'text/html') }], where: 'panel', text: /HTTP 500 from .*Internal Server Error/ },
];

// One page for a whole table of cases (a fresh context per case cost ~2 s each in CI): each case
// is its own step with its own fault and a full navigation, so nothing of the last one is left.
// A failing case names its step; the cases after it in that table do not run.
/** Each case's share of its test's time limit (one case alone had the 60 s default before). */
const PER_CASE_MS = 30_000;
const ANSWER_TABLES: Array<[string, AnswerCase[]]> = [
  ['HTTP statuses and a reset connection', HTTP_CASES],
  ['Prometheus API errors (status: error)', API_ERROR_CASES],
  ['bodies that are not a Prometheus answer', BODY_CASES],
];

for (const [table, cases] of ANSWER_TABLES) {
  test(`bad answer: ${table}`, async ({ page }) => {
    test.setTimeout(cases.length * PER_CASE_MS);
    for (const c of cases) await test.step(c.name, () => badAnswer(page, c));
  });
}

async function badAnswer(page: Page, c: AnswerCase): Promise<void> {
  proxy.reset(c.rules);
  await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
  if (c.where === 'panel') {
    await expectPanelState(page, 'request-rate', 'error');
    await expect(panel(page, 'request-rate').locator('.iw-error')).toHaveText(c.text);
    await expect(alert(page)).toHaveCount(0);
  } else {
    await expect(alert(page)).toHaveCount(1);
    await expect(alert(page)).toContainText('The backend is unreachable.');
    await expect(alert(page)).toContainText(c.text);
    // No panel shows an error of its own: one that never had data waits, quietly, for the backend.
    for (const text of await page.locator('[role="figure"][data-state="error"]').allInnerTexts()) expect(text).toContain('No answer from the backend yet');
  }
  // The page is still alive and nothing ran from a body.
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

// Odd values inside a success answer: one page, one step and one navigation each.
test('bad answer: odd values in a success answer', async ({ page }) => {
  await test.step('NaN, +Inf and -Inf samples are gaps, not zeros', async () => {
    const bad = ['NaN', '+Inf', '-Inf'];
    proxy.reset([
      {
        path: QR,
        action: {
          rewrite: (json) => {
            const result = (json.data as { result: Array<{ values: Array<[number, string]> }> }).result;
            // Every 4th sample is 7; the rest are NaN, +Inf, -Inf; the last one is 7.
            for (const s of result) s.values = s.values.map(([t], i, all) => [t, i % 4 === 3 || i === all.length - 1 ? '7' : bad[i % 4]!]);
            return json;
          },
        },
      },
    ]);
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    const rows = panel(page, 'request-rate').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Last, mean and max are all 7: zeros would pull the mean down, infinities would be the max.
    for (const row of await rows.all()) {
      const cells = (await row.locator('td').allInnerTexts()).slice(1);
      expect(cells).toHaveLength(3);
      for (const cell of cells) expect(cell).toMatch(/^7(\.0+)?\s*req\/s$/);
    }
  });

  await test.step('a matrix of 10,000 series is capped, and the cap is said', async () => {
    proxy.reset([
      {
        path: QR,
        action: {
          rewrite: (json) => {
            const result = (json.data as { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> }).result;
            const values = result[0]?.values.slice(-3) ?? [];
            (json.data as { result: unknown }).result = Array.from({ length: 10_000 }, (_, i) => ({ metric: { model_name: `model-${String(i).padStart(5, '0')}` }, values }));
            return json;
          },
        },
      },
    ]);
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(panel(page, 'request-rate')).toContainText('Showing 50 of 10000 series');
    await expect(panel(page, 'request-rate').locator('tbody tr')).toHaveCount(50);
  });

  await test.step('warnings in the response are shown', async () => {
    proxy.reset([
      {
        path: QR,
        action: {
          rewrite: (json) => ({ ...json, warnings: ['PromQL warning: encountered a mix of histograms and floats for metric name "x"'] }),
        },
      },
    ]);
    await page.goto(appUrl({ prom: proxy.url, engine: 'vllm', panel: 'request-rate', from: 'now-15m', refresh: 'off' }));
    await expectPanelState(page, 'request-rate', 'ok');
    await expect(panel(page, 'request-rate')).toContainText('The backend returned warnings: PromQL warning: encountered a mix of histograms and floats');
  });
});

// ── 4. Bad input from the user or a link ──────────────────────────────────────────────────────

interface InputCase {
  name: string;
  params: Record<string, string>;
  text: string | RegExp;
}

const LINK_CASES: InputCase[] = [
  { name: 'empty backend URL', params: { prom: '' }, text: 'No Prometheus URL yet.' },
  { name: 'relative backend URL (host:port without scheme)', params: { prom: 'prometheus:9090' }, text: /Only http:\/\/ and https:\/\/ URLs are allowed \(got "prometheus:"\)/ },
  { name: 'relative backend URL (../api)', params: { prom: '../api' }, text: /Use an absolute URL starting with http:\/\/ or https:\/\// },
  { name: 'protocol-relative backend URL', params: { prom: '//evil.example:9090' }, text: /Use an absolute URL starting with http:\/\/ or https:\/\// },
  { name: 'javascript: backend URL', params: { prom: 'javascript:window.__xss=1' }, text: /Only http:\/\/ and https:\/\/ URLs are allowed \(got "javascript:"\)/ },
  { name: 'data: backend URL', params: { prom: 'data:text/html,<script>window.__xss=1</script>' }, text: /got "data:"/ },
  { name: 'file: backend URL', params: { prom: 'file:///etc/passwd' }, text: /got "file:"/ },
  { name: 'ftp: backend URL', params: { prom: 'ftp://127.0.0.1:29090' }, text: /got "ftp:"/ },
  { name: 'backend URL with credentials', params: { prom: 'http://user:pass@127.0.0.1:29090' }, text: /Credentials in the URL are not allowed/ },
  { name: 'backend URL with a query string (a token)', params: { prom: 'http://127.0.0.1:29090/?token=secret' }, text: /Remove the query string or fragment/ },
  { name: 'backend URL that does not parse', params: { prom: 'http://[::1:9090' }, text: 'This is not a valid URL.' },
  { name: 'unknown engine', params: { engine: 'tgi' }, text: 'Ignored engine="tgi": unknown engine (use vllm, sglang, lmdeploy or trtllm)' },
  { name: 'from after to', params: { from: 'now', to: 'now-1h' }, text: 'The start of the time range is not before its end.' },
  { name: 'a 0 s range', params: { from: '1767225600000', to: '1767225600000' }, text: 'The start of the time range is not before its end.' },
  { name: 'a 30 s range', params: { from: 'now-30s', to: 'now' }, text: 'The time range is shorter than one minute.' },
  { name: 'a 10-year range', params: { from: 'now-10y', to: 'now' }, text: 'The time range is longer than 90 days.' },
  { name: 'a from that is not a time', params: { from: 'yesterday' }, text: 'Ignored from="yesterday": not a time' },
  { name: 'unknown panel id', params: { panel: 'no-such-panel' }, text: 'There is no panel "no-such-panel" for this engine.' },
  { name: 'a panel id that is markup', params: { panel: '<img src=x onerror=window.__xss=1>' }, text: 'Ignored panel="<img src=x onerror=window.__xss=…": not a panel id' },
  { name: 'unknown refresh', params: { refresh: '1ms' }, text: 'Ignored refresh="1ms"' },
  { name: 'unknown theme', params: { theme: '"><script>window.__xss=1</script>' }, text: /Ignored theme=".*use light, dark or auto/ },
  { name: 'unknown language', params: { lang: 'tlh' }, text: 'Ignored lang="tlh": use en or zh-CN' },
  { name: 'rate window that is not a duration', params: { rate: '5 minutes' }, text: 'Ignored rate="5 minutes"' },
  { name: 'GPU that is markup', params: { gpu: '<b>H100</b>' }, text: 'Ignored gpu="<b>H100</b>"' },
];

// One page, one step and one full navigation per link (as for the bad answers above).
test('bad link: each is refused with its reason, and the board still starts', async ({ page }) => {
  test.setTimeout(LINK_CASES.length * PER_CASE_MS);
  for (const c of LINK_CASES) {
    await test.step(c.name, async () => {
      const params = { prom: PROM(), engine: 'vllm', refresh: 'off', ...c.params };
      await page.goto(appUrl(params));
      await expect(page.getByText(c.text).first()).toBeVisible();
      // The page is up (header controls render), and no link value ran as script.
      await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toBeVisible();
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    });
  }
});

const TYPED_URL_CASES: Array<[string, string, RegExp]> = [
  ['empty', '   ', /Enter the Prometheus API URL/],
  ['relative', 'api/v1', /Use an absolute URL starting with http:\/\/ or https:\/\//],
  ['javascript:', 'javascript:window.__xss=1', /got "javascript:"/],
  ['data:', 'data:text/plain,hi', /got "data:"/],
  ['file:', 'file:///etc/passwd', /got "file:"/],
  ['credentials', 'https://admin:hunter2@prom.example', /Credentials in the URL are not allowed/],
];

// Typed one after another into the field of one board: each message differs from the one before
// it, so each assertion sees the refusal of the value just typed, not a stale one.
test('typed input: each backend URL is refused with its reason (the link keeps the old backend), and so is a from after to', async ({ page }) => {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', refresh: 'off' }));
  const field = page.getByRole('textbox', { name: 'Prometheus URL' });
  for (const [name, input, text] of TYPED_URL_CASES) {
    await test.step(name, async () => {
      await field.fill(input);
      await field.press('Enter');
      await expect(page.locator('#prom-url-error')).toHaveText(text);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      // Refused: the link still points at the old backend, and the credentials never reach it.
      expect(new URL(page.url()).searchParams.get('prom')).toBe(PROM());
      expect(page.url()).not.toContain('hunter2');
    });
  }
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

  await test.step('typed time range: from after to is refused in the picker', async () => {
    await page.getByRole('button', { name: /^Time range:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Time range' });
    await dialog.getByLabel('From').fill('now');
    await dialog.getByLabel('To').fill('now-2h');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The start of the time range is not before its end.');
    await dialog.getByLabel('From').fill('not a date');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('status')).toContainText('Use now-1h, now, epoch milliseconds');
  });
});


const CONFIG_CASES: Array<[string, { status?: number; body: string }, RegExp]> = [
  ['not JSON', { body: '{"prometheusUrl": ' }, /config\.json is not valid JSON/],
  ['an array', { body: '[1, 2]' }, /config\.json must contain a JSON object/],
  ['an unknown key', { body: '{"promUrl": "http://x"}' }, /unknown key "promUrl"/],
  ['a bad header name', { body: '{"headers": {"X Bad": "1"}}' }, /header name "X Bad" is not valid/],
  ['a wrong type', { body: '{"defaultEngine": "tgi", "gpuPeaks": {}}' }, /"defaultEngine" must be "vllm", "sglang", "lmdeploy" or "trtllm".*"gpuPeaks" must be an array/],
  ['an HTTP 500', { status: 500, body: 'oops' }, /config\.json could not be loaded \(HTTP 500\)/],
];

test('config.json: each malformed one gives the start-up error page with its reason; a javascript: backend URL is refused', async ({ page }) => {
  for (const [name, res, text] of CONFIG_CASES) {
    await test.step(name, async () => {
      await page.unroute('**/config.json');
      await page.route('**/config.json', (route) => route.fulfill({ status: res.status ?? 200, contentType: 'application/json', body: res.body }));
      await page.goto(appUrl({}));
      const box = page.getByRole('alert');
      await expect(box.getByRole('heading', { name: 'inferwatch could not start' })).toBeVisible();
      await expect(box).toContainText(text);
      await expect(box).toContainText('Fix config.json next to index.html');
    });
  }
  await test.step('a javascript: backend URL: refused with a reason', async () => {
    await page.unroute('**/config.json');
    await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json', body: '{"prometheusUrl": "javascript:window.__xss=1"}' }));
    await page.goto(appUrl({}));
    await expect(page.getByText('This Prometheus URL cannot be used')).toBeVisible();
    await expect(page.getByText(/got "javascript:"/)).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });
});


// ── Switching to a backend that cannot be reached (issue 19.2) ───────────────────────────────

const UNREACHABLE: Array<[string, () => string]> = [
  ['connection refused', () => 'http://127.0.0.1:1'],
  ['a server that is not Prometheus', () => `${process.env.APP_URL!.replace(/\/$/, '')}/not-prometheus`],
];

// One page: each step loads the board on the live backend afresh, then switches away from it.
test('switching to a backend that cannot be reached: one message within seconds, panels settled, nothing from the old backend', async ({ page }) => {
  test.setTimeout(UNREACHABLE.length * 60_000);
  for (const [name, url] of UNREACHABLE) await test.step(name, () => switchAway(page, url));
});

async function switchAway(page: Page, url: () => string): Promise<void> {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: '5s' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(page.locator('[data-stat-id="request-rate"] svg')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  const field = page.getByRole('textbox', { name: 'Prometheus URL' });
  await field.fill(url());
  await field.press('Enter');
  await expect(alert(page)).toHaveCount(1, { timeout: 5_000 });
  // Settled: no panel or tile loading, no spinner, no sparkline or value of the previous backend.
  await expect(page.locator('[role="figure"][data-state="loading"]')).toHaveCount(0, { timeout: 5_000 });
  await expect(page.locator('[data-stat-id][data-state="loading"]')).toHaveCount(0);
  await expect(page.locator('.iw-spinner')).toHaveCount(0);
  await expect(page.locator('[data-stat-id] svg')).toHaveCount(0);
  await expect(page.locator('[data-stat-id][data-value]')).toHaveCount(0);
  await expect(page.locator('[role="figure"] canvas')).toHaveCount(0);
  await expect(panel(page, 'request-rate')).toHaveAttribute('data-state', 'error');
}
