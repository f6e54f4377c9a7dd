// For panels that draw histogram_quantile lines: the bucket bounds of each histogram (the `le`
// values the backend stores for its resolved `_bucket` series, asked once per coarse window) and,
// per series, where its points really lie (first bucket, +Inf bucket, a wide bucket).
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { referencedMetrics } from '../../catalog';
import type { PanelSpec } from '../../catalog/types';
import { precisionLabel, seriesPrecision, type ChartSeries, type PrecisionText, type SeriesPrecision } from '../../charts';
import { parseBounds } from '../../lib/buckets';
import { classifyQuantile } from '../../lib/histogram';
import { formatValue, type Unit } from '../../lib/units';
import { bucketBoundsOptions } from '../../prometheus';
import { useDashboard } from './context';
import { useStable } from './use-stable';
import { coarseWindow } from '../backend/use-backend';

const sameEntries = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
const sameBounds = (a: ReadonlyMap<string, number[]>, b: ReadonlyMap<string, number[]>): boolean =>
  a.size === b.size &&
  [...a].every(([k, v]) => {
    const w = b.get(k);
    return w !== undefined && w.length === v.length && v.every((x, i) => x === w[i]);
  });

const dataOf = (rs: ReadonlyArray<{ data?: string[] }>): Array<string[] | null> => rs.map((r) => r.data ?? null);

/** Query id → the logical `_bucket` metrics its histogram_quantile reads (in alternative order). */
export function quantileBuckets(panel: Pick<PanelSpec, 'queries'>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const q of panel.queries) {
    const ids = q.alternatives
      .filter((a) => a.expr.includes('histogram_quantile'))
      .flatMap((a) => referencedMetrics(a).filter((id) => id.endsWith('_bucket')));
    if (ids.length > 0) out.set(q.id, [...new Set(ids)]);
  }
  return out;
}

/**
 * The query a series came from: its id is the query id followed by its label set. An A/B side's
 * series (`a~p95{}`, `b~b~p95{}`) reads the same histogram, so its side prefix is dropped; another
 * engine's (`sglang~p95`) has other buckets and maps to none.
 */
export function queryOfSeries(seriesId: string, queryIds: Iterable<string>): string | null {
  const id = seriesId.replace(/^(?:[ab]~)+/, '');
  for (const q of queryIds) if (id === q || id.startsWith(`${q}{`) || id.startsWith(`${q}#`)) return q;
  return null;
}

/**
 * Query id → the numeric bounds of the histogram its histogram_quantile reads (the `le` values the
 * backend stores for the resolved `_bucket` series, once per coarse window). Empty for queries
 * without histogram_quantile and until the bounds arrive.
 */
export function useBucketBounds(panel: Pick<PanelSpec, 'queries'>, enabled: boolean): { names: Map<string, string>; bounds: Map<string, number[]> } {
  const { resolved, client, baseUrl, window: w } = useDashboard();
  const buckets = useMemo(() => quantileBuckets(panel), [panel]);
  // Query id → the stored bucket series name (the first of its bucket metrics this backend has).
  const namesNow = useMemo(() => {
    const m = new Map<string, string>();
    for (const [q, ids] of buckets) {
      const name = ids.map((id) => resolved?.get(id)?.name).find((n) => n !== undefined);
      if (name) m.set(q, name);
    }
    return m;
  }, [buckets, resolved]);
  // The same names from a re-resolved name list: the same Map, so the chart option is not rebuilt
  // (one more setOption of unchanged lines; same-chart-value.ts).
  const names = useStable(namesNow, sameEntries);
  const distinct = useMemo(() => [...new Set(names.values())], [names]);
  const { start, end } = coarseWindow(w.startSec, w.endSec);
  // The queries and their data are memoised: this runs in every tile and quantile panel on every
  // render, and rebuilding the options (each key hashed again) or a JSON string of the answers per
  // render cost more than the rest of the hook.
  const queries = useMemo(
    () => distinct.map((series) => ({ ...bucketBoundsOptions(client, { baseUrl, series, start, end }), enabled })),
    [distinct, client, baseUrl, start, end, enabled],
  );
  // `combine` is structurally shared by TanStack: the same array while no bound list changes.
  const data = useQueries({ queries, combine: dataOf });
  const boundsByName = useMemo(() => {
    const m = new Map<string, number[]>();
    distinct.forEach((n, i) => {
      const d = data[i];
      if (d) m.set(n, parseBounds(d).map((b) => b.value));
    });
    return m;
  }, [distinct, data]);
  const boundsNow = useMemo(() => {
    const m = new Map<string, number[]>();
    for (const [q, name] of names) {
      const b = boundsByName.get(name);
      if (b && b.length > 0) m.set(q, b);
    }
    return m;
  }, [names, boundsByName]);
  const bounds = useStable(boundsNow, sameBounds);
  return { names, bounds };
}

export function useQuantilePrecision(panel: PanelSpec, series: readonly ChartSeries[], enabled: boolean): ReadonlyMap<string, SeriesPrecision> | undefined {
  const { names, bounds: byQuery } = useBucketBounds(panel, enabled);
  return useMemo(() => {
    if (names.size === 0) return undefined;
    const out = new Map<string, SeriesPrecision>();
    for (const s of series) {
      const q = queryOfSeries(s.id, names.keys());
      const bounds = q === null ? undefined : byQuery.get(q);
      if (bounds) out.set(s.id, seriesPrecision(s, bounds));
    }
    return out;
  }, [series, names, byQuery]);
}

/**
 * For the legend's Last / Mean / Max of quantile lines: the bucket's bound ("< 300 ms") where the
 * number would be an interpolation inside a coarse bucket (the first bucket's midpoint, 150 ms),
 * undefined where it means what it says. Undefined for panels without histogram_quantile.
 */
export function useLegendBound(
  panel: PanelSpec,
  enabled: boolean,
  unit: Unit,
  text: PrecisionText,
  locale?: string,
): ((seriesId: string, value: number) => string | undefined) | undefined {
  const { names, bounds } = useBucketBounds(panel, enabled);
  return useMemo(() => {
    if (names.size === 0) return undefined;
    return (seriesId: string, value: number) => {
      const q = queryOfSeries(seriesId, names.keys());
      const b = q === null ? undefined : bounds.get(q);
      return b ? tileBound(value, b, unit, text, locale)?.text : undefined;
    };
  }, [names, bounds, unit, text, locale]);
}

/**
 * The panel's note: which lines end (at the range's last point) inside a coarse bucket, grouped by
 * bound, e.g. "Bucket-limited: every line < 300 ms, first bucket", or "m p99 ≥ 2h 8m, above the
 * highest bucket". Null when none.
 */
export function bucketLimitedNote(
  series: readonly ChartSeries[],
  precision: ReadonlyMap<string, SeriesPrecision> | undefined,
  unit: Unit,
  text: PrecisionText & { bucketLimited: (items: string) => string; everyLine: string },
  locale?: string,
): string | null {
  if (!precision) return null;
  const groups = new Map<string, string[]>();
  for (const s of series) {
    const last = precision.get(s.id)?.last;
    if (!last) continue;
    const label = precisionLabel(last, unit, text, locale);
    groups.set(label, [...(groups.get(label) ?? []), s.name]);
  }
  if (groups.size === 0) return null;
  const MAX = 3;
  const items = [...groups].map(([label, names]) =>
    names.length === series.length
      ? `${text.everyLine} ${label}`
      : `${names.slice(0, MAX).join(', ')}${names.length > MAX ? ` (+${names.length - MAX})` : ''} ${label}`,
  );
  return text.bucketLimited(items.join('; '));
}

export interface TileBound {
  /** What the tile shows instead of the interpolated number: "< 300 ms", "≥ 2h 8m", "1 s – 5 s". */
  text: string;
  /** The full wording, for the tooltip: "< 300 ms, first bucket". */
  title: string;
  /** Base units; `high` absent above the highest finite bound. */
  low: number;
  high: number | null;
}

/** A stat tile's quantile judged against its buckets: null when the number means what it says. */
export function tileBound(value: number, bounds: readonly number[], unit: Unit, text: PrecisionText, locale?: string): TileBound | null {
  const p = classifyQuantile(value, bounds);
  if (p.kind === 'precise') return null;
  const f = (v: number) => formatValue(v, unit, { locale });
  const title = precisionLabel(p, unit, text, locale);
  if (p.kind === 'first') return { text: `< ${f(p.high)}`, title, low: 0, high: p.high };
  if (p.kind === 'overflow') return { text: `≥ ${f(p.low)}`, title, low: p.low, high: null };
  return { text: `${f(p.low)} – ${f(p.high)}`, title, low: p.low, high: p.high };
}
