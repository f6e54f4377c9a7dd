import { describe, expect, it } from 'vitest';
import { ANSWER_BUDGET, toColumnar } from './columnar';
import type { MatrixSeries } from './types';

const series = (n: number, points: number): MatrixSeries[] =>
  Array.from({ length: n }, (_v, i) => ({ metric: { i: String(i) }, values: Array.from({ length: points }, (_w, j) => [j, String(j)] as [number, string]) }));

describe('toColumnar', () => {
  it('keeps every series of an answer within the budget', () => {
    const r = toColumnar(series(3, 4));
    expect(r.result.map((s) => [...s.v])).toEqual([[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]);
    expect(r.seriesTotal).toBe(3);
  });

  it('past the budget keeps the first series in the backend order, and says how many there were', () => {
    // The security review's answer: 25,000 series × 100 points (~60 MB of JSON).
    const r = toColumnar(series(25_000, 100));
    expect(r.seriesTotal).toBe(25_000);
    expect(r.result).toHaveLength(ANSWER_BUDGET.samples / 100);
    expect(r.result[0]?.metric).toEqual({ i: '0' });
    expect(r.result.reduce((n, s) => n + s.t.length, 0)).toBeLessThanOrEqual(ANSWER_BUDGET.samples);
    // Many tiny series stop at the series bound.
    expect(toColumnar(series(30_000, 1)).result).toHaveLength(ANSWER_BUDGET.series);
  });

  it('one series larger than the sample budget is still kept (a panel never shows nothing for one line)', () => {
    const r = toColumnar(series(2, 30), { series: 10, samples: 20 });
    expect(r.result).toHaveLength(1);
    expect(r.seriesTotal).toBe(2);
  });
});
