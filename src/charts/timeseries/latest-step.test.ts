import { describe, expect, it } from 'vitest';
import { completeStepIndex, trimIncompleteSteps } from './latest-step';
import { seriesStats, sumSeries } from './matrix';
import type { ChartSeries } from '../core/types';

const mk = (id: string, values: Array<number | null>): ChartSeries => ({
  id,
  name: id,
  labels: { model_name: id },
  points: values.map((v, i): [number, number | null] => [i * 15_000, v]),
});

describe('latest complete step', () => {
  // At the newest step only one model has a sample; a tile summing the
  // newest step read 0.635 while the legend's last values were 0.635 and 0.825.
  const a = mk('a', [0.6, 0.62, 0.63, 0.635]);
  const b = mk('b', [0.8, 0.81, 0.825, null]);

  it('is the last step every series has reached', () => {
    expect(completeStepIndex([a.points, b.points])).toBe(2);
    expect(completeStepIndex([a.points])).toBe(3);
    expect(completeStepIndex([])).toBe(-1);
    expect(completeStepIndex([mk('x', [null, null]).points])).toBe(-1);
  });

  it('trims the newest step when not every series has it, so last values and sums agree', () => {
    const trimmed = trimIncompleteSteps([a, b]);
    expect(trimmed.map((s) => seriesStats(s.points).last)).toEqual([0.63, 0.825]);
    const total = sumSeries(trimmed.map((s) => s.points));
    const lastTotal = [...total].reverse().find(([, v]) => v !== null)?.[1];
    expect(lastTotal).toBeCloseTo(0.63 + 0.825, 10);
    // The x grid is kept: the right edge is a gap, not a shorter axis.
    expect(trimmed[0]?.points).toHaveLength(4);
    expect(trimmed[0]?.points[3]).toEqual([45_000, null]);
  });

  it('does not let a series that ended long ago hold the others back', () => {
    const ended = mk('c', [1, 1, null, null]);
    expect(trimIncompleteSteps([a, ended])).toEqual([a, ended]);
    // …but a lagging series still trims, whatever ended before.
    expect(completeStepIndex([a.points, b.points, ended.points])).toBe(2);
  });

  it('treats NaN-turned gaps inside the range as gaps, not as the edge', () => {
    const gappy = mk('g', [1, null, 2, 3]);
    expect(trimIncompleteSteps([a, gappy])).toEqual([a, gappy]);
  });

  it('returns the same array when nothing is trimmed (memoised consumers stay put)', () => {
    const full = [a, mk('d', [1, 2, 3, 4])];
    expect(trimIncompleteSteps(full)).toBe(full);
    const t = trimIncompleteSteps([a, b]);
    expect(t[1]).toBe(b);
  });
});
