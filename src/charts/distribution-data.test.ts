import { describe, expect, it } from 'vitest';
import { matrixToDistribution, matrixToHeatmap, toDistribution } from './distribution-data';
import type { MatrixSample } from './matrix';

const grid = { start: 0, end: 30, step: 15 };
const s = (le: string, ...vals: Array<string | null>): MatrixSample => ({
  metric: { le },
  values: vals.flatMap((v, i): Array<[number, string]> => (v === null ? [] : [[i * 15, v]])),
});

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

  it('clamps a bucket that went down (restart) and counts it', () => {
    const h = matrixToHeatmap([s('1', '5'), s('2', '3'), s('+Inf', '6')], { start: 0, end: 0, step: 15 });
    expect(h.cells).toEqual([[0, 0, 5], [0, 1, 0], [0, 2, 1]]);
    expect(h.clamped).toBe(1);
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
    const h = matrixToHeatmap([s('abc', '1'), { metric: {}, values: [[0, '1']] }, s('1', '1'), s('+Inf', '1')], { start: 0, end: 0, step: 15 });
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

  it('has no shares when nothing was observed', () => {
    const d = toDistribution([{ le: '1', value: 0 }, { le: '+Inf', value: 0 }]);
    expect(d.bars.every((b) => b.share === null)).toBe(true);
  });

  it('takes the last step of a matrix', () => {
    const d = matrixToDistribution([s('1', '1', '2'), s('+Inf', '1', '4')]);
    expect(d.bars.map((b) => b.count)).toEqual([2, 2]);
  });
});
