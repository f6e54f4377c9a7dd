// The board's side of the recording rules: rewrite a catalog query to read the recorded series of
// the rules pack instead of the raw ones, when the backend holds them and the answer is the same.
// Pure: a pass after name resolution, given the metric names the board already fetched. The
// aggregations are found in the template parsed by Prometheus' own grammar, so `by` may be written
// before or after the body; the rewrite replaces them at the parser's offsets.
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
import type { SyntaxNode, Tree } from '@lezer/common';
import { expandQuery, TOPOLOGY_LABELS, type EngineCatalog, type ExpandContext, type ExpandedQuery, type LogicalMetric, type QuerySpec, type ResolvedMetric } from '../catalog';
import { parsePromDuration } from '../lib/duration';
import { refText, tokenize, type RefToken } from '../lib/template';
import { LEVELS, levelName, metricPart, RECORD_SPECS, type Level, type RecordOp, type RecordSpec } from './recording';

// Prometheus' grammar is loaded only once a backend has recorded series (most have none), which
// keeps its ~27 KB gzip off the first screen. recorded-names.ts loads it before it reports them.
let grammar: { parse: (text: string) => Tree } | null = null;

export async function loadRecordedGrammar(): Promise<void> {
  grammar ??= (await import('@prometheus-io/lezer-promql')).parser;
}

function parse(text: string): Tree {
  if (!grammar) throw new Error('recorded series: the PromQL grammar is not loaded (await loadRecordedGrammar() first)');
  return grammar.parse(text);
}

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

/** A grouping label standing for the view's (`$__by`). */
const VIEW_BY = Symbol('$__by');

/**
 * One aggregation the rules pack can answer, wherever its `by` is written:
 * `sum by (G) (rate(X[$__rate_interval]))` = `sum(rate(X[$__rate_interval])) by (G)`, and
 * `sum|max|avg by (G) (X)`. No `offset`, `@`, `without`, other window or function.
 */
interface Site {
  /** Offsets of the whole aggregation in the template. */
  from: number;
  to: number;
  agg: 'sum' | 'max' | 'avg';
  rate: boolean;
  ref: RefToken;
  /** What is written inside `by (…)`, kept for the rewrite; undefined without `by`. */
  by: string | undefined;
  labels: Array<string | typeof VIEW_BY>;
}

interface Shape {
  sites: Site[];
  /** References of the template; one outside every site keeps the query raw. */
  refs: number;
}

/** Valid PromQL standing in for each template token, so the grammar can read the template. */
const STAND_IN: Record<string, string> = {
  __rate_interval: '1m',
  __range: '1h',
  __by: '__by',
  gpu_peak_flops: '1',
  __range_seconds: '3600',
  __lifetime_window: '1h:15s',
};

interface Piece {
  /** Offsets in the parsed text and in the template. */
  from: number;
  to: number;
  tFrom: number;
  tTo: number;
  stand: 'ref' | 'window' | 'by' | 'other' | null;
  ref?: RefToken;
}

function shapeOf(template: string): Shape | null {
  let text = '';
  const pieces: Piece[] = [];
  for (const t of tokenize(template)) {
    const source = template.slice(t.from, t.to);
    const stand = t.kind === 'ref' ? '__ref' : t.kind === 'variable' ? (STAND_IN[t.name] ?? source) : source;
    const kind = t.kind === 'ref' ? 'ref' : t.kind === 'text' ? null : t.name === '__rate_interval' ? 'window' : t.name === '__by' ? 'by' : 'other';
    const piece: Piece = { from: text.length, to: text.length + stand.length, tFrom: t.from, tTo: t.to, stand: kind };
    if (t.kind === 'ref') piece.ref = t;
    pieces.push(piece);
    text += stand;
  }
  const tree = parse(text);
  let valid = true;
  tree.iterate({
    enter: (n) => {
      if (n.type.isError) valid = false;
    },
  });
  if (!valid) return null;

  const at = (node: SyntaxNode | null): Piece | undefined => (node ? pieces.find((p) => p.stand !== null && p.from === node.from && p.to === node.to) : undefined);
  // A boundary of a node always falls on a token's edge: template offsets follow.
  const toTemplate = (pos: number): number => {
    const p = pieces.find((x) => pos >= x.from && pos <= x.to);
    if (!p) return template.length;
    return p.stand === null ? p.tFrom + (pos - p.from) : pos === p.from ? p.tFrom : p.tTo;
  };
  const only = (node: SyntaxNode | null): SyntaxNode | null => (node?.firstChild && !node.firstChild.nextSibling ? node.firstChild : null);
  /** A bare reference: `{{X}}` or `{{X|matchers}}`, nothing added to the selector. */
  const refOf = (node: SyntaxNode | null): RefToken | undefined => (node?.name === 'VectorSelector' && only(node)?.name === 'Identifier' ? at(node)?.ref : undefined);

  const sites: Site[] = [];
  tree.iterate({
    enter: ({ node }) => {
      if (node.name !== 'AggregateExpr') return;
      const agg = text.slice(node.getChild('AggregateOp')?.from ?? 0, node.getChild('AggregateOp')?.to ?? 0);
      if (agg !== 'sum' && agg !== 'max' && agg !== 'avg') return;
      const modifier = node.getChild('AggregateModifier');
      if (modifier && !modifier.getChild('By')) return;
      const inner = only(node.getChild('FunctionCallBody'));
      let ref = refOf(inner);
      let rate = false;
      const fn = inner?.name === 'FunctionCall' ? inner.getChild('FunctionIdentifier') : null;
      if (!ref && agg === 'sum' && inner && fn && text.slice(fn.from, fn.to) === 'rate') {
        const range = only(inner.getChild('FunctionCallBody'));
        if (range?.name === 'MatrixSelector' && at(range.getChild('DurationExpr'))?.stand === 'window') {
          ref = refOf(range.getChild('VectorSelector'));
          rate = true;
        }
      }
      if (!ref) return;
      const grouping = modifier?.getChild('GroupingLabels');
      const labels: Site['labels'] = [];
      for (let c = grouping?.firstChild ?? null; c; c = c.nextSibling) {
        if (c.name !== 'LabelName') return;
        labels.push(at(c)?.stand === 'by' ? VIEW_BY : text.slice(c.from, c.to));
      }
      const by = grouping ? template.slice(toTemplate(grouping.from) + 1, toTemplate(grouping.to) - 1) : undefined;
      sites.push({ from: toTemplate(node.from), to: toTemplate(node.to), agg, rate, ref, by, labels });
    },
  });
  return { sites, refs: pieces.filter((p) => p.stand === 'ref').length };
}

// Templates are constants: each is read once.
const shapes = new Map<string, Shape | null>();
const SHAPES_MAX = 2000;

function cachedShape(template: string): Shape | null {
  if (shapes.has(template)) return shapes.get(template) ?? null;
  const shape = shapeOf(template);
  if (shapes.size >= SHAPES_MAX) shapes.clear();
  shapes.set(template, shape);
  return shape;
}

/** Label names an extra matcher filters on (`finished_reason=~"abort|error"`), null when it is not one. */
function matcherLabels(extra: string): string[] | null {
  const text = `__m{${extra}}`;
  const tree = parse(text);
  const labels: string[] = [];
  let valid = true;
  tree.iterate({
    enter: (n) => {
      if (n.type.isError || n.name === 'QuotedLabelMatcher') valid = false;
      else if (n.name === 'LabelName') labels.push(text.slice(n.from, n.to));
    },
  });
  return valid ? labels : null;
}

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
    const extraLabels = spec.matcher !== undefined || extra === undefined ? [] : (matcherLabels(extra) ?? []);
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
  const shape = cachedShape(alt.expr);
  // Any reference outside a site (a bare selector, `@ end()`, another function): the query stays raw.
  if (!shape || shape.refs === 0 || shape.sites.length !== shape.refs) return null;

  const metrics: Record<string, LogicalMetric> = { ...catalog.metrics };
  const resolved = new Map<string, ResolvedMetric>(ctx.resolved);
  const used: string[] = [];
  const refTo = (found: Found, extra: string | undefined, spec: boolean): string => {
    const id = `${RECORDED_ID}${used.length}`;
    used.push(found.name);
    metrics[id] = { id, variants: [found.name], kind: 'gauge', labels: found.kept, enabledBy: '' };
    resolved.set(id, { id, name: found.name, variantIndex: 0, rewrite: 'none' });
    return refText(id, spec ? undefined : extra);
  };
  const ownMatcher = (metricId: string, op: RecordOp, extra: string | undefined): boolean =>
    RECORD_SPECS[catalog.engine].some((s) => s.metric === metricId && s.op === op && s.matcher !== undefined && s.matcher === extra);

  // Rates first, then gauges: the order the recorded names are listed in.
  const rewrites: Array<{ site: Site; text: string }> = [];
  for (const site of [...shape.sites.filter((x) => x.rate), ...shape.sites.filter((x) => !x.rate)]) {
    const { ref, agg } = site;
    const need = { metricId: ref.name, group: site.labels.flatMap((l) => (l === VIEW_BY ? ctx.by : [l])), extra: ref.matcher };
    const find = (op: RecordOp) => findRecorded(catalog, ctx, index, { ...need, op, windowSec: site.rate ? rateSec : 0 });
    const by = site.by !== undefined ? ` by (${site.by})` : '';
    const op: RecordOp = site.rate ? 'rate' : agg === 'avg' ? 'sum' : agg;
    const found = find(op);
    if (!found) return null;
    if (agg === 'avg' && !site.rate) {
      const count = find('count');
      if (!count) return null;
      rewrites.push({ site, text: `(sum${by} (${refTo(found, ref.matcher, ownMatcher(ref.name, 'sum', ref.matcher))}) / sum${by} (${refTo(count, ref.matcher, ownMatcher(ref.name, 'count', ref.matcher))}))` });
    } else rewrites.push({ site, text: `${site.rate ? 'sum' : agg}${by} (${refTo(found, ref.matcher, ownMatcher(ref.name, op, ref.matcher))})` });
  }
  let expr = '';
  let last = 0;
  for (const { site, text } of rewrites.sort((x, y) => x.site.from - y.site.from)) {
    expr += alt.expr.slice(last, site.from) + text;
    last = site.to;
  }
  expr += alt.expr.slice(last);
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
