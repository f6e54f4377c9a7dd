// A/B by selection (`ab=<label>&a=…&b=…`): the pure parts. Each side is the panel's own queries
// with the side's values matched on every selector (`select`, catalog/promql.ts) and no grouping
// (`by=[]`): a side is compared as a whole (`sum(rate(x{model_name="a"}[…]))`, the quantile of
// everything the side selects), so a selection of several values stays one line per query, and
// the same side's query is the same string on every panel and tile that asks it (one request).
import type { ChartSeries } from '../../charts';
import { fillLabels } from '../../lib/template';
import type { QuerySpec } from '../../catalog/types';
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
}

/**
 * Rows sorted by how much B differs from A (largest |diff| first; rows without a figure last, in
 * their given order), e.g. for the "A vs B" summary.
 *
 * @example
 * rankDifferences([{ key: 'ttft/p95', …, a: 0.4, b: 0.6 }, { key: 'rate', …, a: 2, b: 2.1 }])
 * // ttft/p95 first with diff 0.5, then rate with 0.05
 */
export function rankDifferences(rows: ReadonlyArray<Omit<AbRow, 'diff'>>): AbRow[] {
  const withDiff = rows.map((r, i) => ({ row: { ...r, diff: relativeChange(r.b, r.a) }, i }));
  withDiff.sort((x, y) => {
    const dx = x.row.diff === null ? -1 : Math.abs(x.row.diff);
    const dy = y.row.diff === null ? -1 : Math.abs(y.row.diff);
    return dy - dx || x.i - y.i;
  });
  return withDiff.map((x) => x.row);
}
