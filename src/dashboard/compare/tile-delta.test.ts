import { describe, expect, it } from 'vitest';
import { badDirection, deltaTone, formatPoints, meanOfPoints, tileDelta } from './tile-delta';

describe('tile deltas, range against range', () => {
  it('compares the means of the two windows, not their last points', () => {
    const now = meanOfPoints([[1, 2], [2, null], [3, 4]]);
    const before = meanOfPoints([[1, 1], [2, 5], [3, 0]]);
    // The last points (4 vs 0) would read "no figure"; the means read +50 %.
    expect(tileDelta('reqps', now, before)).toEqual({ kind: 'relative', value: 0.5 });
  });
  it('gives ratios in percentage points, counts nothing, a missing earlier window "no data"', () => {
    expect(tileDelta('ratio', 0.387, 0.291)).toEqual({ kind: 'points', value: expect.closeTo(0.096, 9) as unknown as number });
    expect(formatPoints(0.096, 'en')).toBe('+9.6 pp');
    expect(tileDelta('count', 3, 2)).toBeNull();
    expect(tileDelta('seconds', 0.2, null)).toEqual({ kind: 'no-data' });
    expect(meanOfPoints([[1, null]])).toBeNull();
  });
  it('is red the bad way and green the other, from the thresholds', () => {
    const latency = [{ value: 0, color: 'green' as const }, { value: 1, color: 'amber' as const }, { value: 2, color: 'red' as const }];
    const hits = [{ value: 0, color: 'red' as const }, { value: 0.5, color: 'green' as const }];
    expect(badDirection(latency)).toBe('higher');
    expect(badDirection(hits)).toBe('lower');
    expect(badDirection(undefined)).toBeNull();
    expect(deltaTone({ kind: 'relative', value: 0.2 }, 'higher')).toBe('bad');
    expect(deltaTone({ kind: 'points', value: 0.05 }, 'lower')).toBe('good');
    expect(deltaTone({ kind: 'relative', value: 0.2 }, null)).toBeNull();
  });
});
