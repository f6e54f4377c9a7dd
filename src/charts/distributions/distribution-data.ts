// Pure shaping of classic-histogram answers: `sum by (le) (rate(…_bucket[…]))` as a matrix → heatmap
// cells per step, and `sum by (le) (increase(…_bucket[$__range]))` → bars "≤ N" as share of
// requests. Buckets are compared by numeric bound ("1.0" and "1" are one bucket); every oddity of
// the input (missing buckets, negative differences, NaN/Inf) ends as a gap or a counted note.
import { parseLe } from '../../lib/buckets';
import { bucketRanges, decumulate, type BucketRange } from '../../lib/histogram';
import { matrixToSeries, type MatrixSample } from '../timeseries/matrix';
import type { ChartSeries } from '../core/types';

export interface HeatmapData {
  /** Buckets shown, low to high (empty rows at both ends trimmed). */
  buckets: BucketRange[];
  /** The step grid, ms. */
  times: number[];
  /** [time index, bucket index, value per second] for every cell with a value (0 included). */
  cells: Array<[number, number, number]>;
  /** Per time index: the sum over buckets (the `+Inf` rate), null where nothing was known. */
  totals: Array<number | null>;
  /** Largest cell value (the colour scale's top). */
  max: number;
  /** Cells left out: a bound only some summed series have (lib/histogram.ts `partial`). */
  partial: number;
  /** Cells that also carry the count of a bucket missing at that step. */
  merged: number;
  /** Series whose `le` is not a number (ignored). */
  ignored: number;
}

/** Groups series by numeric bound: two spellings of one bound (a Prometheus upgrade) add up. */
function byBound(values: ReadonlyArray<{ le: string | undefined; value: number | null }>): { bounds: number[]; values: Array<number | null>; ignored: number } {
  const sums = new Map<number, number | null>();
  let ignored = 0;
  for (const { le, value } of values) {
    const b = le === undefined ? null : parseLe(le);
    if (b === null || b < 0) {
      ignored += 1;
      continue;
    }
    const prev = sums.get(b);
    const v = value !== null && Number.isFinite(value) ? value : null;
    sums.set(b, prev === undefined || prev === null ? v : v === null ? prev : prev + v);
  }
  const bounds = [...sums.keys()].sort((a, b) => a - b);
  return { bounds, values: bounds.map((b) => sums.get(b) ?? null), ignored };
}

export interface Grid {
  start: number;
  end: number;
  step: number;
}

/**
 * The heatmap of a bucket-rate matrix (one series per `le`). Each step is de-cumulated on its own,
 * so a bucket absent at some steps (a series that starts later) costs only those steps.
 *
 * @example
 * matrixToHeatmap([
 *   { metric: { le: '0.5' }, values: [[0, '1']] },
 *   { metric: { le: '+Inf' }, values: [[0, '3']] },
 * ], { start: 0, end: 0, step: 15 })
 * // → buckets [(0, 0.5], (0.5, +Inf)], cells [[0, 0, 1], [0, 1, 2]], totals [3], max 2
 */
export function matrixToHeatmap(matrix: readonly MatrixSample[], grid: Grid): HeatmapData {
  const { series } = matrixToSeries(matrix, { ...grid, legend: '{{le}}', idPrefix: 'le', maxSeries: Number.MAX_SAFE_INTEGER });
  return seriesToHeatmap(series);
}

/** The same from series already on one step grid (what the panel data path hands over). */
export function seriesToHeatmap(series: readonly ChartSeries[]): HeatmapData {
  const times = series[0]?.points.map(([t]) => t) ?? [];
  // The bounds present anywhere in the range, in order; each series' row parsed once.
  const { bounds, ignored } = byBound(series.map((s) => ({ le: s.labels.le, value: null })));
  const ranges = bucketRanges(bounds);
  const rowOf = series.map((s) => {
    const b = s.labels.le === undefined ? null : parseLe(s.labels.le);
    return b === null ? -1 : bounds.indexOf(b);
  });
  const column: Array<number | null> = new Array<number | null>(bounds.length);
  const columns = times.map((_t, i) => {
    column.fill(null);
    series.forEach((s, k) => {
      const row = rowOf[k] ?? -1;
      const v = s.points[i]?.[1];
      if (row < 0 || v === null || v === undefined || !Number.isFinite(v)) return;
      // Two spellings of one bound (a Prometheus upgrade) add up.
      column[row] = (column[row] ?? 0) + v;
    });
    return decumulate(column);
  });
  let partial = 0;
  let merged = 0;
  for (const col of columns) {
    partial += col.partial;
    merged += col.merged;
  }
  // Trim rows that are empty over the whole range at either end: 22 latency buckets reaching to
  // 2560 s would otherwise squeeze the rows that hold data into a few pixels.
  const hasData = (b: number) => columns.some((c) => (c.counts[b] ?? 0) > 0);
  let lo = 0;
  let hi = bounds.length - 1;
  while (lo < hi && !hasData(lo)) lo += 1;
  while (hi > lo && !hasData(hi)) hi -= 1;
  const cells: Array<[number, number, number]> = [];
  let max = 0;
  columns.forEach((col, t) => {
    for (let b = lo; b <= hi; b += 1) {
      const v = col.counts[b];
      if (v === null || v === undefined) continue;
      cells.push([t, b - lo, v]);
      if (v > max) max = v;
    }
  });
  return {
    buckets: bounds.length === 0 ? [] : ranges.slice(lo, hi + 1),
    times,
    cells,
    totals: columns.map((c) => c.total),
    max,
    partial,
    merged,
    ignored,
  };
}

export interface DistributionBar extends BucketRange {
  count: number | null;
  /** count / total, 0..1; null when the count or the total is unknown. */
  share: number | null;
}

export interface Distribution {
  bars: DistributionBar[];
  total: number | null;
  partial: number;
  merged: number;
  ignored: number;
}

/**
 * Bars of a distribution from cumulative bucket values (`increase(…[$__range])` per `le`), as
 * counts and shares of the total. Empty buckets below the lowest and above the highest one with
 * data are dropped (prompt lengths rarely fill "≤ 1", "≤ 8"…); the `+Inf` bucket is kept when it
 * has data. With nothing observed the first bucket alone stays (the panel is `empty` then).
 *
 * @example
 * toDistribution([{ le: '128', value: 6 }, { le: '1024.0', value: 9 }, { le: '+Inf', value: 10 }])
 * // → bars (0,128] 6 (60 %), (128,1024] 3 (30 %), (1024,+Inf) 1 (10 %); total 10
 */
export function toDistribution(samples: ReadonlyArray<{ le: string | undefined; value: number | null }>): Distribution {
  const { bounds, values, ignored } = byBound(samples);
  const d = decumulate(values);
  const ranges = bucketRanges(bounds);
  const filled = (i: number) => (d.counts[i] ?? 0) > 0;
  let last = d.counts.length - 1;
  while (last > 0 && !filled(last)) last -= 1;
  let first = 0;
  while (first < last && !filled(first)) first += 1;
  const total = d.total !== null && d.total > 0 ? d.total : null;
  const bars = ranges.slice(first, last + 1).map((r, k): DistributionBar => {
    const count = d.counts[first + k] ?? null;
    return { ...r, count, share: count !== null && total !== null ? count / total : null };
  });
  // Partial bounds above the drawn bars moved no request (the bucket above them is empty): not worth a note.
  let partial = 0;
  for (let i = first; i <= last; i += 1) if (d.counts[i] === null && Number.isFinite(values[i] ?? NaN)) partial += 1;
  return { bars, total: d.total, partial, merged: d.merged, ignored };
}

/** The distribution at the last step of bucket series (one point each when asked at the range's end). */
export function seriesToDistribution(series: readonly ChartSeries[]): Distribution {
  return toDistribution(
    series.map((s) => ({ le: s.labels.le, value: [...s.points].reverse().find(([, v]) => v !== null)?.[1] ?? null })),
  );
}

