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

/** Start of an engine's alert names: the catalog's own, else its label's letters and digits ("LMDeploy"). */
export const alertPrefix = (catalog: Pick<EngineCatalog, 'label' | 'alertPrefix'>): string => catalog.alertPrefix ?? catalog.label.replace(/[^A-Za-z0-9]/g, '');

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
    alert: `${alertPrefix(ctx.catalog)}${kind}`,
    expr,
    for: ctx.forOverride ?? o.for,
    labels: { severity: o.severity, [ENGINE_LABEL]: ctx.catalog.engine, ...o.labels },
    annotations: { summary: o.summary, description: o.description, runbook_url: runbookUrl(ctx.runbookBase, o.anchor ?? kind) },
  };
}

const rec = (ctx: AlertContext, metric: string, op: 'rate' | 'sum' | 'max', level: 'model' | 'instance'): string | undefined =>
  ctx.recorded.names.get(recordKey(metric, op, level));

/**
 * Failed share per model: from one counter split by a label (`finished_reason`), or from a failures
 * counter over the requests counter.
 */
function errorRatioExpr(ctx: AlertContext): string | null {
  const t = DEFAULTS.errorRatio;
  const r = ctx.catalog.roles;
  const f = r?.failures;
  if (!r || !f) return null;
  if (f.id === r.requests && f.matcher) {
    const all = rec(ctx, r.requests, 'rate', 'model');
    if (!all) return null;
    return `sum by (model_name) (${all}{${f.matcher}})\n  / (sum by (model_name) (${all}) > 0)\n> ${t}`;
  }
  const bad = rec(ctx, f.id, 'rate', 'model');
  const all = rec(ctx, r.requests, 'rate', 'model');
  if (!bad || !all) return null;
  return `${bad}\n  / (${all} > 0)\n> ${t}`;
}

/**
 * The alerting rules for one engine; `missing` names the alerts left out for lack of a metric on the
 * backend, `lacks` those the engine has no metric for at all (no role).
 */
export function alertingRules(ctx: AlertContext): { rules: AlertingRule[]; missing: string[]; lacks: string[] } {
  const c: EngineCatalog = ctx.catalog;
  const label = c.label;
  const roles = c.roles;
  const prefix = alertPrefix(c);
  const rules: AlertingRule[] = [];
  const missing: string[] = [];
  const lacks: string[] = [];
  const add = (kind: string, expr: string | null | undefined, make: (expr: string) => AlertingRule, role = true): void => {
    if (expr) rules.push(make(expr));
    else (role ? missing : lacks).push(`${prefix}${kind}`);
  };

  // A down target in a job that served engine metrics in the last hour (so a never-up replica of an
  // engine job fires, Prometheus' own and unrelated jobs never do), kept firing through its own
  // ALERTS series once the hour has passed: the target is no less down three hours on.
  const name = `${prefix}TargetDown`;
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
    !!roles?.failures,
  );
  const ttft = roles?.ttft && rec(ctx, `${roles.ttft.id}_bucket`, 'rate', 'model');
  add('HighTTFT', ttft && `histogram_quantile(0.99, ${ttft})\n> ${DEFAULTS.ttftP99Seconds}`, (expr) =>
    makeAlert(ctx, 'HighTTFT', expr, {
      for: DEFAULTS.ttftFor,
      severity: 'warning',
      summary: `${label} {{ $labels.model_name }}: TTFT p99 is {{ $value | humanizeDuration }}`,
      description: `The 99th percentile time to first token of {{ $labels.model_name }} has been above ${DEFAULTS.ttftP99Seconds} s for ${DEFAULTS.ttftFor}.`,
    }),
    !!roles?.ttft,
  );
  const kvRole = roles?.kvUsage;
  const kv = kvRole && rec(ctx, kvRole.id, 'max', 'instance');
  const kvLimit = DEFAULTS.kvUsage * (kvRole?.scale ?? 1);
  add('KVCacheSaturated', kv && `${kv} > ${kvLimit}`, (expr) =>
    makeAlert(ctx, 'KVCacheSaturated', expr, {
      for: DEFAULTS.kvFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: KV cache {{ $value | humanizePercentage }} full`,
      description: `KV cache usage on {{ $labels.instance }} ({{ $labels.model_name }}) has been above ${DEFAULTS.kvUsage * 100}% for ${DEFAULTS.kvFor}; new requests wait and running ones get preempted.`,
    }),
    !!kvRole,
  );
  const waiting = roles?.waiting && rec(ctx, roles.waiting, 'sum', 'instance');
  add('RequestsWaiting', waiting && `${waiting} > ${DEFAULTS.waiting}`, (expr) =>
    makeAlert(ctx, 'RequestsWaiting', expr, {
      for: DEFAULTS.waitingFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: {{ $value }} requests waiting`,
      description: `More than ${DEFAULTS.waiting} requests have been queued on {{ $labels.instance }} ({{ $labels.model_name }}) for ${DEFAULTS.waitingFor}.`,
    }),
    !!roles?.waiting,
  );
  // Named by the engine's word for it ("Retractions"); left out, and listed, where it has none.
  const preRole = roles?.preemptions;
  const kind = preRole?.word ?? 'Preemptions';
  const pre = preRole && rec(ctx, preRole.id, 'rate', 'instance');
  add(kind, pre && `${pre} > ${DEFAULTS.preemptionsPerSecond}`, (expr) =>
    makeAlert(ctx, kind, expr, {
      for: DEFAULTS.preemptionsFor,
      severity: 'warning',
      summary: `${label} {{ $labels.instance }}: {{ $value | humanize }} ${kind.toLowerCase()}/s`,
      description: `{{ $labels.instance }} ({{ $labels.model_name }}) has ${preRole?.verb ?? 'preempted'} more than ${DEFAULTS.preemptionsPerSecond} request/s for ${DEFAULTS.preemptionsFor}: the KV cache is too small for the running batch.`,
    }),
    !!preRole,
  );
  return { rules, missing, lacks };
}
