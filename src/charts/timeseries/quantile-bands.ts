// Quantile lines that say what the buckets allow: where a histogram_quantile point lies in the
// first bucket, the +Inf bucket or a bucket wider than a factor of 4 (see lib/histogram.ts), the
// chart shades the bucket's interval around the line and the tooltip gives the bound, not the
// interpolated number.
import { quantileClassifier, type QuantilePrecision } from '../../lib/histogram';
import { formatValue, type Unit } from '../../lib/units';
import type { ChartSeries } from '../core/types';

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
  const classify = quantileClassifier(bounds);
  const points = series.points.map(([, v]) => {
    if (v === null) return null;
    const p = classify(v);
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

/** Only a bound, not a value: in the first bucket (0, b0] or above the highest finite bound. */
const boundOnly = (p: SeriesPrecision['points'][number] | undefined): boolean => p?.kind === 'first' || p?.kind === 'overflow';

/**
 * The line's points with those that are only a bound left out (null): there the band (first
 * bucket) or the dotted floor (above the highest bound) stands alone, so no interpolated number
 * is drawn as if measured. Wide buckets keep their line inside the band.
 */
export function lineData(series: ChartSeries, precision: SeriesPrecision | undefined): Array<[number, number | null]> {
  if (!precision || !precision.points.some(boundOnly)) return series.points;
  return series.points.map(([t, v], i) => [t, boundOnly(precision.points[i]) ? null : v]);
}

/** Above the highest bound: the bound itself per point (a dotted floor, "≥ bound"), nulls elsewhere. */
export function floorData(series: ChartSeries, precision: SeriesPrecision): { data: Array<[number, number | null]>; any: boolean } {
  let any = false;
  const data = series.points.map(([t], i): [number, number | null] => {
    const p = precision.points[i];
    if (p?.kind !== 'overflow') return [t, null];
    any = true;
    return [t, p.low];
  });
  return { data, any };
}

/**
 * The legend's Mean of a quantile line that is partly only a bound, said as a bound too: points in
 * the first bucket count at their upper bound ("≤ 212 ms": the mean is at most that), points above
 * the highest bound at it ("≥ 7680 s"); both kinds in the range: no honest bound, "–". Undefined
 * when every point means what it says (the number is shown).
 */
export function meanText(series: ChartSeries, precision: SeriesPrecision | undefined, unit: Unit, locale?: string): string | undefined {
  if (!precision) return undefined;
  let first = false;
  let over = false;
  let sum = 0;
  let n = 0;
  series.points.forEach(([, v], i) => {
    if (v === null || !Number.isFinite(v)) return;
    const p = precision.points[i];
    if (p?.kind === 'first') {
      first = true;
      sum += p.high;
    } else if (p?.kind === 'overflow') {
      over = true;
      sum += p.low;
    } else sum += v;
    n += 1;
  });
  if (!first && !over) return undefined;
  if (first && over) return '–';
  return `${first ? '≤' : '≥'} ${formatValue(sum / n, unit, { locale })}`;
}

type ValueText = (seriesId: string, value: number, stat: 'last' | 'mean' | 'max') => string | undefined;

/**
 * The legend's value text for quantile lines: each Last / Max judged against the buckets
 * (`pointText`), the Mean said as a bound where the range holds points that are only bounds
 * (`meanText`), so a row never mixes "< 300 ms" with an interpolated mean.
 */
export function legendValueText(
  series: readonly ChartSeries[],
  precision: ReadonlyMap<string, SeriesPrecision> | undefined,
  pointText: ((seriesId: string, value: number) => string | undefined) | undefined,
  unit: Unit,
  locale?: string,
): ValueText | undefined {
  if (!pointText && !precision) return undefined;
  const means = new Map<string, string | undefined>();
  for (const s of series) means.set(s.id, meanText(s, precision?.get(s.id), unit, locale));
  return (id, v, stat) => (stat === 'mean' ? means.get(id) : undefined) ?? pointText?.(id, v);
}

/** Id of the one band every line's first-bucket points share. */
export const FIRST_BUCKET_ID = 'first-bucket';

/**
 * The first bucket (0, b0] is the same interval for every line of a histogram: one neutral band
 * where any line is in it (one fill, not a patchwork of overlapping line colours), and each line's
 * precision with those points left out, for its own wide-bucket band and floor.
 */
export function splitFirstBucket(
  lines: readonly ChartSeries[],
  precision: ReadonlyMap<string, SeriesPrecision>,
): { first: { s: ChartSeries; p: SeriesPrecision } | null; rest: Map<string, SeriesPrecision> } {
  const rest = new Map<string, SeriesPrecision>();
  const grid = lines.find((s) => precision.has(s.id));
  const union: SeriesPrecision['points'] = grid ? grid.points.map(() => null) : [];
  let any = false;
  for (const s of lines) {
    const p = precision.get(s.id);
    if (!p) continue;
    rest.set(s.id, { ...p, points: p.points.map((x) => (x?.kind === 'first' ? null : x)) });
    p.points.forEach((x, i) => {
      if (x?.kind === 'first' && i < union.length) {
        union[i] = x;
        any = true;
      }
    });
  }
  if (!grid || !any) return { first: null, rest };
  return { first: { s: { ...grid, id: FIRST_BUCKET_ID, shiftOf: undefined }, p: { points: union, last: null } }, rest };
}
