// The rules pack against a real Prometheus scraping the simulator (issue 14): every generated rule
// group evaluates with health "ok", `npm run rules --prom` resolves against the live backend, and a
// simulated engine that stops shows up as its TargetDown alert, pending then firing, in the Alerts
// region. A backend without alerting rules gets the explained note.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Stack } from '../scripts/lib/stack';
import { generateRules, toYaml } from '../src/rules/index';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';
import { freePortBlock } from './support/ports';

const log = process.env.E2E_VERBOSE ? (l: string) => console.log(l) : undefined;
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
// A short `for`, so "pending, then firing" takes seconds rather than the default minute.
const FOR = '20s';
const SLO = { vllm: { ttft: 0.5, itl: 0.1, e2e: 10 }, sglang: { ttft: 0.4, itl: 0.1, e2e: 10 } } as const;
const RUNBOOK = 'https://runbooks.example/inferwatch/alerts.md';

let stack: Stack;
let dir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'inferwatch-alerts-'));
  const ruleFiles = (['vllm', 'sglang'] as const).map((engine) => {
    const file = join(dir, `${engine}.yml`);
    writeFileSync(file, generateRules({ engine, slo: SLO[engine], forOverride: FOR, runbookBase: RUNBOOK }).yaml);
    return file;
  });
  const base = await freePortBlock(12);
  stack = await startStack({ promPort: base, vllmPort: base + 2, sglangPort: base + 7, backfillMinutes: 10, seed: 3, ruleFiles, log });
  await backfillRecordingRules();
});

// The vLLM recording rules evaluated over the backfilled history by promtool, their blocks moved
// into Prometheus' data directory and Prometheus restarted to load them: the recorded series then
// cover the last minutes at once, instead of after the rules have run for two minutes.
async function backfillRecordingRules(): Promise<void> {
  const recording = generateRules({ engine: 'vllm', slo: SLO.vllm }).groups.filter((g) => g.name === 'inferwatch-vllm-recording');
  const file = join(dir, 'vllm-recording.yml');
  writeFileSync(file, toYaml({ groups: recording.map((g) => ({ name: g.name, rules: g.rules.flatMap((r) => ('record' in r ? [{ record: r.record, expr: r.expr, labels: r.labels }] : [])) })) }));
  const out = join(dir, 'rule-blocks');
  const now = Math.floor(Date.now() / 1000);
  const r = spawnSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'rules', `--start=${now - 9 * 60}`, `--end=${now}`, '--eval-interval=15s', `--url=${stack.promUrl}`, `--output-dir=${out}`, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`promtool create-blocks-from rules failed: ${r.stdout}${r.stderr}`);
  for (const block of readdirSync(out)) renameSync(join(out, block), join(stack.dataDir, block));
  await stack.stopPrometheus();
  await stack.startPrometheus();
}
test.afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface RulesBody {
  data: { groups: { name: string; lastEvaluation: string; rules: { name: string; health: string; lastError?: string }[] }[] };
}

test('npm run rules --prom resolves against the live backend and checks its SLO bound there', async () => {
  test.setTimeout(90_000);
  const out = join(dir, 'from-prom.yml');
  const ok = spawnSync('npx', ['tsx', 'scripts/rules.ts', '--engine', 'sglang', '--prom', stack.promUrl, '--slo-ttft', '0.4', '--out', out], { encoding: 'utf8' });
  expect(ok.status, ok.stderr).toBe(0);
  const text = readFileSync(out, 'utf8');
  expect(text).toContain('resolved against the backend');
  // (Written as a quoted YAML string, so the inner quotes are escaped.)
  expect(text).toContain('sum by (model_name) (sglang:num_running_reqs{priority=\\"\\"})');
  const check = spawnSync(PROMTOOL, ['check', 'rules', out], { encoding: 'utf8' });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  // 0.5 s is not among this backend's SGLang TTFT bounds (as stored there): refused, neighbours named.
  const le = await (await fetch(`${stack.promUrl}/api/v1/label/le/values?match[]=sglang:time_to_first_token_seconds_bucket`)).json();
  const leValues = { ttft: (le as { data: string[] }).data };
  expect(() => generateRules({ engine: 'sglang', slo: { ttft: 0.5 }, leValues })).toThrow('between 0.4 and 0.6');
});

test('a backend that evaluates no rules gets the explained note, not an error', async ({ page }) => {
  await page.goto(appUrl({ prom: process.env.PROM_DEFAULT!, engine: 'vllm', from: 'now-15m' }));
  const region = page.getByRole('region', { name: 'Alerts' });
  await expect(region).toHaveAttribute('data-state', 'no-rules');
  await expect(region).toContainText('This backend evaluates no alerting rules');
});

test('the Rules dialog downloads the pack for this backend, engine and SLO, and refuses a threshold between bounds', async ({ page }) => {
  await page.goto(appUrl({ prom: stack.promUrl, engine: 'vllm', from: 'now-15m' }));
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Prometheus rules pack' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('TTFT').fill('0.3');
  await dialog.getByRole('button', { name: /^Download/ }).click();
  await expect(dialog.getByTestId('rules-result')).toContainText('between 0.25 and 0.5');
  // The nearest bounds are offered; taking one fills the field and the refusal goes.
  await dialog.getByRole('button', { name: 'Use TTFT 0.5 s' }).click();
  await expect(dialog.getByLabel('TTFT')).toHaveValue('0.5');
  await expect(dialog.getByTestId('rules-result')).toHaveCount(0);
  // A refusal is about the values it was given: gone as soon as a field changes.
  await dialog.getByLabel('TTFT').fill('0.3');
  await dialog.getByRole('button', { name: /^Download/ }).click();
  await expect(dialog.getByTestId('rules-result')).toContainText('between 0.25 and 0.5');
  await dialog.getByLabel('TTFT').fill('0.5');
  await expect(dialog.getByTestId('rules-result')).toHaveCount(0);
  await dialog.getByLabel('Runbook base URL').fill('docs/alerts.md');
  await dialog.getByRole('button', { name: /^Download/ }).click();
  await expect(dialog.getByTestId('rules-result')).toContainText('is not an http(s) URL');
  await dialog.getByLabel('Runbook base URL').fill(RUNBOOK);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /^Download/ }).click()]);
  expect(download.suggestedFilename()).toBe('inferwatch-vllm-rules.yml');
  const file = join(dir, 'downloaded.yml');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('resolved against the backend');
  expect(text).toContain('VLLMTTFTBudgetBurnFast');
  expect(text).not.toContain('SGLang');
  expect(text).toContain(`runbook_url: "${RUNBOOK}#targetdown"`);
  const check = spawnSync(PROMTOOL, ['check', 'rules', file], { encoding: 'utf8' });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  await expect(dialog.getByTestId('rules-result')).toContainText(/\d+ groups, \d+ rules/);
});

test('with the rules loaded, a panel reads the recorded series (same rate window), and says so in its menu', async ({ page }) => {
  // The board reads recorded series only if they cover its range (from the minute before its
  // start): the rules were backfilled over the history (backfillRecordingRules), so they do.
  const recorded = 'model_name_finished_reason:vllm_request_success:rate1m';
  const at = Date.now() / 1000 - 125;
  expect(((await (await fetch(`${stack.promUrl}/api/v1/query?query=${recorded}&time=${at}`)).json()) as { data: { result: unknown[] } }).data.result.length).toBeGreaterThan(0);
  await page.goto(appUrl({ prom: stack.promUrl, engine: 'vllm', from: 'now-1m', rate: '1m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  const p = panel(page, 'request-rate');
  await p.getByRole('button', { name: /^Panel menu/ }).click();
  await expect(p.getByRole('menuitem', { name: `Data: recorded series ${recorded}` })).toBeVisible();
  await p.getByRole('menuitem', { name: /^Data:/ }).click();
  await expect(page.getByTestId('promql')).toHaveText(`sum by (model_name) (${recorded})`);
  await page.keyboard.press('Escape');
  // The automatic window (4 × the 5 s scrape here) is not the recorded one: raw, and said so.
  await page.goto(appUrl({ prom: stack.promUrl, engine: 'vllm', from: 'now-1m', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await panel(page, 'request-rate').getByRole('button', { name: /^Panel menu/ }).click();
  await expect(panel(page, 'request-rate').getByRole('menuitem', { name: 'Data: raw series' })).toBeVisible();
});

test('every generated rule group evaluates with health ok in a real Prometheus', async () => {
  test.setTimeout(120_000);
  let groups: RulesBody['data']['groups'] = [];
  // The SLO groups run once a minute: wait until every group has been evaluated at least once.
  await expect
    .poll(
      async () => {
        groups = ((await (await fetch(`${stack.promUrl}/api/v1/rules`)).json()) as RulesBody).data.groups;
        return groups.filter((g) => !g.lastEvaluation.startsWith('0001-')).length;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(8);
  expect(groups.map((g) => g.name).sort()).toEqual(
    ['vllm', 'sglang'].flatMap((e) => [`inferwatch-${e}-alerts`, `inferwatch-${e}-recording`, `inferwatch-${e}-slo-alerts`, `inferwatch-${e}-slo-recording`]).sort(),
  );
  const unhealthy = groups.flatMap((g) => g.rules.filter((r) => r.health !== 'ok').map((r) => `${g.name}/${r.name}: ${r.health} ${r.lastError ?? ''}`));
  expect(unhealthy).toEqual([]);
  // The recorded series exist (the simulator serves traffic), so the board and the alerts have data.
  const q = await (await fetch(`${stack.promUrl}/api/v1/query?query=${encodeURIComponent('model_name:vllm_generation_tokens:rate1m')}`)).json();
  expect((q as { data: { result: unknown[] } }).data.result.length).toBeGreaterThan(0);
});

test('a stopped engine: its TargetDown alert is listed pending, then firing, in the Alerts region', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(appUrl({ prom: stack.promUrl, engine: 'vllm', from: 'now-15m', refresh: '5s' }));
  const region = page.getByRole('region', { name: 'Alerts' });
  await expect(region).toBeVisible();
  await expect(region).toHaveAttribute('data-state', 'ok');
  const target = stack.simTargets[0]!;
  await expect(region.locator('[data-alert-name="VLLMTargetDown"]')).toHaveCount(0);

  await stack.stopEngine(target);
  const item = region.locator('[data-alert-name="VLLMTargetDown"]');
  await expect(item).toHaveAttribute('data-alert-state', 'pending', { timeout: 30_000 });
  await expect(item).toContainText('VLLMTargetDown');
  await expect(item).toContainText(target);
  await expect(item).toContainText(/pending \d+s of 20s/);
  await expect(item).toHaveAttribute('data-alert-state', 'firing', { timeout: 40_000 });
  await expect(item).toContainText(`vLLM target ${target} is down`);
  // A marker at the alert's start on the time-series panels, named in the chart's accessible name
  // (with the engines' own start in the range too, the name lists changes and alerts).
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(panel(page, 'request-rate').getByRole('img')).toHaveAttribute('aria-label', new RegExp(`(alerts started|changes and alerts) in this range: .*VLLMTargetDown · ${target.replace(/[.]/g, '\\.')}`));
  // The row links to its runbook section and narrows the board to the instance that is down.
  await expect(item.getByRole('link', { name: 'Runbook' })).toHaveAttribute('href', `${RUNBOOK}#targetdown`);
  await item.getByRole('button', { name: 'Show this instance' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]instance=${encodeURIComponent(target)}(&|$)`));
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: 'Show this instance' })).toHaveCount(0);
  // The SGLang board does not list a vLLM alert.
  await page.goto(appUrl({ prom: stack.promUrl, engine: 'sglang', from: 'now-15m', refresh: '5s' }));
  await expect(page.getByRole('region', { name: 'Alerts' })).toHaveAttribute('data-state', 'ok');
  await expect(page.getByRole('region', { name: 'Alerts' }).locator('[data-alert-name="VLLMTargetDown"]')).toHaveCount(0);
});
