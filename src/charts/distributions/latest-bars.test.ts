// `latest` panels: constants drawn as bars per category and group, from each series' last value.
import { describe, expect, it } from 'vitest';
import { buildLatestBarsOption, toLatestBars } from './latest-bars';
import type { ChartSeries } from '../core/types';

const s = (name: string, labels: Record<string, string>, ys: Array<number | null>): ChartSeries => ({
  id: JSON.stringify(labels),
  name,
  labels,
  points: ys.map((y, i) => [i * 1000, y]),
});

describe('toLatestBars', () => {
  const series = [
    s('a phase load', { model_name: 'a', phase: 'load' }, [21]),
    s('a phase serve', { model_name: 'a', phase: 'serve' }, [48, null]),
    s('b phase load', { model_name: 'b', phase: 'load' }, [30]),
  ];

  it('puts one bar per category value and one group per model, each at its last value', () => {
    expect(toLatestBars(series, 'phase')).toEqual({
      categories: ['load', 'serve'],
      groups: [
        { id: JSON.stringify([['model_name', 'a']]), name: 'a phase', values: [21, 48] },
        { id: JSON.stringify([['model_name', 'b']]), name: 'b phase', values: [30, null] },
      ],
    });
  });

  it('without a category, gives each series a bar under its own name', () => {
    const out = toLatestBars([s('16 blocks', { size: '16' }, [2]), s('32 blocks', { size: '32' }, [1, 3])]);
    expect(out).toEqual({ categories: ['16 blocks', '32 blocks'], groups: [{ id: 'value', name: '', values: [2, 3] }] });
  });

  it('draws horizontal bars, the first category on top, one series per group', () => {
    const option = buildLatestBarsOption({ data: toLatestBars(series, 'phase'), unit: 'seconds', theme: 'light', colors: ['#111111', '#222222'] });
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['load', 'serve'] });
    expect(option.xAxis).toMatchObject({ type: 'value' });
    const bars = Array.isArray(option.series) ? option.series : [];
    expect(bars.map((b) => [b.type, b.data])).toEqual([
      ['bar', [21, 48]],
      ['bar', [30, null]],
    ]);
  });
});
