// A panel's value recomputed with nothing new in it (a quiet probe or a status that moved, the same
// answers) must keep its identity: a new series list rebuilds the chart option and costs the chart
// a setOption and a redraw of the same lines (one extra per minute on the demo's charts).
import type { ChartSeries } from '../../charts';
import type { QueryWindow } from './context';

export interface SeriesValue {
  series: readonly ChartSeries[];
  truncated: number;
  warnings: readonly string[];
  window: QueryWindow;
}

const sameList = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** Same window, same series objects in the same order, same notes. */
export function sameChartValue<V extends SeriesValue>(a: V | null, b: V | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return (
    a.window.startSec === b.window.startSec &&
    a.window.endSec === b.window.endSec &&
    a.window.stepSec === b.window.stepSec &&
    a.truncated === b.truncated &&
    sameList(a.warnings, b.warnings) &&
    sameList(a.series, b.series)
  );
}
