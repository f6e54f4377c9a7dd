// The board's side of the recording rules: rewrite a catalog query to read the recorded series of
// the rules pack instead of the raw ones, when the backend holds them and the answer is the same.
// Pure: a pass after name resolution, given the metric names the board already fetched.
//
// When is a recorded series the same answer? (docs/scaling.md, "Reading recorded series")
//   - `sum by (G) (rate(X[W]))` ← `sum by (G) (L:X:rateR)` only when W = R (same seconds): a rate
//     over another window is not a function of 1-minute rates (an average of rate1m samples weighs
//     the window's edges differently and skips what falls between evaluations).
//   - `sum|max by (G) (X)` (gauges) ← `sum|max by (G) (L:X:sum|max)`; `avg by (G) (X)` ←
//     `sum by (G) (L:X:sum) / sum by (G) (L:X:count)` (numerator and denominator, never a ratio).
//   - G, every filter that applies to X and every extra matcher must be labels the level keeps
//     (`model_name`, or `instance, model_name`; plus `le` / `finished_reason` where recorded): a
//     recorded sum cannot be split by a label it summed away (a rank, a cluster).
//   - The spec's own matcher (SGLang's `priority=""` total) must be the query's.
//   - All or nothing per query: a ratio never mixes a recorded numerator with a raw denominator
//     (they would be read up to one rule evaluation apart).
// The one difference left: a recorded sample is as old as the last rule evaluation (≤ its
// evaluation interval, 15 s to 1 m), where a raw query reads the newest scrape.
import { expandQuery, TOPOLOGY_LABELS, type EngineCatalog, type ExpandContext, type ExpandedQuery, type LogicalMetric, type QuerySpec, type ResolvedMetric } from '../catalog';
import { parsePromDuration } from '../lib/duration';
import { LEVELS, levelName, metricPart, RECORD_SPECS, type Level, type RecordOp, type RecordSpec } from './recording';

const REF = String.raw`\{\{\s*([A-Za-z0-9_]+)\s*(?:\|([^}]*))?\}\}`;
const GROUP = String.raw`(?:by\s*\(([^()]*)\)\s*)?`;
// `sum by (G) (rate({{X}}[$__rate_interval]))`, `sum(rate(…))`.
const RATE_RE = new RegExp(String.raw`\bsum\s*${GROUP}\(\s*rate\(\s*${REF}\[\$__rate_interval\]\s*\)\s*\)`, 'g');
// `sum|max|avg by (G) ({{X}})`.
const GAUGE_RE = new RegExp(String.raw`\b(sum|max|avg)\s*${GROUP}\(\s*${REF}\s*\)`, 'g');
const ANY_REF_RE = new RegExp(REF, 'g');
const MATCHER_LABEL_RE = /([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"/g;
const RECORDED_ID = '__recorded_';

/** Recorded rate names in a name list: `level:metric:rate` prefix → window seconds → name. */
export type RecordedIndex = Map<string, Map<number, string>>;

const indexCache = new WeakMap<ReadonlySet<string>, RecordedIndex>();

/** Indexes the recorded series among the backend's metric names (once per name set). */
export function recordedIndex(names: ReadonlySet<string>): RecordedIndex {
  const hit = indexCache.get(names);
  if (hit) return hit;
  const index: RecordedIndex = new Map();
  for (const name of names) {
    const m = /^([a-z_]+:[a-zA-Z0-9_]+:)(rate|sum|max|count)(.*)$/.exec(name);
    if (!m) continue;
    const [, prefix = '', op = '', rest = ''] = m;
    const sec = op === 'rate' ? parsePromDuration(rest) : rest === '' ? 0 : null;
    if (sec === null) continue;
    const key = prefix + op;
    const byWindow = index.get(key) ?? new Map<number, string>();
    byWindow.set(sec, name);
    index.set(key, byWindow);
  }
  indexCache.set(names, index);
  return index;
}

const keptLabels = (level: Level, spec: RecordSpec): string[] => [...LEVELS[level], ...(spec.extraBy ?? [])];

const matcherLabels = (extra: string | undefined): string[] => [...(extra ?? '').matchAll(MATCHER_LABEL_RE)].flatMap((m) => (m[1] ? [m[1]] : []));

interface Found {
  name: string;
  kept: string[];
}

interface Need {
  metricId: string;
  op: RecordOp;
  group: string[];
  extra: string | undefined;
  /** Seconds of the recorded window (rates), 0 for gauges. */
  windowSec: number;
}

/** The recorded series of the lowest level that answers `need`, if the backend has it. */
function findRecorded(catalog: EngineCatalog, ctx: ExpandContext, index: RecordedIndex, need: Need): Found | null {
  const metric = catalog.metrics[need.metricId];
  if (!metric) return null;
  const filterLabels = Object.entries(ctx.filters)
    .filter(([label, values]) => values.length > 0 && (metric.labels.includes(label) || TOPOLOGY_LABELS.includes(label)))
    .map(([label]) => label);
  for (const spec of RECORD_SPECS[catalog.engine]) {
    if (spec.metric !== need.metricId || spec.op !== need.op) continue;
    // The recording's own matcher must be exactly the query's; other extra matchers filter kept labels.
    const extra = need.extra?.trim() || undefined;
    if (spec.matcher !== undefined && extra !== spec.matcher) continue;
    const extraLabels = spec.matcher !== undefined ? [] : matcherLabels(extra);
    if (extra !== undefined && spec.matcher === undefined && extraLabels.length === 0) continue;
    for (const level of (['model', 'instance'] as const).filter((l) => spec.levels.includes(l))) {
      const kept = keptLabels(level, spec);
      if (![...need.group, ...filterLabels, ...extraLabels].every((l) => kept.includes(l))) continue;
      const key = `${levelName(level, spec.extraBy)}:${metricPart(catalog, spec.metric, spec.op)}:${spec.op}`;
      const name = index.get(key)?.get(need.windowSec);
      if (name) return { name, kept };
    }
  }
  return null;
}

export type RecordedExpansion = ExpandedQuery & { recorded: string[] };

/**
 * The query rewritten onto recorded series, expanded like any catalog query; null when any part
 * of the alternative the raw expansion picked has no recorded equivalent (the caller keeps raw).
 */
export function expandRecorded(query: QuerySpec, catalog: EngineCatalog, ctx: ExpandContext, names: ReadonlySet<string> | null | undefined, raw: ExpandedQuery): RecordedExpansion | null {
  if (!names) return null;
  const alt = query.alternatives[raw.alternativeIndex];
  const rateSec = parsePromDuration(ctx.rateInterval);
  if (!alt || rateSec === null) return null;
  const index = recordedIndex(names);
  if (index.size === 0) return null;
  const groupOf = (g: string | undefined): string[] =>
    (g ?? '')
      .split(',')
      .map((s) => s.trim())
      .flatMap((s) => (s === '$__by' ? ctx.by : s === '' ? [] : [s]));

  const metrics: Record<string, LogicalMetric> = { ...catalog.metrics };
  const resolved = new Map<string, ResolvedMetric>(ctx.resolved);
  const used: string[] = [];
  let failed = false;
  const refTo = (found: Found, extra: string | undefined, spec: boolean): string => {
    const id = `${RECORDED_ID}${used.length}`;
    used.push(found.name);
    metrics[id] = { id, variants: [found.name], kind: 'gauge', labels: found.kept, enabledBy: '' };
    resolved.set(id, { id, name: found.name, variantIndex: 0, rewrite: 'none' });
    return !spec && extra?.trim() ? `{{${id}|${extra.trim()}}}` : `{{${id}}}`;
  };
  const ownMatcher = (metricId: string, op: RecordOp, extra: string | undefined): boolean =>
    RECORD_SPECS[catalog.engine].some((s) => s.metric === metricId && s.op === op && s.matcher !== undefined && s.matcher === extra?.trim());

  let expr = alt.expr.replace(RATE_RE, (whole, g: string | undefined, id: string, extra: string | undefined) => {
    const group = groupOf(g);
    const found = findRecorded(catalog, ctx, index, { metricId: id, op: 'rate', group, extra, windowSec: rateSec });
    if (!found) {
      failed = true;
      return whole;
    }
    return `sum${g !== undefined ? ` by (${g})` : ''} (${refTo(found, extra, ownMatcher(id, 'rate', extra))})`;
  });
  expr = expr.replace(GAUGE_RE, (whole, agg: 'sum' | 'max' | 'avg', g: string | undefined, id: string, extra: string | undefined) => {
    if (id.startsWith(RECORDED_ID)) return whole;
    const group = groupOf(g);
    const by = g !== undefined ? ` by (${g})` : '';
    const find = (op: RecordOp) => findRecorded(catalog, ctx, index, { metricId: id, op, group, extra, windowSec: 0 });
    if (agg === 'avg') {
      const sum = find('sum');
      const count = find('count');
      if (!sum || !count) {
        failed = true;
        return whole;
      }
      return `(sum${by} (${refTo(sum, extra, ownMatcher(id, 'sum', extra))}) / sum${by} (${refTo(count, extra, ownMatcher(id, 'count', extra))}))`;
    }
    const found = find(agg);
    if (!found) {
      failed = true;
      return whole;
    }
    return `${agg}${by} (${refTo(found, extra, ownMatcher(id, agg, extra))})`;
  });
  // Any raw reference left (a bare selector, `@ end()`, another function): keep the query raw.
  if (failed || used.length === 0 || [...expr.matchAll(ANY_REF_RE)].some((m) => !m[1]?.startsWith(RECORDED_ID))) return null;
  const r = expandQuery({ ...query, alternatives: [{ expr }] }, { ...catalog, metrics }, { ...ctx, resolved });
  if ('missing' in r) return null;
  // `metrics` stay the logical metrics the raw query reads (what the panel is about).
  const out: RecordedExpansion = { expr: r.expr, metrics: raw.metrics, alternativeIndex: raw.alternativeIndex, recorded: [...new Set(used)] };
  if (raw.note !== undefined) out.note = raw.note;
  return out;
}

/** The raw expansion, or its recorded rewrite when the backend has one (see the module comment). */
export function preferRecorded(query: QuerySpec, catalog: EngineCatalog, ctx: ExpandContext, names: ReadonlySet<string> | null | undefined): ExpandedQuery | { missing: string[] } {
  const raw = expandQuery(query, catalog, ctx);
  if ('missing' in raw) return raw;
  return expandRecorded(query, catalog, ctx, names, raw) ?? raw;
}

/**
 * The recorded series of the rules pack, whatever their window: `{__name__=~"(model_name|…):.+"}`.
 * The board asks which of them have a sample at the start of its range (recorded-names.ts): a
 * series recorded only since the rules were loaded would leave the older part of the range empty.
 */
export const RECORDED_NAME_MATCH = `{__name__=~"(${[...new Set(Object.values(RECORD_SPECS).flatMap((specs) => specs.flatMap((s) => s.levels.map((l) => levelName(l, s.extraBy)))))].join('|')}):.+"}`;
