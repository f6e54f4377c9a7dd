// Alerting rules with documented default thresholds (docs/alerts.md has one section per alert:
// what to check, what to change). Built on the recorded series where one exists, so the alerts
// cost little to evaluate and agree with what the board shows.
import type { EngineCatalog } from '../catalog';
import { expandTemplate, recordKey, type Recorded, type RecordContext } from './recording';
import { ENGINE_LABEL, type AlertingRule } from './types';

/** The default thresholds, in one place (docs/alerts.md quotes them; a test checks they agree). */
export const DEFAULTS = {
  errorRatio: 0.05,
  errorFor: '5m',
  ttftP99Seconds: 10,
  ttftFor: '10m',
  kvUsage: 0.9,
  kvFor: '10m',
  waiting: 50,
  waitingFor: '5m',
  preemptionsPerSecond: 1,
  preemptionsFor: '5m',
  downFor: '1m',
  absentFor: '10m',
} as const;

export const ALERT_PREFIX = { vllm: 'VLLM', sglang: 'SGLang' } as const;

export interface AlertContext extends RecordContext {
  recorded: Recorded;
  runbookBase: string;
  forOverride?: string;
}

/** Section anchor in docs/alerts.md: one section per kind of alert, shared by both engines. */
export const runbookUrl = (base: string, kind: string): string => `${base}#${kind.toLowerCase()}`;

export function makeAlert(
  ctx: AlertContext,
  kind: string,
  expr: string,
  o: { for: string; severity: 'critical' | 'warning'; summary: string; description: string; labels?: Record<string, string>; anchor?: string },
): AlertingRule {
  return {
    alert: `${ALERT_PREFIX[ctx.catalog.engine]}${kind}`,
    expr,
    for: ctx.forOverride ?? o.for,
    labels: { severity: o.severity, [ENGINE_LABEL]: ctx.catalog.engine, ...o.labels },
    annotations: { summary: o.summary, description: o.description, runbook_url: runbookUrl(ctx.runbookBase, o.anchor ?? kind) },
  };
}

const rec = (ctx: AlertContext, metric: string, op: 'rate' | 'sum' | 'max', level: 'model' | 'instance'): string | undefined =>
  ctx.recorded.names.get(recordKey(metric, op, level));

function errorRatioExpr(ctx: AlertContext): string | null {
  const t = DEFAULTS.errorRatio;
  if (ctx.catalog.engine === 'vllm') {
    const r = rec(ctx, 'request_success', 'rate', 'model');
    if (!r) return null;
    return `sum by (model_name) (${r}{finished_reason=~"abort|error"})\n  / (sum by (model_name) (${r}) > 0)\n> ${t}`;
  }
  const bad = rec(ctx, 'aborted_requests', 'rate', 'model');
  const all = rec(ctx, 'requests', 'rate', 'model');
  if (!bad || !all) return null;
  return `${bad}\n  / (${all} > 0)\n> ${t}`;
}

/** The alerting rules for one engine; `missing` names the alerts left out for lack of a metric. */
export function alertingRules(ctx: AlertContext): { rules: AlertingRule[]; missing: string[] } {
  const c: EngineCatalog = ctx.catalog;
  const label = c.label;
  const rules: AlertingRule[] = [];
  const missing: string[] = [];
  const add = (kind: string, expr: string | null | undefined, make: (expr: string) => AlertingRule): void => {
    if (expr) rules.push(make(expr));
    else missing.push(`${ALERT_PREFIX[c.engine]}${kind}`);
  };

  // A down target in a job that served engine metrics in the last hour (so a never-up replica of an
  // engine job fires, Prometheus' own and unrelated jobs never do), kept firing through its own
  // ALERTS series once the hour has passed: the target is no less down three hours on.
  const name = `${ALERT_PREFIX[c.engine]}TargetDown`;
  const seen = expandTemplate(ctx, `present_over_time({{${c.presenceMetric}}}[1h])`);
  add(
    'TargetDown',
    seen && `up == 0\nand on (job) (\n  group by (job) (${seen})\n  or group by (job) (ALERTS{alertname="${name}"})\n)`,
    (expr) =>
      makeAlert(ctx, 'TargetDown', expr, {
        for: DEFAULTS.downFor,
        severity: 'critical',
        summary: `${label} target {{ $labels.instance }} is down`,
        description: `Prometheus cannot scrape {{ $labels.instance }} (job {{ $labels.job }}, a job that serves ${label} metrics).`,
      }),
  );
  const absent = expandTemplate(ctx, `absent({{${c.presenceMetric}}})`);
  add('MetricsAbsent', absent, (expr) =>
    makeAlert(ctx, 'MetricsAbsent', expr, {
      for: DEFAULTS.absentFor,
      severity: 'warning',
      summary: `No ${label} metrics are being scraped`,
      description: `No series of ${label}'s scheduler state reach this Prometheus: every server is down, scraping stopped, or metrics are disabled.`,
    }),
  );
  add('HighErrorRatio', errorRatioExpr(ctx), (expr) =>
    makeAlert(ctx, 'HighErrorRatio', expr, {
      for: DEFAULTS.errorFor,
      severity: 'warning',
      summary: `${label} {{ $labels.model_name }}: {{ $value | humanizePercentage }} of requests abort or fail`,
      description: `More than ${DEFAULTS.errorRatio * 100}% of finished requests of {{ $labels.model_name }} ended aborted or in error for ${DEFAULTS.errorFor}.`,
    }),
  );
  const ttft = rec(ctx, 'ttft_bucket', 'rate', 'model');
  add('HighTTFT', ttft && `histogram_quantile(0.99, ${ttft})\n> ${DEFAULTS.ttftP99Seconds}`, (expr) =>
    makeAlert(ctx, 'HighTTFT', expr, {
      for: DEFAULTS.ttftFor,
      severity: 'warning',
      summary: `${label} {{ $labels.model_name }}: TTFT p99 is {{ $value | humanizeDuration }}`,
      description: `The 99th percentile time to first token of {{ $labels.model_name }} has been above ${DEFAULTS.ttftP99Seconds} s for ${DEFAULTS.ttftFor}.`,
    }),
  );
  const kv = rec(ctx, c.engine === 'vllm' ? 'kv_cache_usage' : 'token_usage', 'max', 'instance');
  add('KVCacheSaturated', kv && `${kv} > ${DEFAULTS.kvUsage}`, (expr) =>
    makeAlert(ctx, 'KVCacheSaturated', expr, {
      for: DEFAULTS.kvFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: KV cache {{ $value | humanizePercentage }} full`,
      description: `KV cache usage on {{ $labels.instance }} ({{ $labels.model_name }}) has been above ${DEFAULTS.kvUsage * 100}% for ${DEFAULTS.kvFor}; new requests wait and running ones get preempted.`,
    }),
  );
  const waiting = rec(ctx, 'waiting', 'sum', 'instance');
  add('RequestsWaiting', waiting && `${waiting} > ${DEFAULTS.waiting}`, (expr) =>
    makeAlert(ctx, 'RequestsWaiting', expr, {
      for: DEFAULTS.waitingFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: {{ $value }} requests waiting`,
      description: `More than ${DEFAULTS.waiting} requests have been queued on {{ $labels.instance }} ({{ $labels.model_name }}) for ${DEFAULTS.waitingFor}.`,
    }),
  );
  const isVllm = c.engine === 'vllm';
  const kind = isVllm ? 'Preemptions' : 'Retractions';
  const pre = rec(ctx, isVllm ? 'preemptions' : 'retractions', 'rate', 'instance');
  add(kind, pre && `${pre} > ${DEFAULTS.preemptionsPerSecond}`, (expr) =>
    makeAlert(ctx, kind, expr, {
      for: DEFAULTS.preemptionsFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: {{ $value | humanize }} ${kind.toLowerCase()}/s`,
      description: `{{ $labels.instance }} ({{ $labels.model_name }}) has ${isVllm ? 'preempted' : 'retracted'} more than ${DEFAULTS.preemptionsPerSecond} request/s for ${DEFAULTS.preemptionsFor}: the KV cache is too small for the running batch.`,
    }),
  );
  return { rules, missing };
}
