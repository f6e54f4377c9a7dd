// Step from width, range alignment, Grafana's rate window and PromQL durations.
import { describe, expect, it } from 'vitest';
import {
  alignRange,
  computeStep,
  formatPromDuration,
  MAX_POINTS,
  NICE_STEPS_SEC,
  parsePromDuration,
  rateInterval,
} from './step';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('computeStep', () => {
  it('600 px over 1 h → 15 s (240 points, one per 2.5 px)', () => {
    expect(computeStep({ startMs: 0, endMs: HOUR_MS, widthPx: 600 })).toBe(15);
  });

  it('7 d over 1400 px → 15 m', () => {
    const step = computeStep({ startMs: 0, endMs: 7 * DAY_MS, widthPx: 1400 });
    expect(step).toBe(900);
    expect((7 * 86_400) / step).toBeLessThanOrEqual(1400 / 2);
  });

  it('always returns a nice step', () => {
    for (const widthPx of [90, 333, 1000, 1920, 3840]) {
      for (const rangeMs of [5 * 60_000, HOUR_MS, 6 * HOUR_MS, DAY_MS, 30 * DAY_MS]) {
        const step = computeStep({ startMs: 0, endMs: rangeMs, widthPx });
        expect(NICE_STEPS_SEC).toContain(step);
      }
    }
  });

  it('never exceeds 11,000 points, even on a very wide panel', () => {
    for (const rangeMs of [HOUR_MS, DAY_MS, 7 * DAY_MS, 400 * DAY_MS]) {
      const step = computeStep({ startMs: 0, endMs: rangeMs, widthPx: 1_000_000 });
      expect(rangeMs / 1000 / step + 1).toBeLessThanOrEqual(MAX_POINTS);
    }
    expect(computeStep({ startMs: 0, endMs: DAY_MS, widthPx: 1_000_000, maxPoints: 100 })).toBe(15 * 60);
  });

  it('never goes below the scrape interval', () => {
    expect(computeStep({ startMs: 0, endMs: 5 * 60_000, widthPx: 1400, minStepSec: 15 })).toBe(15);
    expect(computeStep({ startMs: 0, endMs: 5 * 60_000, widthPx: 1400, minStepSec: 7 })).toBe(10);
    expect(computeStep({ startMs: 0, endMs: 5 * 60_000, widthPx: 1400 })).toBe(1);
  });

  it('survives degenerate input', () => {
    expect(computeStep({ startMs: 0, endMs: 0, widthPx: 600 })).toBe(1);
    expect(computeStep({ startMs: 0, endMs: HOUR_MS, widthPx: 0 })).toBeGreaterThan(0);
    expect(computeStep({ startMs: 0, endMs: HOUR_MS, widthPx: Number.NaN })).toBeGreaterThan(0);
  });

  it('beyond a week, whole days', () => {
    expect(computeStep({ startMs: 0, endMs: 10 * 365 * DAY_MS, widthPx: 100 }) % 86_400).toBe(0);
  });
});

describe('alignRange', () => {
  it.each([
    [1003, 1999, 15, 990, 1995],
    [1800, 3600, 60, 1800, 3600],
    [1_700_000_123, 1_700_003_723, 30, 1_700_000_100, 1_700_003_700],
  ])('(%i, %i, step %i) → [%i, %i]', (start, end, step, s, e) => {
    expect(alignRange(start, end, step)).toEqual({ start: s, end: e });
  });

  it('leaves the range alone for a zero step', () => {
    expect(alignRange(5, 7, 0)).toEqual({ start: 5, end: 7 });
  });
});

describe('rateInterval', () => {
  it.each([
    [15, 15, 60],
    [120, 15, 135],
    [1, 1, 4],
    [60, 30, 120],
    [300, 30, 330],
  ])('step %i, scrape %i → %i s', (stepSec, scrapeIntervalSec, expected) => {
    expect(rateInterval({ stepSec, scrapeIntervalSec })).toBe(expected);
  });
});

describe('PromQL durations', () => {
  it.each([
    [0, '0s'],
    [1, '1s'],
    [15, '15s'],
    [60, '1m'],
    [90, '1m30s'],
    [135, '2m15s'],
    [3600, '1h'],
    [5400, '1h30m'],
    [86_400, '1d'],
    [7 * 86_400, '7d'],
    [90_061, '1d1h1m1s'],
    [0.25, '250ms'],
    [1.5, '1s500ms'],
  ])('formatPromDuration(%d) = %s, and it parses back', (sec, text) => {
    expect(formatPromDuration(sec)).toBe(text);
    expect(parsePromDuration(text)).toBe(sec);
  });

  it.each([
    ['1y', 365 * 86_400],
    ['2w', 14 * 86_400],
    ['1h30m', 5400],
    ['100ms', 0.1],
    [' 5m ', 300],
  ])('parsePromDuration(%s) = %d', (text, sec) => {
    expect(parsePromDuration(text)).toBe(sec);
  });

  it.each(['', '5', '1.5s', '1h 30m', '30m1h', '-5s', '1x', 'ms'])('rejects %j', (text) => {
    expect(parsePromDuration(text)).toBeNull();
  });

  it('refuses to format a negative or non-finite duration', () => {
    expect(() => formatPromDuration(-1)).toThrow(RangeError);
    expect(() => formatPromDuration(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
