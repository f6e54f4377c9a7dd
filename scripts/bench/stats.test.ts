import { describe, expect, it } from 'vitest';
import { mean, median, summarize } from './stats';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the two middle values of an even count, in any input order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is NaN for no values, and leaves its input as it was', () => {
    expect(median([])).toBeNaN();
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });

  it('sorts numerically, not as strings', () => {
    expect(median([10, 9, 100])).toBe(10);
  });
});

describe('mean', () => {
  it('is the arithmetic mean, NaN for no values', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });
});

describe('summarize', () => {
  const rest = { dataset: 'demo' as const, unit: 'ms', method: 'how' };

  it('gives median, min, max, spread and run count of an odd count', () => {
    expect(summarize('f', [30, 10, 20], rest)).toEqual({ figure: 'f', dataset: 'demo', unit: 'ms', method: 'how', median: 20, min: 10, max: 30, spreadPct: 100, runs: 3 });
  });

  it('takes the mean of the middle two for an even count, and the spread against that median', () => {
    const f = summarize('f', [4, 1, 3, 2], rest);
    expect(f.median).toBe(2.5);
    expect(f.spreadPct).toBe(120);
    expect(f.runs).toBe(4);
  });

  it('rounds median, min, max and spread to one decimal', () => {
    const f = summarize('f', [1.234, 1.26, 1.25], rest);
    expect([f.median, f.min, f.max]).toEqual([1.3, 1.2, 1.3]);
    // (1.26 - 1.234) / 1.25 = 2.08 %
    expect(f.spreadPct).toBe(2.1);
  });

  it('reports a spread of 0 rather than dividing by a zero median', () => {
    expect(summarize('f', [0, 0, 5], rest).spreadPct).toBe(0);
  });

  it('for no runs: NaN median, 0 spread, 0 runs (min and max are the empty Math.min/max)', () => {
    const f = summarize('f', [], rest);
    expect(f.median).toBeNaN();
    expect(f.spreadPct).toBe(0);
    expect(f.runs).toBe(0);
    expect(f.min).toBe(Infinity);
    expect(f.max).toBe(-Infinity);
  });

  it('carries the extra fields, and the statistics win over an extra of the same name', () => {
    const f = summarize('f', [5], { ...rest, panels: 12, runs: 99 });
    expect(f.panels).toBe(12);
    expect(f.runs).toBe(1);
    expect(f.median).toBe(5);
  });
});
