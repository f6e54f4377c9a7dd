// From a point of a quantile line (or an exemplar beside it) to a trace search (pure): which point
// a click means, the time slice (the step ending at the point) and the duration bounds the search
// asks for. A pN point of value v says "N % of the step's requests took ≤ v", not which ones: the
// search asks for the requests slower than the lower bound of v's bucket (the finest bound the
// histogram knows below v), which holds the slowest (1 − N) share and whatever shared v's bucket.
import type { ChartSeries } from '../../charts';

export interface LinePoint {
  seriesId: string;
  name: string;
  /** 0.95 for a p95 line; null when the query id does not say. */
  quantile: number | null;
  index: number;
  /** Unix ms of the point (the end of its step). */
  time: number;
  value: number;
}

export interface PointSearch {
  /** Unix seconds: the step ending at the point. */
  start: number;
  end: number;
  /** Seconds: the lower bound of the value's bucket (0 in the first bucket); no upper bound. */
  min: number;
  max: number;
}

const QUANTILE_ID = /^p(\d{2,3})$/;

/** The quantile a query id names: p50 → 0.5, p95 → 0.95, p999 → 0.999, q0.75 → 0.75; else null. */
export function quantileOfQuery(queryId: string): number | null {
  const m = QUANTILE_ID.exec(queryId);
  if (m?.[1]) return Number(`0.${m[1]}`);
  if (queryId.startsWith('q')) {
    const q = Number(queryId.slice(1));
    return q > 0 && q < 1 ? q : null;
  }
  return null;
}

/** The query id of a series: its id is the query id followed by its label set (`p95{…}`). */
export const queryIdOfSeries = (seriesId: string): string => seriesId.split(/[{#]/, 1)[0] ?? seriesId;

/**
 * The point a click at (timeMs, value) means: the step nearest in time, and there the line nearest
 * in value (pixel-nearest on a linear axis). Earlier-window copies (compare mode) and hidden lines
 * are skipped. Null when no line has a point there.
 */
export function nearestLinePoint(series: readonly ChartSeries[], timeMs: number, value: number, hidden?: ReadonlySet<string>): LinePoint | null {
  let best: LinePoint | null = null;
  let bestDt = Infinity;
  let bestDv = Infinity;
  for (const s of series) {
    if (s.shiftOf !== undefined || hidden?.has(s.id)) continue;
    s.points.forEach(([t, v], i) => {
      if (v === null || !Number.isFinite(v)) return;
      const dt = Math.abs(t - timeMs);
      const dv = Math.abs(v - value);
      if (dt < bestDt || (dt === bestDt && dv < bestDv)) {
        bestDt = dt;
        bestDv = dv;
        best = { seriesId: s.id, name: s.name, quantile: quantileOfQuery(queryIdOfSeries(s.id)), index: i, time: t, value: v };
      }
    });
  }
  return best;
}

/**
 * The lower bound of the bucket `value` lies in, given the histogram's bounds (any order, +Inf
 * allowed): the largest finite bound below it, 0 in the first bucket; at or above the highest
 * finite bound (histogram_quantile's answer for a rank in +Inf) that bound.
 */
export function bucketFloor(value: number, bounds: readonly number[]): number {
  const finite = [...new Set(bounds.filter((b) => Number.isFinite(b)))].sort((a, b) => a - b);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const highest = finite[finite.length - 1];
  if (highest !== undefined && (value > highest || close(value, highest)) && bounds.includes(Infinity)) return highest;
  let low = 0;
  for (const high of finite) {
    if (value < high || close(value, high)) return Math.max(0, low);
    low = high;
  }
  return Math.max(0, low);
}

/** The bucket (low < value ≤ high) an exemplar's value lies in; high Infinity above the last bound. */
export function bucketOf(value: number, bounds: readonly number[]): { min: number; max: number } {
  const finite = [...new Set(bounds.filter((b) => Number.isFinite(b)))].sort((a, b) => a - b);
  let low = 0;
  for (const high of finite) {
    if (value <= high) return { min: Math.max(0, low), max: high };
    low = high;
  }
  return { min: Math.max(0, low), max: Infinity };
}

/** The search for a point of a quantile line: its step, requests slower than its bucket's lower bound. */
export function pointSearch(point: Pick<LinePoint, 'time' | 'value'>, stepMs: number, bounds: readonly number[]): PointSearch {
  return { start: (point.time - stepMs) / 1000, end: point.time / 1000, min: bucketFloor(point.value, bounds), max: Infinity };
}

/**
 * The search for an exemplar beside the lines: the step whose point is the first at or after it
 * (a point at t is the rate over the window ending at t) and its bucket; null outside the grid.
 */
export function exemplarSearch(p: { time: number; value: number }, times: readonly number[], stepMs: number, bounds: readonly number[]): PointSearch | null {
  const end = times.find((t) => t >= p.time);
  if (end === undefined || p.time <= end - 2 * stepMs) return null;
  return { start: (end - stepMs) / 1000, end: end / 1000, ...bucketOf(p.value, bounds) };
}

/** The highest `n` points of each line, highest first (the keyboard's way to the spikes). */
export function peakPoints(series: readonly ChartSeries[], n: number): LinePoint[] {
  const out: LinePoint[] = [];
  for (const s of series) {
    if (s.shiftOf !== undefined) continue;
    const pts: LinePoint[] = [];
    s.points.forEach(([t, v], i) => {
      if (v !== null && Number.isFinite(v)) pts.push({ seriesId: s.id, name: s.name, quantile: quantileOfQuery(queryIdOfSeries(s.id)), index: i, time: t, value: v });
    });
    out.push(...pts.sort((a, b) => b.value - a.value || b.time - a.time).slice(0, n));
  }
  return out;
}
