// The latest step every series has reached: the right edge of charts, legends' "Last" and summed
// stat tiles must not present a step that only some series have reached yet.
import type { ChartSeries } from '../core/types';

type Points = ReadonlyArray<readonly [number, number | null]>;

/**
 * How far (in steps) a series may lag the newest step and still count as "not there yet" rather
 * than "ended". One step: scraping lag is at most one scrape interval, and the step is never
 * shorter than the scrape interval. A series whose last sample is older has ended (a model
 * unloaded, an instance gone) and must not hold the others back.
 */
export const MAX_LAG_STEPS = 1;

function lastIndex(points: Points): number {
  for (let i = points.length - 1; i >= 0; i -= 1) {
    const v = points[i]?.[1];
    if (v !== null && v !== undefined && Number.isFinite(v)) return i;
  }
  return -1;
}

/**
 * The index of the last step that every live series has reached, or -1 when no series has data.
 * "Live" means its last sample is at most `maxLagSteps` behind the newest sample of any series.
 *
 * @example
 * // b has no sample at the newest step (index 2) yet: the complete step is 1.
 * completeStepIndex([[[0, 1], [1, 2], [2, 3]], [[0, 5], [1, 6], [2, null]]]) // 1
 * // c ended long ago: it does not hold a and b back.
 * completeStepIndex([[[0, 1], [1, 1], [2, 1], [3, 1]], [[0, 1], [1, null], [2, null], [3, null]]]) // 3
 */
export function completeStepIndex(series: readonly Points[], maxLagSteps = MAX_LAG_STEPS): number {
  const lasts = series.map(lastIndex).filter((i) => i >= 0);
  if (lasts.length === 0) return -1;
  const newest = Math.max(...lasts);
  return Math.min(...lasts.filter((i) => i >= newest - maxLagSteps));
}

/**
 * The series with every step after the complete step set to `null` (a gap at the right edge, so
 * the x axis still spans the range). Series that need no change are returned as they are, and the
 * input array itself when nothing is trimmed, so memoised consumers do not re-render.
 *
 * @example
 * // a = 1, 2, 3 and b = 5, 6, null: a becomes 1, 2, null; b is returned as it is.
 * trimIncompleteSteps([a, b]) // [a′, b]
 */
export function trimIncompleteSteps<S extends ChartSeries>(series: readonly S[], maxLagSteps = MAX_LAG_STEPS): readonly S[] {
  const cut = completeStepIndex(
    series.map((s) => s.points),
    maxLagSteps,
  );
  if (cut < 0) return series;
  let changed = false;
  const out = series.map((s) => {
    if (lastIndex(s.points) <= cut) return s;
    changed = true;
    // Only the tail is new: the points up to the cut are shared (they are never mutated).
    const points = s.points.slice();
    for (let i = cut + 1; i < points.length; i += 1) points[i] = [(points[i] as [number, number | null])[0], null];
    return { ...s, points };
  });
  return changed ? out : series;
}
