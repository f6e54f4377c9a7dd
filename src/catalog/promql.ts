// PromQL templating and escaping: turns a catalog QuerySpec into the exact expression sent.
// Pure functions; user-supplied values (filters) only ever enter PromQL through escapeLabelValue.
import type { EngineCatalog, ExprAlternative, QuerySpec } from './types';
import { METRIC_NAME_RE, type ResolvedMetric } from './resolve';
import { parsePromDuration } from '../lib/duration';
import { tokenize } from '../lib/template';
import { routerExclusion } from './routers/exclusion';

export interface ExpandContext {
  resolved: Map<string, ResolvedMetric>;
  /** label name → selected values; a label applies only to metrics that carry it (or to all: TOPOLOGY_LABELS). */
  filters: Record<string, string[]>;
  /** A PromQL duration such as `1m` or `1m30s`. */
  rateInterval: string;
  /** Grouping labels of the current view, e.g. ['model_name']; may be empty. */
  by: string[];
  gpuPeakFlops?: number;
  /** Seconds from the range's start to its end, for `$__range` (instant queries over the whole range). */
  range?: number;
  /**
   * label → values matched on every selector whatever the metric's `labels` say (compare A/B by a
   * label put on by relabelling): a series without the label is then not selected. Replaces a
   * filter on the same label.
   */
  select?: Record<string, string[]>;
}

export interface ExpandedQuery {
  expr: string;
  note?: string;
  alternativeIndex: number;
  metrics: ResolvedMetric[];
  /** Recorded series read instead of the raw ones (src/rules/recorded.ts), when any. */
  recorded?: string[];
}

/**
 * Labels a topology puts on every series it stores (a per-cluster Prometheus's external label):
 * a filter on one applies to every metric, whatever the metric's own `labels` say.
 */
export const TOPOLOGY_LABELS: readonly string[] = ['cluster'];

/** The pseudo-id reported in `missing` when `$gpu_peak_flops` is needed but not set. */
export const GPU_PEAK_MISSING = 'gpu_peak';

const LABEL_NAME_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Escape a value for a PromQL double-quoted string (Go escapes; unicode passes through). */
export function escapeLabelValue(v: string): string {
  let out = '';
  for (const ch of v) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    // Other control characters cannot appear raw in a PromQL string literal.
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out;
}

/** Escape RE2 metacharacters (the set Go's regexp.QuoteMeta escapes). */
export function escapeRegex(v: string): string {
  return v.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** `label="v"` for one value, `label=~"v1|v2"` for several (each taken literally), '' for none. */
export function matcherFor(label: string, values: readonly string[]): string {
  const unique = [...new Set(values)];
  if (unique.length === 0) return '';
  if (unique.length === 1) return `${label}="${escapeLabelValue(unique[0] ?? '')}"`;
  return `${label}=~"${escapeLabelValue(unique.map(escapeRegex).join('|'))}"`;
}

/** Logical metric ids referenced by one alternative (or, for a QuerySpec, by any alternative). */
export function referencedMetrics(query: QuerySpec | ExprAlternative | string): string[] {
  const exprs =
    typeof query === 'string' ? [query] : 'alternatives' in query ? query.alternatives.map((a) => a.expr) : [query.expr];
  const ids = new Set<string>();
  for (const expr of exprs) for (const t of tokenize(expr)) if (t.kind === 'ref') ids.add(t.name);
  return [...ids];
}

/**
 * Fill the grouping clauses that mention `$__by` in the (trusted) template, before any user
 * value is substituted: `sum by (le, $__by)` with by=[] becomes `sum by (le)`, duplicates
 * (`$__by, engine` with by=['engine']) collapse, and invalid label names are dropped.
 */
function expandGrouping(template: string, by: readonly string[]): string {
  const labels = by.filter((l) => LABEL_NAME_RE.test(l));
  return template.replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\(([^()]*)\)/g, (whole, kw: string, inner: string) => {
    if (!inner.includes('$__by')) return whole;
    const parts = inner
      .split(',')
      .flatMap((p) => (p.trim() === '$__by' ? labels : [p.trim()]))
      .filter((p) => p !== '');
    return `${kw} (${[...new Set(parts)].join(', ')})`;
  });
}

function selector(name: string, matchers: string[]): string {
  if (METRIC_NAME_RE.test(name)) return matchers.length ? `${name}{${matchers.join(', ')}}` : name;
  // A stored name PromQL cannot take bare (e.g. a UTF-8 name): select it by __name__.
  return `{${[`__name__="${escapeLabelValue(name)}"`, ...matchers].join(', ')}}`;
}

/** `$__range` in whole seconds, at least one. */
function rangeSec(ctx: ExpandContext): number {
  return Math.max(1, Math.round(ctx.range ?? 3600));
}

/** Seconds of lookback before the range, so a series older than the range finds a sample before its start. */
const LIFETIME_PAD = 300;

/**
 * `$__lifetime_window`: the subquery window (`[range+5m:step]`) over which
 * `min_over_time(timestamp(group by (…) (x))[…])` finds each instance's first step with a sample, so a rate can be taken over
 * the part of the range the series lived (src/catalog/lifetime-rate.ts). About 240 steps.
 */
export function lifetimeWindowFor(rangeSeconds: number): string {
  const span = rangeSeconds + LIFETIME_PAD;
  return `${span}s:${lifetimeStepFor(rangeSeconds)}s`;
}

/** The step of `$__lifetime_window`, in seconds (`$__lifetime_step` is `<it>s`). */
export function lifetimeStepFor(rangeSeconds: number): number {
  return Math.max(1, Math.ceil((rangeSeconds + LIFETIME_PAD) / 240));
}

const lifetimeWindow = (ctx: ExpandContext): string => lifetimeWindowFor(rangeSec(ctx));

function render(expr: string, catalog: EngineCatalog, ctx: ExpandContext, peak: number | undefined): string {
  const labels = ctx.by.filter((l) => LABEL_NAME_RE.test(l)).join(', ');
  const grouped = expandGrouping(expr, ctx.by);
  // One pass over the template's tokens, so text coming from filter values is never re-scanned.
  let out = '';
  for (const t of tokenize(grouped)) {
    if (t.kind === 'text') out += t.text;
    else if (t.kind === 'variable') out += variable(t.name, ctx, labels, peak) ?? grouped.slice(t.from, t.to);
    else out += selectorFor(t.name, t.matcher, catalog, ctx);
  }
  return out;
}

function variable(name: string, ctx: ExpandContext, labels: string, peak: number | undefined): string | undefined {
  if (name === '__rate_interval') return ctx.rateInterval;
  if (name === '__range') return `${rangeSec(ctx)}s`;
  if (name === '__range_seconds') return String(rangeSec(ctx));
  if (name === '__lifetime_window') return lifetimeWindow(ctx);
  if (name === '__lifetime_step') return `${lifetimeStepFor(rangeSec(ctx))}s`;
  if (name === '__by') return labels;
  if (name === 'gpu_peak_flops') return String(peak);
  return undefined;
}

function selectorFor(id: string, extra: string | undefined, catalog: EngineCatalog, ctx: ExpandContext): string {
  const metric = catalog.metrics[id];
  const resolved = ctx.resolved.get(id);
  if (!metric || !resolved) throw new Error(`unresolved metric ${id}`);
  const matchers: string[] = [];
  for (const [label, values] of Object.entries(ctx.filters)) {
    if (!LABEL_NAME_RE.test(label) || ctx.select?.[label] || !(metric.labels.includes(label) || TOPOLOGY_LABELS.includes(label))) continue;
    const m = matcherFor(label, values);
    if (m) matchers.push(m);
  }
  for (const [label, values] of Object.entries(ctx.select ?? {})) {
    const m = LABEL_NAME_RE.test(label) ? matcherFor(label, values) : '';
    if (m) matchers.push(m);
  }
  if (extra !== undefined) matchers.push(extra);
  // Router copies of engine series (production-stack `server`, smg `worker_addr`, AIBrix `gateway_pod`).
  matchers.push(...routerExclusion(resolved));
  return selector(resolved.name, matchers);
}

/**
 * `expandQuery` for one expression with no legend and no alternatives (probes, tables, notes).
 *
 * @example
 * expandExpr('span', 'time() - min(timestamp({{vllm:num_requests_running}}))', catalog, ctx)
 */
export function expandExpr(id: string, expr: string, catalog: EngineCatalog, ctx: ExpandContext): ExpandedQuery | { missing: string[] } {
  return expandQuery({ id, legend: '', alternatives: [{ expr }] }, catalog, ctx);
}

/**
 * Expand the first alternative whose metrics all resolve. When none does, `missing` lists what
 * the preferred (first) alternative lacks: logical metric ids, and `gpu_peak` for MFU.
 */
export function expandQuery(
  query: QuerySpec,
  catalog: EngineCatalog,
  ctx: ExpandContext,
): ExpandedQuery | { missing: string[] } {
  if (!parsePromDuration(ctx.rateInterval)) throw new RangeError(`invalid rate interval: ${ctx.rateInterval}`);
  const peak = ctx.gpuPeakFlops;
  const peakOk = typeof peak === 'number' && Number.isFinite(peak) && peak > 0;
  let firstMissing: string[] | undefined;
  for (const [alternativeIndex, alt] of query.alternatives.entries()) {
    const ids = referencedMetrics(alt);
    const missing = ids.filter((id) => !catalog.metrics[id] || !ctx.resolved.has(id));
    if (!peakOk && tokenize(alt.expr).some((t) => t.kind === 'variable' && t.name === 'gpu_peak_flops')) missing.push(GPU_PEAK_MISSING);
    if (missing.length > 0) {
      firstMissing ??= missing;
      continue;
    }
    const expanded: ExpandedQuery = {
      expr: render(alt.expr, catalog, ctx, peakOk ? peak : undefined),
      alternativeIndex,
      metrics: ids.flatMap((id) => ctx.resolved.get(id) ?? []),
    };
    if (alt.note !== undefined) expanded.note = alt.note;
    return expanded;
  }
  return { missing: firstMissing ?? [] };
}
