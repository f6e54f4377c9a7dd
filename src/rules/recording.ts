// Recording rules: the fleet-level aggregations behind the first screen and the per-model /
// per-instance tables, named `level:metric:operation` (Prometheus' naming convention). Numerators
// and denominators are recorded separately so every ratio is taken after aggregation, never
// averaged from recorded ratios.
import { ENGINES, escapeLabelValue, expandExpr, type EngineCatalog, type EngineId, type ResolvedMetric } from '../catalog';
import type { RecordingRule } from './types';

/** Aggregation levels: the labels a recorded series keeps (besides `le` / extra labels). */
export const LEVELS = {
  model: ['model_name'],
  instance: ['instance', 'model_name'],
} as const;
export type Level = keyof typeof LEVELS;

export type RecordOp = 'rate' | 'sum' | 'max' | 'count';

export interface RecordSpec {
  /** Logical metric id in the engine catalog. */
  metric: string;
  op: RecordOp;
  levels: Level[];
  /** Labels kept besides the level's (`le` for buckets; not part of the level name). */
  extraBy?: string[];
  /** Extra matcher on the selector, e.g. SGLang's `priority=""` total. */
  matcher?: string;
}

const BOTH: Level[] = ['model', 'instance'];

/**
 * What to record for one engine, from its roles: the counters behind the rates and ratios, the
 * latency histograms, the queue gauges, KV usage (mean = sum / count after aggregation; the max is
 * what saturates first) and the prefix-cache counters.
 */
export function recordSpecs(catalog: EngineCatalog): RecordSpec[] {
  const r = catalog.roles;
  if (!r) return [];
  const rate = (metric: string | undefined, levels: Level[] = BOTH, extraBy?: string[]): RecordSpec[] =>
    metric ? [{ metric, op: 'rate', levels, ...(extraBy ? { extraBy } : {}) }] : [];
  const gauge = (metric: string | undefined): RecordSpec[] =>
    metric ? [{ metric, op: 'sum', levels: BOTH, ...(r.queueTotal ? { matcher: r.queueTotal } : {}) }] : [];
  const f = r.failures;
  // Failures that are the requests counter under a label are recorded with that label kept.
  const split = f?.label !== undefined && f.id === r.requests ? [f.label] : undefined;
  const pc = r.prefixCache;
  const latency = [r.ttft, r.itl, r.e2e].flatMap((h): RecordSpec[] =>
    h ? [{ metric: `${h.id}_bucket`, op: 'rate', levels: BOTH, extraBy: ['le'] }, ...rate(`${h.id}_sum`), ...rate(`${h.id}_count`)] : [],
  );
  const kv = r.kvUsage?.id;
  return [
    ...rate(r.requests, BOTH, split),
    ...(f && !split ? rate(f.id) : []),
    ...rate(r.promptTokens),
    ...rate(r.generationTokens?.id),
    ...rate(pc?.cachedTokens, ['model']),
    ...latency,
    ...gauge(r.running),
    ...gauge(r.waiting),
    ...(kv
      ? ([
          { metric: kv, op: 'max', levels: BOTH },
          { metric: kv, op: 'sum', levels: ['model'] },
          { metric: kv, op: 'count', levels: ['model'] },
        ] satisfies RecordSpec[])
      : []),
    ...rate(r.preemptions?.id),
    ...rate(pc?.counters?.hits, ['model']),
    ...rate(pc?.counters?.queries, ['model']),
  ];
}

/** Every registered engine's record specs (the board looks recorded series up by them). */
export const RECORD_SPECS = Object.fromEntries(ENGINES.map((e) => [e.id, recordSpecs(e.catalog)])) as Record<EngineId, RecordSpec[]>;

/**
 * The metric part of a recorded name: the logical metric's *current* name, `:` → `_`, and a
 * counter's `_total` dropped once rated. The current name (not the backend's spelling) keeps the
 * recorded names the same on every backend, so the board looks them up by one name.
 */
export function metricPart(catalog: EngineCatalog, metricId: string, op: RecordOp): string {
  const m = catalog.metrics[metricId];
  if (!m) throw new Error(`unknown metric ${metricId}`);
  let name = (m.variants[0] ?? metricId).replace(/:/g, '_');
  if (op === 'rate' && m.kind === 'counter') name = name.replace(/_total$/, '');
  return name;
}

export function levelName(level: Level, extraBy: readonly string[] = []): string {
  return [...LEVELS[level], ...extraBy.filter((l) => l !== 'le')].join('_');
}

/** `model_name:vllm_request_success:rate1m`, `instance_model_name:vllm_num_requests_running:sum`. */
export function recordedName(catalog: EngineCatalog, spec: Pick<RecordSpec, 'metric' | 'op' | 'extraBy'>, level: Level, window: string): string {
  const op = spec.op === 'rate' ? `rate${window}` : spec.op;
  return `${levelName(level, spec.extraBy)}:${metricPart(catalog, spec.metric, spec.op)}:${op}`;
}

export interface RecordContext {
  catalog: EngineCatalog;
  resolved: Map<string, ResolvedMetric>;
}

/** The selector-level template for one spec, in the catalog's template language. */
function template(spec: RecordSpec, by: readonly string[], window: string, extraMatcher?: string): string {
  const matchers = [spec.matcher, extraMatcher].filter((m): m is string => !!m).join(', ');
  const ref = matchers ? `{{${spec.metric}|${matchers}}}` : `{{${spec.metric}}}`;
  const group = `by (${by.join(', ')})`;
  switch (spec.op) {
    case 'rate':
      return `sum ${group} (rate(${ref}[${window}]))`;
    case 'sum':
    case 'max':
    case 'count':
      return `${spec.op} ${group} (${ref})`;
  }
}

/** Expands a template against the resolved names; null when a metric is missing on the backend. */
export function expandTemplate(ctx: RecordContext, expr: string): string | null {
  const r = expandExpr('rule', expr, ctx.catalog, { resolved: ctx.resolved, filters: {}, rateInterval: '1m', by: [] });
  return 'expr' in r ? r.expr : null;
}

export interface Recorded {
  rules: RecordingRule[];
  /** Recorded names by `metric|op|level`, for the alerting rules to build on. */
  names: Map<string, string>;
  missing: string[];
}

export const recordKey = (metric: string, op: RecordOp, level: Level): string => `${metric}|${op}|${level}`;

export function recordingRules(ctx: RecordContext, window: string): Recorded {
  const rules: RecordingRule[] = [];
  const names = new Map<string, string>();
  const missing = new Set<string>();
  for (const spec of recordSpecs(ctx.catalog)) {
    for (const level of spec.levels) {
      const by = [...(spec.extraBy?.includes('le') ? ['le'] : []), ...LEVELS[level], ...(spec.extraBy ?? []).filter((l) => l !== 'le')];
      const expr = expandTemplate(ctx, template(spec, by, window));
      if (expr === null) {
        missing.add(spec.metric);
        continue;
      }
      const record = recordedName(ctx.catalog, spec, level, window);
      names.set(recordKey(spec.metric, spec.op, level), record);
      rules.push({ record, expr });
    }
  }
  return { rules, names, missing: [...missing] };
}

/** SLO burn-rate inputs: good (`le` = threshold) and total rates of one histogram over `window`. */
export function sloRecordingRules(ctx: RecordContext, metric: 'ttft' | 'itl' | 'e2e', leRegex: string, window: string): { good: RecordingRule; total: RecordingRule } | null {
  const h = ctx.catalog.roles?.[metric];
  if (!h) return null;
  const bucket: RecordSpec = { metric: `${h.id}_bucket`, op: 'rate', levels: ['model'], extraBy: ['le'] };
  const count: RecordSpec = { metric: `${h.id}_count`, op: 'rate', levels: ['model'] };
  // Escaped as the board escapes it: a stored `le` spelling may hold a quote or a line break, which
  // raw inside the string would make Prometheus refuse the whole rules file.
  const goodExpr = expandTemplate(ctx, template(bucket, ['le', 'model_name'], window, `le=~"${escapeLabelValue(leRegex)}"`));
  const totalExpr = expandTemplate(ctx, template(count, ['model_name'], window));
  if (goodExpr === null || totalExpr === null) return null;
  return {
    good: { record: recordedName(ctx.catalog, bucket, 'model', window), expr: goodExpr },
    total: { record: recordedName(ctx.catalog, count, 'model', window), expr: totalExpr },
  };
}
