import { describe, expect, it } from 'vitest';
import { minMaxPerBucket } from './downsample';

const series = (values: Array<number | null>): Array<[number, number | null]> => values.map((v, i) => [i * 15_000, v]);

describe('minMaxPerBucket', () => {
  it('returns a short series unchanged', () => {
    const s = series([1, 2, 3, 4]);
    expect(minMaxPerBucket(s, 2)).toBe(s);
  });

  it('keeps the lowest and highest point of each bucket, in time order', () => {
    // 8 points, 2 buckets of 4: [3, 9, 1, 4] and [5, 0, 7, 2].
    const out = minMaxPerBucket(series([3, 9, 1, 4, 5, 0, 7, 2]), 2);
    expect(out.map(([, v]) => v)).toEqual([9, 1, 0, 7]);
    expect(out.map(([t]) => t)).toEqual([15_000, 30_000, 75_000, 90_000]);
  });

  it('keeps a one-point spike that averaging would flatten', () => {
    const values = Array.from({ length: 241 }, (_v, i) => (i === 120 ? 1000 : 1));
    const out = minMaxPerBucket(series(values), 60);
    expect(out.length).toBeLessThanOrEqual(120);
    expect(Math.max(...out.map(([, v]) => v ?? 0))).toBe(1000);
  });

  it('keeps gaps as gaps (a run of nulls as one null)', () => {
    const values = [1, 2, 3, null, null, 4, 5, 6, 7, 8, 9, 10];
    const out = minMaxPerBucket(series(values), 2);
    expect(out.filter(([, v]) => v === null)).toHaveLength(1);
    const firstGap = out.findIndex(([, v]) => v === null);
    // Points before the gap are earlier than it, points after later.
    expect(out.slice(0, firstGap).every(([t]) => t < 45_000)).toBe(true);
    expect(out.slice(firstGap + 1).every(([t]) => t > 60_000)).toBe(true);
    expect(Math.min(...out.flatMap(([, v]) => (v === null ? [] : [v])))).toBe(1);
    expect(Math.max(...out.flatMap(([, v]) => (v === null ? [] : [v])))).toBe(10);
  });
});
