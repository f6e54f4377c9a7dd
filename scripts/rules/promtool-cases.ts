// Test support for promtool.test.ts: promtool unit-test files (`promtool test rules`) for the generated rules. Each
// alert gets input series where one label set must fire and another must not, so a wrong
// threshold, window, grouping or label shows up as an unexpected or missing alert.
import { catalogs, type EngineId } from '../../src/catalog/index.ts';
import { alertPrefix, DEFAULTS } from '../../src/rules/alerting.ts';
import { defaultBuckets } from '../../src/rules/slo.ts';
import { ENGINE_LABEL, type RuleGroup, type SloMetric, type SloSettings } from '../../src/rules/types.ts';
import type { YamlValue } from '../../src/rules/yaml.ts';

/** promtool, as the promtool tests run it (PROMTOOL_BIN to point at another). */
export const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

const SLO_TARGETS: Record<SloMetric, number> = { ttft: 0.5, itl: 0.1, e2e: 10 };

/**
 * The SLO the unit tests generate rules with: for each histogram the engine has, its largest default
 * bucket bound at or below a usual target (TTFT 0.5 s, ITL 0.1 s, E2E 10 s).
 */
export function testSlo(engine: EngineId): SloSettings {
  const slo: SloSettings = { objective: 0.99 };
  for (const m of ['ttft', 'itl', 'e2e'] as const) {
    const bound = defaultBuckets(catalogs[engine], m).filter((b) => b <= SLO_TARGETS[m]).at(-1);
    if (bound !== undefined) slo[m] = bound;
  }
  return slo;
}

interface Series {
  series: string;
  values: string;
}
interface AlertCheck {
  eval_time: string;
  alertname: string;
  exp_alerts: { exp_labels: Record<string, string> }[];
}
interface TestCase {
  name: string;
  input: Series[];
  checks: AlertCheck[];
}

const STEP_S = 15;
const SAMPLES = 280; // 70 min at 15 s: past the last check (60 m)

/** `series{labels}` with label values quoted (the promtool tests' input series). */
export function sel(name: string, labels: Record<string, string>): string {
  const inner = Object.entries(labels)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',');
  return `${name}{${inner}}`;
}
/** A counter growing by `perSecond`. */
const counter = (perSecond: number): string => `0+${perSecond * STEP_S}x${SAMPLES}`;
const gauge = (v: number): string => `${v}x${SAMPLES}`;

export function buildCases(engine: EngineId): TestCase[] {
  const c = catalogs[engine];
  const roles = c.roles;
  const n = (id: string): string => c.metrics[id]?.variants[0] ?? id;
  const P = alertPrefix(c);
  const job = engine;
  const base = (model: string, instance: string): Record<string, string> => ({ job, instance, model_name: model });
  const alert = (labels: Record<string, string>, severity = 'warning') => ({
    exp_labels: { severity, [ENGINE_LABEL]: engine, ...labels },
  });
  const running = n(c.presenceMetric);
  const cases: TestCase[] = [];

  const LONG = 800; // 200 min at 15 s: past the 3 h check, far past the presence window (1 h)
  const down = (labels: Record<string, string>) => alert(labels, 'critical');
  cases.push({
    name: 'target down: fires for a target that served engine metrics, not for one in an unrelated job',
    input: [
      { series: sel('up', { job, instance: 'a:1' }), values: `1x8 0x${SAMPLES}` },
      { series: sel(running, base('m', 'a:1')), values: `1x8 _x${SAMPLES}` },
      { series: sel('up', { job: 'other', instance: 'b:1' }), values: `0x${SAMPLES}` },
    ],
    checks: [
      // Down since 2 m; with `for: 1m`, only pending at 2m30s, firing at 5m.
      { eval_time: '2m30s', alertname: `${P}TargetDown`, exp_alerts: [] },
      { eval_time: '5m', alertname: `${P}TargetDown`, exp_alerts: [down({ job, instance: 'a:1' })] },
    ],
  });
  cases.push({
    name: 'target down: still fires 3 h after the crash, long after its engine metrics left the 1 h window',
    input: [
      { series: sel('up', { job, instance: 'a:1' }), values: `1x8 0x${LONG}` },
      { series: sel(running, base('m', 'a:1')), values: `1x8 _x${LONG}` },
      { series: sel('up', { job: 'other', instance: 'b:1' }), values: `0x${LONG}` },
    ],
    checks: [
      { eval_time: '90m', alertname: `${P}TargetDown`, exp_alerts: [down({ job, instance: 'a:1' })] },
      { eval_time: '3h', alertname: `${P}TargetDown`, exp_alerts: [down({ job, instance: 'a:1' })] },
    ],
  });
  cases.push({
    name: 'target down: a never-up replica of an engine job fires; it stops once it is up',
    input: [
      { series: sel('up', { job, instance: 'a:1' }), values: `1x${SAMPLES}` },
      { series: sel(running, base('m', 'a:1')), values: `1x${SAMPLES}` },
      // Crash-looping from its first scrape, up at 40 m.
      { series: sel('up', { job, instance: 'new:1' }), values: `0x160 1x${SAMPLES}` },
      { series: sel('up', { job: 'other', instance: 'b:1' }), values: `0x${SAMPLES}` },
    ],
    checks: [
      { eval_time: '5m', alertname: `${P}TargetDown`, exp_alerts: [down({ job, instance: 'new:1' })] },
      { eval_time: '45m', alertname: `${P}TargetDown`, exp_alerts: [] },
    ],
  });
  cases.push({
    name: 'metrics absent: fires when no scheduler series exists, not while one does',
    input: [
      { series: sel(running, base('m', 'a:1')), values: `1x40 _x${SAMPLES}` },
      { series: sel('up', { job, instance: 'a:1' }), values: `1x${SAMPLES}` },
    ],
    checks: [
      { eval_time: '9m', alertname: `${P}MetricsAbsent`, exp_alerts: [] },
      // Stale after 10 m (the series ends at 10 m, lookback 5 m) + `for: 10m`.
      { eval_time: '30m', alertname: `${P}MetricsAbsent`, exp_alerts: [alert({})] },
    ],
  });

  const f = roles?.failures;
  if (roles && f) {
    // One counter split by a label: a failing value of it (the matcher's own words) against a good one.
    const split = f.id === roles.requests && f.label && f.matcher ? { label: f.label, bad: failingValue(f.matcher), ok: okValue(f.matcher) } : null;
    const errorInput: Series[] = split
      ? [
          { series: sel(n(roles.requests), { ...base('bad', 'a:1'), [split.label]: split.ok }), values: counter(1) },
          { series: sel(n(roles.requests), { ...base('bad', 'a:1'), [split.label]: split.bad }), values: counter(0.1) },
          { series: sel(n(roles.requests), { ...base('good', 'b:1'), [split.label]: split.ok }), values: counter(1) },
          { series: sel(n(roles.requests), { ...base('good', 'b:1'), [split.label]: split.bad }), values: counter(0.02) },
        ]
      : [
          { series: sel(n(roles.requests), base('bad', 'a:1')), values: counter(1) },
          { series: sel(n(f.id), base('bad', 'a:1')), values: counter(0.1) },
          { series: sel(n(roles.requests), base('good', 'b:1')), values: counter(1) },
          { series: sel(n(f.id), base('good', 'b:1')), values: counter(0.02) },
        ];
    cases.push({
      name: `error ratio: 10 % fires, 2 % does not (threshold ${DEFAULTS.errorRatio})`,
      input: errorInput,
      checks: [{ eval_time: '20m', alertname: `${P}HighErrorRatio`, exp_alerts: [alert({ model_name: 'bad' })] }],
    });
  }

  if (roles?.ttft) {
    const ttft = n(`${roles.ttft.id}_bucket`);
    cases.push({
      name: `TTFT p99: slow model above ${DEFAULTS.ttftP99Seconds} s fires, fast one does not`,
      input: [
        ...[['10', 0], ['20', 1], ['+Inf', 1]].map(([le, r]) => ({ series: sel(ttft, { ...base('slow', 'a:1'), le: String(le) }), values: counter(Number(r)) })),
        ...[['1', 1], ['10', 1], ['20', 1], ['+Inf', 1]].map(([le, r]) => ({ series: sel(ttft, { ...base('fast', 'b:1'), le: String(le) }), values: counter(Number(r)) })),
      ],
      checks: [
        { eval_time: '5m', alertname: `${P}HighTTFT`, exp_alerts: [] },
        { eval_time: '20m', alertname: `${P}HighTTFT`, exp_alerts: [alert({ model_name: 'slow' })] },
      ],
    });
  }

  if (roles?.kvUsage) {
    const kv = n(roles.kvUsage.id);
    const scale = roles.kvUsage.scale;
    cases.push({
      name: `KV usage: ${DEFAULTS.kvUsage} exceeded fires for that instance only`,
      input: [
        { series: sel(kv, base('m', 'a:1')), values: gauge(0.95 * scale) },
        { series: sel(kv, base('m', 'b:1')), values: gauge(0.5 * scale) },
      ],
      checks: [
        { eval_time: '5m', alertname: `${P}KVCacheSaturated`, exp_alerts: [] },
        { eval_time: '15m', alertname: `${P}KVCacheSaturated`, exp_alerts: [alert({ instance: 'a:1', model_name: 'm' })] },
      ],
    });
  }
  if (roles?.waiting) {
    cases.push({
      name: `waiting: more than ${DEFAULTS.waiting} fires for that instance only`,
      input: [
        { series: sel(n(roles.waiting), base('m', 'a:1')), values: gauge(60) },
        { series: sel(n(roles.waiting), base('m', 'b:1')), values: gauge(10) },
      ],
      checks: [{ eval_time: '10m', alertname: `${P}RequestsWaiting`, exp_alerts: [alert({ instance: 'a:1', model_name: 'm' })] }],
    });
  }
  const pre = roles?.preemptions;
  if (pre) {
    cases.push({
      name: `${pre.word.toLowerCase()}: 2/s fires, 0.2/s does not`,
      input: [
        { series: sel(n(pre.id), base('m', 'a:1')), values: counter(2) },
        { series: sel(n(pre.id), base('m', 'b:1')), values: counter(0.2) },
      ],
      checks: [{ eval_time: '10m', alertname: `${P}${pre.word}`, exp_alerts: [alert({ instance: 'a:1', model_name: 'm' })] }],
    });
  }

  const slo = testSlo(engine);
  for (const [metric, KIND] of [['ttft', 'TTFT'], ['itl', 'ITL'], ['e2e', 'E2E']] as const) {
    const h = roles?.[metric];
    const bound = slo[metric];
    if (!h || bound === undefined) continue;
    const le = String(bound);
    // "burn": every request misses the threshold; "ok": every one meets it.
    const input: Series[] = [
      { series: sel(n(`${h.id}_bucket`), { ...base('burn', 'a:1'), le }), values: counter(0) },
      { series: sel(n(`${h.id}_count`), base('burn', 'a:1')), values: counter(1) },
      { series: sel(n(`${h.id}_bucket`), { ...base('ok', 'b:1'), le }), values: counter(1) },
      { series: sel(n(`${h.id}_count`), base('ok', 'b:1')), values: counter(1) },
    ];
    const labels = { model_name: 'burn', slo: metric };
    cases.push({
      name: `${KIND} burn rate: all requests over ${le} s page (1 h & 5 m, and 6 h & 30 m); none over does not`,
      input,
      checks: [
        { eval_time: '30m', alertname: `${P}${KIND}BudgetBurnFast`, exp_alerts: [alert(labels, 'critical')] },
        { eval_time: '60m', alertname: `${P}${KIND}BudgetBurnSlow`, exp_alerts: [alert(labels, 'critical')] },
      ],
    });
  }
  return cases;
}

/** A value the failure matcher selects: the first alternative of `label=~"a|b"`. */
function failingValue(matcher: string): string {
  const m = /=~?"([^"|)]+)/.exec(matcher);
  if (m?.[1] && !matcher.includes('!')) return m[1];
  return 'failed';
}
/** A value the failure matcher leaves out: `stop` for a positive matcher, else its first alternative (`P(A|B)` → `PA`). */
function okValue(matcher: string): string {
  const m = /!~"([^"(]*)\(?([^"|)]+)/.exec(matcher);
  return m ? `${m[1] ?? ''}${m[2] ?? ''}` : 'stop';
}

/** The groups without annotations: promtool compares annotations exactly, and the templates are
 * checked by `promtool check rules` and by the live test against a real Prometheus. */
export function withoutAnnotations(groups: RuleGroup[]): YamlValue {
  return {
    groups: groups.map((g) => ({
      name: g.name,
      interval: g.interval,
      rules: g.rules.map((r): YamlValue => ('record' in r ? { record: r.record, expr: r.expr, labels: r.labels } : { alert: r.alert, expr: r.expr, for: r.for, labels: r.labels })),
    })),
  };
}

export function testFile(ruleFile: string, cases: TestCase[]): YamlValue {
  return {
    rule_files: [ruleFile],
    evaluation_interval: `${STEP_S}s`,
    tests: cases.map((tc) => ({
      name: tc.name,
      interval: `${STEP_S}s`,
      input_series: tc.input.map((s) => ({ series: s.series, values: s.values })),
      alert_rule_test: tc.checks.map((ch) => ({ eval_time: ch.eval_time, alertname: ch.alertname, exp_alerts: ch.exp_alerts })),
    })),
  };
}
