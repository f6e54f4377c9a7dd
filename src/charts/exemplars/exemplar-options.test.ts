import { describe, expect, it } from 'vitest';
import { buildHeatmapOption } from '../distributions/distribution-options';
import type { HeatmapData } from '../distributions/distribution-data';
import { EXEMPLAR_SERIES_ID, exemplarTooltipHtml, heatmapCellOf, heatmapHit, withHeatmapExemplars } from './exemplar-options';

const T = 1_796_181_000_000;
const data: HeatmapData = {
  buckets: [{ low: 0, high: 0.1 }, { low: 0.1, high: 0.5 }, { low: 0.5, high: Infinity }],
  times: [T, T + 10_000, T + 20_000],
  cells: [[0, 0, 1], [1, 1, 2], [2, 2, 3]],
  totals: [1, 2, 3],
  max: 3,
  partial: 0,
  merged: 0,
  ignored: 0,
};
const labels = { exemplar: 'Exemplar', value: 'Value', time: 'Time', traceId: 'Trace id', clickHint: 'Click' };

describe('heatmapCellOf', () => {
  it('the first point at or after the time, the bucket low < v <= high', () => {
    expect(heatmapCellOf(data, T + 5_000, 0.3)).toEqual([1, 1]);
    expect(heatmapCellOf(data, T + 10_000, 0.1)).toEqual([1, 0]);
    expect(heatmapCellOf(data, T - 1_000, 0)).toEqual([0, 0]);
    expect(heatmapCellOf(data, T + 19_000, 99)).toEqual([2, 2]);
  });

  it('outside the grid: none', () => {
    expect(heatmapCellOf(data, T + 21_000, 0.3)).toBeNull();
    expect(heatmapCellOf(data, T - 60_000, 0.3)).toBeNull();
  });
});

describe('withHeatmapExemplars', () => {
  const base = buildHeatmapOption({ data, unit: 'seconds', theme: 'light', labels: { rate: 'Rate', share: 'Share', count: 'Requests' } });

  it('adds one dot per exemplar in the grid, keeps the colour scale to the heatmap', () => {
    const { option, shown } = withHeatmapExemplars(base, data, [{ time: T + 5_000, value: 0.3, traceId: 'a' }, { time: T + 99_000, value: 0.3, traceId: 'b' }], { unit: 'seconds', theme: 'light', labels });
    expect(shown.map((s) => s.traceId)).toEqual(['a']);
    const series = option.series as { id?: string; data?: unknown }[];
    expect(series.find((s) => s.id === EXEMPLAR_SERIES_ID)?.data).toEqual([[1, 1]]);
    expect((option.visualMap as { seriesIndex?: number[] }).seriesIndex).toEqual([0]);
  });

  it('no exemplars: the option unchanged', () => {
    expect(withHeatmapExemplars(base, data, [], { unit: 'seconds', theme: 'light', labels }).option).toBe(base);
  });

  it('tooltip: value, time and the trace id as escaped text, classes only', () => {
    const html = exemplarTooltipHtml({ time: T, value: 0.3, traceId: '<img src=x onerror=alert(1)>' }, 'seconds', labels, 'en-US');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('style=');
  });

  it('a click names the exemplar or the cell', () => {
    expect(heatmapHit({ seriesId: EXEMPLAR_SERIES_ID, dataIndex: 2 })).toEqual({ exemplar: 2 });
    expect(heatmapHit({ seriesId: 'buckets', value: [4, 1, 0.2, 0.04] })).toEqual({ cell: [4, 1] });
    expect(heatmapHit(null)).toBeNull();
  });
});
