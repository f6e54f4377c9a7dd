import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../../charts';
import { bucketFloor, bucketOf, exemplarSearch, nearestLinePoint, peakPoints, pointSearch, quantileOfQuery } from './line-search';

// vLLM's TTFT bounds (a slice) with +Inf, as the backend's `le` values parse.
const BOUNDS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, Infinity];
const T = 1_796_181_000_000;
const line = (id: string, values: Array<number | null>, extra: Partial<ChartSeries> = {}): ChartSeries => ({
  id,
  name: id,
  labels: {},
  points: values.map((v, i) => [T + i * 15_000, v]),
  ...extra,
});

describe('quantileOfQuery', () => {
  it('reads p50/p95/p99/p999 and q0.75', () => {
    expect(quantileOfQuery('p50')).toBe(0.5);
    expect(quantileOfQuery('p95')).toBe(0.95);
    expect(quantileOfQuery('p999')).toBe(0.999);
    expect(quantileOfQuery('q0.75')).toBe(0.75);
    expect(quantileOfQuery('rate')).toBeNull();
  });
});

describe('bucketFloor', () => {
  it('the largest bound below the value; 0 in the first bucket; the value on a bound is in the bucket below it', () => {
    expect(bucketFloor(0.31, BOUNDS)).toBe(0.25);
    expect(bucketFloor(0.25, BOUNDS)).toBe(0.1);
    expect(bucketFloor(0.0005, BOUNDS)).toBe(0);
  });
  it('the highest finite bound for a rank in +Inf (histogram_quantile answers that bound)', () => {
    expect(bucketFloor(5, BOUNDS)).toBe(5);
    expect(bucketFloor(5, [1, 5])).toBe(1);
  });
});

describe('bucketOf', () => {
  it('low < v <= high, +Inf above the last bound', () => {
    expect(bucketOf(0.3, BOUNDS)).toEqual({ min: 0.25, max: 0.5 });
    expect(bucketOf(0.5, BOUNDS)).toEqual({ min: 0.25, max: 0.5 });
    expect(bucketOf(9, BOUNDS)).toEqual({ min: 5, max: Infinity });
  });
});

describe('nearestLinePoint', () => {
  const p50 = line('p50{model_name="m"}', [0.1, 0.12, null]);
  const p95 = line('p95{model_name="m"}', [0.4, 0.9, 0.5]);
  it('the step nearest in time, then the line nearest in value', () => {
    expect(nearestLinePoint([p50, p95], T + 16_000, 0.7)).toMatchObject({ seriesId: p95.id, quantile: 0.95, index: 1, value: 0.9, time: T + 15_000 });
    expect(nearestLinePoint([p50, p95], T + 14_000, 0.2)).toMatchObject({ seriesId: p50.id, quantile: 0.5, value: 0.12 });
  });
  it('skips gaps, hidden lines and earlier-window copies', () => {
    expect(nearestLinePoint([p50, p95], T + 30_000, 0.1)?.seriesId).toBe(p95.id);
    expect(nearestLinePoint([p50, p95], T + 15_000, 0.9, new Set([p95.id]))?.seriesId).toBe(p50.id);
    expect(nearestLinePoint([line('p95 (1h ago)', [5, 5, 5], { shiftOf: p95.id })], T, 5)).toBeNull();
  });
});

describe('pointSearch', () => {
  it('a p95 of 312 ms: the step ending at the point, requests slower than 250 ms', () => {
    expect(pointSearch({ time: T, value: 0.312 }, 15_000, BOUNDS)).toEqual({ start: (T - 15_000) / 1000, end: T / 1000, min: 0.25, max: Infinity });
  });
});

describe('exemplarSearch', () => {
  const times = [T, T + 15_000, T + 30_000];
  it('the first point at or after the exemplar, and its bucket', () => {
    expect(exemplarSearch({ time: T + 10_000, value: 0.3 }, times, 15_000, BOUNDS)).toEqual({ start: T / 1000, end: (T + 15_000) / 1000, min: 0.25, max: 0.5 });
  });
  it('null past the last point', () => {
    expect(exemplarSearch({ time: T + 31_000, value: 0.3 }, times, 15_000, BOUNDS)).toBeNull();
  });
});

describe('peakPoints', () => {
  it('the highest points of each line, highest first', () => {
    const got = peakPoints([line('p50', [0.1, 0.3, 0.2]), line('p95', [1, 2, null])], 2);
    expect(got.map((p) => [p.seriesId, p.value])).toEqual([['p50', 0.3], ['p50', 0.2], ['p95', 2], ['p95', 1]]);
  });
});
