// Points per line capped to what the plot's pixels can show. The step is chosen from the panel's
// width (computeStep: one point per 2.5 px), so a panel's lines are normally well under one point
// per pixel and nothing here runs; it is the guard for a chart narrower than the width its step
// was chosen for. Per pixel column the lowest and the highest point are kept (minMaxPerBucket), so
// a one-step spike still reaches its height and a gap still breaks the line; the tooltip reads the
// full series (fullPointAt), and the CSV export never sees the capped copy.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { minMaxPerBucket } from './downsample';

type Point = readonly [number, number | null];

/** At most two points per pixel column: `points` itself when it is already that short. */
export function capToPixels<P extends Point>(points: readonly P[], plotPx: number): readonly P[] {
  const px = Math.floor(plotPx);
  if (px < 1 || points.length <= 2 * px) return points;
  return minMaxPerBucket(points, px);
}

/**
 * Caps the data of the plain lines (no stack: a stacked series is added to its neighbours by data
 * index, so every series of a stack would have to keep the same points) to `plotPx`, in place.
 * Returns the full points of the lines it capped, by series id, for the tooltip.
 */
export function capLineSeries(series: Array<LineSeriesOption | BarSeriesOption>, plotPx: number): Map<string, readonly Point[]> {
  const full = new Map<string, readonly Point[]>();
  if (!(plotPx >= 1)) return full;
  for (const s of series) {
    if (s.type !== 'line' || s.stack !== undefined || typeof s.id !== 'string' || !Array.isArray(s.data)) continue;
    // The builders' lines are [time, value] pairs (ChartSeries.points, quantile-bands' lineData).
    if (s.data.length <= 2 * plotPx || !Array.isArray(s.data[0])) continue;
    const data = s.data as unknown as readonly Point[];
    full.set(s.id, data);
    s.data = capToPixels(data, plotPx) as unknown as LineSeriesOption['data'];
  }
  return full;
}

/**
 * The full series' point nearest to `timeMs` and its index (the tooltip of a capped line shows
 * the value at the pointer's step, not the capped point ECharts snapped to).
 */
export function fullPointAt(points: readonly Point[], timeMs: number): { point: Point; index: number } | null {
  if (points.length === 0) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as Point)[0] < timeMs) lo = mid + 1;
    else hi = mid;
  }
  const index = lo > 0 && timeMs - (points[lo - 1] as Point)[0] < (points[lo] as Point)[0] - timeMs ? lo - 1 : lo;
  return { point: points[index] as Point, index };
}
