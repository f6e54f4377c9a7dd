import { col } from '../../../test-support/matrix';
import { describe, expect, it } from 'vitest';
import { matrixToHeatmap, seriesToDistribution, toDistribution } from './distribution-data';
import type { MatrixSample } from '../timeseries/matrix';

const grid = { start: 0, end: 30, step: 15 };
const s = (le: string, ...vals: Array<string | null>): MatrixSample =>
  col({ le }, vals.flatMap((v, i): Array<[number, string]> => (v === null ? [] : [[i * 15, v]])));

describe('matrixToHeatmap', () => {
  it('de-cumulates each step between neighbouring bounds', () => {
    const h = matrixToHeatmap([s('0.3', '1', '2', '0'), s('0.5', '3', '2', '1'), s('+Inf', '4', '2', '1')], grid);
    expect(h.buckets).toEqual([
      { low: 0, high: 0.3 },
      { low: 0.3, high: 0.5 },
      { low: 0.5, high: Infinity },
    ]);
    expect(h.times).toEqual([0, 15000, 30000]);
    expect(h.cells).toEqual([
      [0, 0, 1], [0, 1, 2], [0, 2, 1],
      [1, 0, 2], [1, 1, 0], [1, 2, 0],
      [2, 0, 0], [2, 1, 1], [2, 2, 0],
    ]);
    expect(h.totals).toEqual([4, 2, 1]);
    expect(h.max).toBe(2);
  });

  it('orders bounds numerically and adds up "1.0" and "1" (a Prometheus 3 upgrade)', () => {
    const h = matrixToHeatmap([s('10', '5'), s('1.0', '1'), s('1', '1'), s('2', '3'), s('+Inf', '6')], { start: 0, end: 0, step: 15 });
    expect(h.buckets.map((b) => b.high)).toEqual([1, 2, 10, Infinity]);
    expect(h.cells).toEqual([[0, 0, 2], [0, 1, 1], [0, 2, 2], [0, 3, 1]]);
  });

  it('leaves out a bucket below a lower one (a bound not on every server) and counts it', () => {
    const h = matrixToHeatmap([s('1', '5'), s('2', '3'), s('+Inf', '6')], { start: 0, end: 0, step: 15 });
    expect(h.cells).toEqual([[0, 0, 5], [0, 2, 1]]);
    expect(h.partial).toBe(1);
  });

  it('leaves a gap for a bucket missing at one step and moves its count up', () => {
    const h = matrixToHeatmap([s('1', '1', '1'), s('2', null, '2'), s('+Inf', '4', '4')], { start: 0, end: 15, step: 15 });
    expect(h.cells.filter(([t]) => t === 0)).toEqual([[0, 0, 1], [0, 2, 3]]);
    expect(h.merged).toBe(1);
  });

  it('turns NaN and Inf samples into gaps, never NaN cells', () => {
    const h = matrixToHeatmap([s('1', 'NaN', '1'), s('+Inf', '+Inf', '2')], { start: 0, end: 15, step: 15 });
    expect(h.cells.every(([, , v]) => Number.isFinite(v))).toBe(true);
    expect(h.totals).toEqual([null, 2]);
  });

  it('trims rows empty over the whole range but keeps inner empty rows', () => {
    const h = matrixToHeatmap([s('1', '0'), s('2', '3'), s('4', '3'), s('8', '5'), s('16', '5'), s('+Inf', '5')], { start: 0, end: 0, step: 15 });
    expect(h.buckets.map((b) => [b.low, b.high])).toEqual([[1, 2], [2, 4], [4, 8]]);
    expect(h.cells).toEqual([[0, 0, 3], [0, 1, 0], [0, 2, 2]]);
  });

  it('draws a single bucket plus +Inf, and 40+ buckets', () => {
    expect(matrixToHeatmap([s('0.5', '1'), s('+Inf', '3')], { start: 0, end: 0, step: 15 }).buckets).toHaveLength(2);
    const many = Array.from({ length: 45 }, (_v, i) => s(String(i + 1), String(i + 1)));
    const h = matrixToHeatmap([...many, s('+Inf', '45')], { start: 0, end: 0, step: 15 });
    expect(h.buckets).toHaveLength(45);
    expect(h.cells.every(([, , v]) => v === 1)).toBe(true);
  });

  it('ignores series without a numeric le, and answers an empty matrix with nothing', () => {
    const h = matrixToHeatmap([s('abc', '1'), col({}, [[0, '1']]), s('1', '1'), s('+Inf', '1')], { start: 0, end: 0, step: 15 });
    expect(h.ignored).toBe(2);
    expect(h.buckets.map((b) => b.high)).toEqual([1]);
    const empty = matrixToHeatmap([], grid);
    expect(empty.buckets).toEqual([]);
    expect(empty.cells).toEqual([]);
  });
});

describe('toDistribution', () => {
  it('gives each bucket its count and share of requests', () => {
    const d = toDistribution([{ le: '128', value: 6 }, { le: '1024.0', value: 9 }, { le: '+Inf', value: 10 }]);
    expect(d.total).toBe(10);
    expect(d.bars.map((b) => [b.high, b.count, b.share])).toEqual([
      [128, 6, 0.6],
      [1024, 3, 0.3],
      [Infinity, 1, 0.1],
    ]);
  });

  it('drops empty buckets above the highest with data', () => {
    const d = toDistribution([{ le: '1', value: 2 }, { le: '5', value: 4 }, { le: '10', value: 4 }, { le: '+Inf', value: 4 }]);
    expect(d.bars.map((b) => b.high)).toEqual([1, 5]);
  });

  it('drops empty buckets below the lowest with data, keeping its lower edge', () => {
    const d = toDistribution([{ le: '1', value: 0 }, { le: '8', value: 0 }, { le: '16', value: 3 }, { le: '32', value: 3 }, { le: '64', value: 5 }, { le: '+Inf', value: 5 }]);
    expect(d.bars.map((b) => [b.low, b.high, b.count])).toEqual([
      [8, 16, 3],
      [16, 32, 0],
      [32, 64, 2],
    ]);
    // Nothing observed: the first bucket alone stays.
    expect(toDistribution([{ le: '1', value: 0 }, { le: '8', value: 0 }, { le: '+Inf', value: 0 }]).bars.map((b) => b.high)).toEqual([1]);
  });

  it('notes a bound not on every server only where it moved requests', () => {
    // Two servers stop at 20000, two go on to 100000: the sums at 50000 and 100000 hold half.
    const top = [{ le: '10000', value: 90 }, { le: '20000', value: 100 }, { le: '50000', value: 50 }, { le: '100000', value: 50 }, { le: '+Inf', value: 100 }];
    const d = toDistribution(top);
    expect(d.bars.map((b) => b.high)).toEqual([10000, 20000]);
    expect(d.partial).toBe(0);
    const inside = toDistribution([{ le: '10000', value: 80 }, { le: '20000', value: 40 }, { le: '50000', value: 100 }, { le: '+Inf', value: 100 }]);
    expect(inside.bars.map((b) => [b.high, b.count])).toEqual([[10000, 80], [20000, null], [50000, 20]]);
    expect(inside.partial).toBe(1);
  });

  it('has no shares when nothing was observed', () => {
    const d = toDistribution([{ le: '1', value: 0 }, { le: '+Inf', value: 0 }]);
    expect(d.bars.every((b) => b.share === null)).toBe(true);
  });

  it('takes the last step each bucket series has a value at', () => {
    const at = (le: string, ...v: Array<number | null>) => ({ id: le, name: le, labels: { le }, points: v.map((y, i) => [i, y] as [number, number | null]) });
    const d = seriesToDistribution([at('1', 1, 2, null), at('+Inf', 1, 4, null)]);
    expect(d.bars.map((b) => b.count)).toEqual([2, 2]);
  });
});
