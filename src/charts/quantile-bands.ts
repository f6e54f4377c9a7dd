// Quantile lines that say what the buckets allow: where a histogram_quantile point lies in the
// first bucket, the +Inf bucket or a bucket wider than a factor of 4 (see lib/histogram.ts), the
// chart shades the bucket's interval around the line and the tooltip gives the bound, not the
// interpolated number.
import { classifyQuantile, type QuantilePrecision } from '../lib/histogram';
import { formatValue, type Unit } from '../lib/units';
import type { ChartSeries } from './types';

/** Interface words for a coarse quantile, from the language table. */
export interface PrecisionText {
  first: (bound: string) => string;
  overflow: (bound: string) => string;
  wide: (low: string, high: string) => string;
}

export interface SeriesPrecision {
  /** Per point: null where the point is a gap or the number means what it says. */
  points: Array<Exclude<QuantilePrecision, { kind: 'precise' }> | null>;
  /** The last point's classification, for the panel's note (null when precise). */
  last: Exclude<QuantilePrecision, { kind: 'precise' }> | null;
}

/** Classifies every point of a quantile series against its histogram's bounds. */
export function seriesPrecision(series: ChartSeries, bounds: readonly number[]): SeriesPrecision {
  let last: SeriesPrecision['last'] = null;
  const points = series.points.map(([, v]) => {
    if (v === null) return null;
    const p = classifyQuantile(v, bounds);
    last = p.kind === 'precise' ? null : p;
    return last;
  });
  return { points, last };
}

/** "< 300 ms, first bucket", "≥ 2h 8m, above the highest bucket", "1 s – 5 s, one bucket". */
export function precisionLabel(p: Exclude<QuantilePrecision, { kind: 'precise' }>, unit: Unit, text: PrecisionText, locale?: string): string {
  const f = (v: number) => formatValue(v, unit, { locale });
  if (p.kind === 'first') return text.first(f(p.high));
  if (p.kind === 'overflow') return text.overflow(f(p.low));
  return text.wide(f(p.low), f(p.high));
}

/** The band's edges per point: [low, high - low] for stacking, nulls where there is no band. */
export function bandData(
  series: ChartSeries,
  precision: SeriesPrecision,
): { lower: Array<[number, number | null]>; height: Array<[number, number | null]>; any: boolean } {
  let any = false;
  const lower: Array<[number, number | null]> = [];
  const height: Array<[number, number | null]> = [];
  series.points.forEach(([t], i) => {
    const p = precision.points[i];
    // Above the highest bound there is no upper edge to shade to: the tooltip says "≥ X".
    if (!p || p.kind === 'overflow') {
      lower.push([t, null]);
      height.push([t, null]);
      return;
    }
    any = true;
    lower.push([t, p.low]);
    height.push([t, p.high - p.low]);
  });
  return { lower, height, any };
}
