// Small builders shared by the engine catalogs: metric definitions and PromQL template snippets.
// They keep vllm-*.ts / sglang-*.ts declarative (one line per metric, one object per panel).
import { refText, tokenize } from '../lib/template';
import { SECTION_IDS, type ExprAlternative, type LogicalMetric, type MetricKind, type PanelSpec, type QuerySpec, type Threshold } from './types';

/** Labels every scraped series carries: Prometheus adds them from the target, not the engine. */
export const TARGET_LABELS = ['instance', 'job'];

interface Quiet {
  /** See LogicalMetric.appearsWith / movesOnlyWith. */
  appearsWith?: string;
  movesOnlyWith?: string;
}

interface MetricDef extends Quiet {
  id: string;
  kind: Exclude<MetricKind, 'histogram'>;
  /** Full stored series names, current first (counters with `_total`). */
  names: string[];
  labels: string[];
  enabledBy: string;
}

interface HistogramDef extends Quiet {
  /** Base id; `<id>_bucket`, `<id>_sum` and `<id>_count` are defined. */
  id: string;
  /** Family names (without `_bucket`/`_sum`/`_count`), current first. */
  families: string[];
  labels: string[];
  enabledBy: string;
}

function quiet(def: Quiet): Quiet {
  const q: Quiet = {};
  if (def.appearsWith !== undefined) q.appearsWith = def.appearsWith;
  if (def.movesOnlyWith !== undefined) q.movesOnlyWith = def.movesOnlyWith;
  return q;
}

/** Marks a family the engine creates with its first event (`event`, e.g. "the first aborted request"). */
export function appearsWith<T extends MetricDef | HistogramDef>(event: string, def: T): T {
  return { ...def, appearsWith: event };
}

/** Marks a counter registered at 0 that moves only with `flag`. */
export function movesOnlyWith<T extends MetricDef | HistogramDef>(flag: string, def: T): T {
  return { ...def, movesOnlyWith: flag };
}

export function metrics(defs: Array<MetricDef | HistogramDef>): Record<string, LogicalMetric> {
  const out: Record<string, LogicalMetric> = {};
  for (const def of defs) {
    const labels = [...new Set([...def.labels, ...TARGET_LABELS])];
    if ('families' in def) {
      for (const suffix of ['bucket', 'sum', 'count'] as const) {
        const id = `${def.id}_${suffix}`;
        // The histogram's series are counters: rate() them; `le` exists only on buckets.
        const own = suffix === 'bucket' ? [...labels, 'le'] : labels;
        out[id] = { id, variants: def.families.map((f) => `${f}_${suffix}`), kind: 'histogram', labels: own, enabledBy: def.enabledBy, ...quiet(def) };
      }
    } else {
      out[def.id] = { id: def.id, variants: def.names, kind: def.kind, labels, enabledBy: def.enabledBy, ...quiet(def) };
    }
  }
  return out;
}

export const counter = (id: string, names: string[], labels: string[], enabledBy: string): MetricDef => ({
  id,
  kind: 'counter',
  names,
  labels,
  enabledBy,
});

export const gauge = (id: string, names: string[], labels: string[], enabledBy: string): MetricDef => ({
  id,
  kind: 'gauge',
  names,
  labels,
  enabledBy,
});

export const histogram = (id: string, families: string[], labels: string[], enabledBy: string): HistogramDef => ({
  id,
  families,
  labels,
  enabledBy,
});

/**
 * Series every scrape target has whatever it runs: `up` (written by Prometheus, 0 when the scrape
 * failed — the only trace a crashed engine leaves) and the Python client's process start time.
 */
export const TARGET_METRICS = metrics([
  gauge('up', ['up'], [], 'Prometheus (every scrape target)'),
  gauge('process_start', ['process_start_time_seconds'], [], 'default (Python process collector)'),
]);

// ---- PromQL template snippets ----

/** `{{id}}` or `{{id|extra}}`. */
export const ref = (id: string, extra?: string): string => refText(id, extra);

/** `sum by ($__by, extra) (rate({{id}}[$__rate_interval]))`. */
export function rateBy(id: string, extraBy: string[] = [], matcher?: string): string {
  return `sum by (${['$__by', ...extraBy].join(', ')}) (rate(${ref(id, matcher)}[$__rate_interval]))`;
}

/** `sum(rate({{id}}[$__rate_interval]))`: one series over everything the filters keep. */
export const rateAll = (id: string, matcher?: string): string => `sum(rate(${ref(id, matcher)}[$__rate_interval]))`;

/** `n / (d > 0)`: an idle denominator yields no sample instead of NaN or +Inf. */
export const ratio = (num: string, den: string): string => `${num} / (${den} > 0)`;

/** `agg by ($__by, extra) ({{id}})` for gauges (multiprocess / per-rank series always aggregated). */
export function gaugeBy(agg: 'sum' | 'avg' | 'max' | 'min', id: string, extraBy: string[] = [], matcher?: string): string {
  return `${agg} by (${['$__by', ...extraBy].join(', ')}) (${ref(id, matcher)})`;
}

export function quantileExpr(q: number, bucketId: string, by = '$__by', matcher?: string): string {
  const group = by ? `le, ${by}` : 'le';
  return `histogram_quantile(${q}, sum by (${group}) (rate(${ref(bucketId, matcher)}[$__rate_interval])))`;
}

/** Mean of a histogram over the window: rate(_sum) / rate(_count), per group. */
export function histogramMean(baseId: string, extraBy: string[] = []): string {
  return ratio(rateBy(`${baseId}_sum`, extraBy), rateBy(`${baseId}_count`, extraBy));
}

/** How many series a per-instance (per-GPU) view shows, besides its one "others" line. */
export const TOP_N = 10;

/**
 * The same template evaluated at the end of the range (`@ end()` on every selector): ranking by it
 * picks one set of series for every step, where a plain `topk` in a range query may pick a
 * different set at each step and return many more than N series.
 */
export function atEnd(expr: string): string {
  const tokens = tokenize(expr);
  let out = '';
  let windowClosed = false;
  for (const [i, t] of tokens.entries()) {
    // The `]` after a window already written with its `@ end()`.
    const source = expr.slice(windowClosed ? t.from + 1 : t.from, t.to);
    windowClosed = false;
    const next = tokens[i + 1];
    const nextText = next?.kind === 'text' ? next.text : '';
    if (t.kind === 'ref') out += nextText.startsWith('[') ? source : `${source} @ end()`;
    else if (t.kind === 'variable' && t.name === '__rate_interval' && out.endsWith('[') && nextText.startsWith(']')) {
      out += `${source}] @ end()`;
      windowClosed = true;
    } else out += source;
  }
  return out;
}

/**
 * A per-instance view that stays bounded on a fleet: the top `n` series by their value at the end
 * of the range, and one "others" series with the sum of the rest (absent when there is no rest).
 * At most n + 1 series whatever the number of instances.
 */
export function topQueries(id: string, legend: string, expr: string, n = TOP_N): QuerySpec[] {
  const rank = `topk(${n}, ${atEnd(expr)})`;
  return [query(id, legend, `(${expr}) and ${rank}`), query(`${id}-others`, 'others', `sum((${expr}) unless ${rank})`)];
}

export function query(id: string, legend: string, ...alternatives: Array<string | ExprAlternative>): QuerySpec {
  return { id, legend, alternatives: alternatives.map((a) => (typeof a === 'string' ? { expr: a } : a)) };
}

const PCT: Record<number, string> = { 0.5: 'p50', 0.9: 'p90', 0.95: 'p95', 0.99: 'p99' };

/** p50/p95/p99 (or the given quantiles) of a histogram; legacy alternatives come from `alt`. */
export function quantileQueries(
  bucketId: string,
  qs: number[] = [0.5, 0.95, 0.99],
  opts: { extraBy?: string; legendPrefix?: string; alt?: (q: number) => ExprAlternative[] } = {},
): QuerySpec[] {
  const by = ['$__by', ...(opts.extraBy ? [opts.extraBy] : [])].join(', ');
  const prefix = opts.legendPrefix ?? '{{model_name}}';
  return qs.map((q) => {
    const id = PCT[q] ?? `q${q}`;
    return query(id, `${prefix} ${id}`, quantileExpr(q, bucketId, by), ...(opts.alt?.(q) ?? []));
  });
}

type PanelInput = Omit<PanelSpec, 'chart' | 'queries'> & Partial<Pick<PanelSpec, 'chart' | 'queries'>>;

/** A panel with defaults: a time series, no queries when `notAvailable` explains the absence. */
export function panel(p: PanelInput): PanelSpec {
  return { chart: 'timeseries', queries: [], ...p };
}

/** A panel for a composite the engine has no metric for: explains and suggests instead. */
export function unavailable(p: Omit<PanelInput, 'notAvailable' | 'queries'>, reason: string): PanelSpec {
  return panel({ ...p, notAvailable: reason });
}

// The overview (tables under the stat row) comes first, then the sections in order.
const order = (p: PanelSpec): number => (p.section === 'overview' ? -1 : SECTION_IDS.indexOf(p.section));

/** Stable sort into section order: panels of a later list go to the end of their section. */
export function bySection(panels: PanelSpec[]): PanelSpec[] {
  return panels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => order(a.p) - order(b.p) || a.i - b.i)
    .map((x) => x.p);
}

/** Thresholds shared by both engines' stat rows (lower is better for all coloured tiles). */
export const STAT_THRESHOLDS = {
  ttft: [
    { value: 0, color: 'green' },
    { value: 1, color: 'amber' },
    { value: 3, color: 'red' },
  ],
  itl: [
    { value: 0, color: 'green' },
    { value: 0.1, color: 'amber' },
    { value: 0.25, color: 'red' },
  ],
  waiting: [
    { value: 0, color: 'green' },
    { value: 1, color: 'amber' },
    { value: 50, color: 'red' },
  ],
  kvUsage: [
    { value: 0, color: 'green' },
    { value: 0.8, color: 'amber' },
    { value: 0.95, color: 'red' },
  ],
  // A share of the finished requests, not a rate: one client cancel in a quarter of an hour is no
  // incident. Red where the rules pack's HighErrorRatio fires (5 %).
  errors: [
    { value: 0, color: 'green' },
    { value: 0.01, color: 'amber' },
    { value: 0.05, color: 'red' },
  ],
} satisfies Record<string, Threshold[]>;

