// A/B by selection (`ab=<label>&a=…&b=…`): the pure parts. Each side is the panel's own queries
// with the side's values matched on every selector (`select`, catalog/promql.ts) and no grouping
// (`by=[]`): a side is compared as a whole (`sum(rate(x{model_name="a"}[…]))`, the quantile of
// everything the side selects), so a selection of several values stays one line per query, and
// the same side's query is the same string on every panel and tile that asks it (one request).
import type { ChartSeries } from '../../charts';
import { fillLabels } from '../../lib/template';
import type { QuerySpec } from '../../catalog/types';
import type { Unit } from '../../lib/units';
import { relativeChange } from './compare';
import type { AbSelection } from '../url/url-state';

export type AbSide = 'a' | 'b';

/** The matchers a side adds to every selector. */
export function abSelect(ab: AbSelection, side: AbSide): Record<string, string[]> {
  return { [ab.label]: side === 'a' ? ab.a : ab.b };
}

const MAX_SELECTION_TEXT = 40;

/** "A: m1" / "B: v2, v3" (long selections cut with "…"): the legend's side tag. */
export function sideTag(ab: AbSelection, side: AbSide): string {
  const values = (side === 'a' ? ab.a : ab.b).join(', ');
  const text = values.length > MAX_SELECTION_TEXT ? `${values.slice(0, MAX_SELECTION_TEXT - 1)}…` : values;
  return `${side.toUpperCase()}: ${text}`;
}

/**
 * What distinguishes a series within its side: the legend without its (now absent) grouping
 * label, e.g. "p95" from "{{model_name}} p95", "capacity" from "{{model_name}} · {{reason}}"; ''
 * when nothing does (one series per query, the legend only named the model).
 */
export function seriesRest(s: Pick<ChartSeries, 'labels'>, query: Pick<QuerySpec, 'legend'>): string {
  return fillLabels(query.legend, s.labels)
    .replace(/^[\s·:|-]+/, '')
    .trim();
}

/**
 * One side's series, renamed "A: m1 · p95" with ids of their own; B's are drawn dashed in the
 * colour of the A series of the same query and rest (`shiftOf`, as the earlier window is).
 */
export function nameSide(
  parts: ReadonlyArray<{ query: QuerySpec; series: readonly ChartSeries[] }>,
  side: AbSide,
  tag: string,
  pairWith?: ReadonlyMap<string, string>,
): ChartSeries[] {
  return parts.flatMap(({ query, series }) =>
    series.map((s) => {
      const rest = seriesRest(s, query);
      const key = `${query.id}\u0000${rest}`;
      const out: ChartSeries = { id: `${side}~${s.id}`, name: rest ? `${tag} · ${rest}` : tag, labels: s.labels, points: s.points };
      if (pairWith) out.shiftOf = pairWith.get(key) ?? out.id;
      return out;
    }),
  );
}

/** query id + rest → the A series id, to pair B's series with. */
export function pairKeys(parts: ReadonlyArray<{ query: QuerySpec; series: readonly ChartSeries[] }>, side: AbSide): Map<string, string> {
  const out = new Map<string, string>();
  for (const { query, series } of parts) for (const s of series) out.set(`${query.id}\u0000${seriesRest(s, query)}`, `${side}~${s.id}`);
  return out;
}

/** The mean of a series' known points over the range (null when it has none). */
export function rangeMean(s: Pick<ChartSeries, 'points'>): number | null {
  let sum = 0;
  let n = 0;
  for (const [, v] of s.points) {
    if (v === null || !Number.isFinite(v)) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

export interface AbRow {
  /** Unique: panel id and query id. */
  key: string;
  panelId: string;
  /** Query id within the panel ("p95", "rate"): what of the panel this row compares. */
  queryId: string;
  a: number | null;
  b: number | null;
  /** (B − A) / |A|, null when either is unknown or A is 0 (relativeChange). */
  diff: number | null;
  /** |B − A| is below the unit's floor (AB_FLOOR): listed after every row above it, whatever its ratio. */
  small?: boolean;
}

/**
 * The least absolute difference, per unit, for a row to be ranked by its relative change: below it
 * a large ratio of two tiny figures (preemptions 0.0008 → 0.003 /s, +275 %) is noise, not the
 * headline. 10 ms of latency, 0.1 req/s, 5 tok/s, 0.01 /s of events (one in 100 s), one request or
 * token, one percentage point of a share. Units not listed have no floor.
 */
export const AB_FLOOR: Partial<Record<Unit, number>> = {
  seconds: 0.01,
  ms: 10,
  reqps: 0.1,
  tokps: 5,
  ops: 0.01,
  requests: 1,
  count: 1,
  tokens: 1,
  ratio: 0.01,
  percent: 1,
};

/**
 * Rows sorted by how much B differs from A: rows whose absolute difference reaches their unit's
 * floor first, largest |diff| first; then the rows below the floor (`small`), likewise; rows
 * without a figure last, in their given order.
 *
 * @example
 * rankDifferences([{ key: 'preemptions', unit: 'ops', a: 0.0008, b: 0.003 }, { key: 'ttft/p95', unit: 'seconds', a: 0.4, b: 0.6 }])
 * // ttft/p95 first (diff 0.5), then preemptions (diff 2.75, but 0.0022 /s < 0.01 /s: small)
 */
export function rankDifferences(rows: ReadonlyArray<Omit<AbRow, 'diff' | 'small'> & { unit?: Unit }>): AbRow[] {
  const withDiff = rows.map((r, i) => {
    const { unit, ...row } = r;
    const floor = unit === undefined ? 0 : (AB_FLOOR[unit] ?? 0);
    const small = r.a !== null && r.b !== null && Math.abs(r.b - r.a) < floor;
    return { row: { ...row, diff: relativeChange(r.b, r.a), ...(small ? { small } : {}) }, i };
  });
  const rank = (x: (typeof withDiff)[number]) => (x.row.diff === null ? 2 : x.row.small ? 1 : 0);
  withDiff.sort((x, y) => rank(x) - rank(y) || Math.abs(y.row.diff ?? 0) - Math.abs(x.row.diff ?? 0) || x.i - y.i);
  return withDiff.map((x) => x.row);
}

/**
 * A quantile query over the whole range, as the Models table computes its p95 columns: every
 * `[$__rate_interval]` of a `histogram_quantile` alternative becomes `[$__range]` (one instant
 * query at the range's end). The mean of the p95 line is another figure (a p95 of each short
 * window, averaged), which read 258 ms where the table said 514 ms. Null for other queries.
 *
 * @example
 * rangeQuantile(query('p95', '', 'histogram_quantile(0.95, sum by (le) (rate({{b}}[$__rate_interval])))'))
 * // alternatives[0].expr: 'histogram_quantile(0.95, sum by (le) (rate({{b}}[$__range])))'
 */
export function rangeQuantile(q: QuerySpec): QuerySpec | null {
  if (q.alternatives.length === 0 || !q.alternatives.every((a) => a.expr.includes('histogram_quantile'))) return null;
  return { ...q, alternatives: q.alternatives.map((a) => ({ ...a, expr: a.expr.replaceAll('[$__rate_interval]', '[$__range]') })) };
}
