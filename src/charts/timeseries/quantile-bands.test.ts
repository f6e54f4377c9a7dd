import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import { buildTimeSeriesOption } from './options';
import { bandData, legendValueText, lineData, meanText, precisionLabel, seriesPrecision } from './quantile-bands';
import type { ChartSeries } from '../core/types';

// vLLM queue-time buckets (seconds).
const BOUNDS = [0.3, 0.5, 0.8, 1, 1.5, 2, 2.5, 5, 10, 15, 20, 30, 40, 50, 60, 120, 240, 480, 960, 1920, 7680, Infinity];
const text = {
  first: (b: string) => `< ${b}, first bucket`,
  overflow: (b: string) => `≥ ${b}, above the highest bucket`,
  wide: (l: string, h: string) => `${l} – ${h}, one bucket`,
};
// A demo-like p50: the midpoint of the first bucket, then one precise point, a gap, an overflow.
const p50: ChartSeries = { id: 'p50{model_name="m"}', name: 'm p50', labels: {}, points: [[0, 0.15], [15_000, 0.6], [30_000, null], [45_000, 7680]] };

describe('seriesPrecision', () => {
  it('classifies each point and remembers the last one', () => {
    const p = seriesPrecision(p50, BOUNDS);
    expect(p.points.map((x) => x?.kind ?? null)).toEqual(['first', null, null, 'overflow']);
    expect(p.last).toEqual({ kind: 'overflow', low: 7680 });
    expect(precisionLabel({ kind: 'first', low: 0, high: 0.3 }, 'seconds', text, 'en-US')).toBe('< 300 ms, first bucket');
  });

  it('bands: the bucket edges where coarse, nothing for precise points, gaps and overflow', () => {
    const band = bandData(p50, seriesPrecision(p50, BOUNDS));
    expect(band.lower).toEqual([[0, 0], [15_000, null], [30_000, null], [45_000, null]]);
    expect(band.height).toEqual([[0, 0.3], [15_000, null], [30_000, null], [45_000, null]]);
    expect(band.any).toBe(true);
  });
});

describe('buildTimeSeriesOption with precision', () => {
  const precision = new Map([[p50.id, seriesPrecision(p50, BOUNDS)]]);
  const o = buildTimeSeriesOption({
    series: [p50],
    unit: 'seconds',
    theme: 'light',
    kind: 'line',
    startMs: 0,
    endMs: 45_000,
    locale: 'en-US',
    precision,
    precisionText: text,
  });
  const series = (o.series ?? []) as LineSeriesOption[];

  it('adds a shaded band (two stacked lines) and a dotted floor above the highest bound', () => {
    expect(series.map((s) => s.id)).toEqual([p50.id, 'band:lo:first-bucket', 'band:hi:first-bucket', `band:floor:${p50.id}`]);
    expect(series[2]?.areaStyle).toBeDefined();
    expect(series[1]?.stack).toBe(series[2]?.stack);
    expect(series[3]?.data).toEqual([[0, null], [15_000, null], [30_000, null], [45_000, 7680]]);
    expect(series[3]?.lineStyle?.type).toBe('dotted');
  });

  it('the line leaves out the points that are only bounds: the band stands alone there', () => {
    expect(series[0]?.data).toEqual([[0, null], [15_000, 0.6], [30_000, null], [45_000, null]]);
    expect(lineData(p50, undefined)).toBe(p50.points);
  });

  it('a light fill with an outline, so overlapping bands stay readable', () => {
    expect(series[2]?.areaStyle?.opacity).toBeLessThanOrEqual(0.08);
    expect(series[2]?.lineStyle?.width).toBe(1);
    expect(series[2]?.lineStyle?.opacity).toBeGreaterThan(0);
  });

  it('tooltip: the bound instead of the midpoint, bands not listed', () => {
    const tip = (Array.isArray(o.tooltip) ? o.tooltip[0] : o.tooltip) as { formatter: (p: unknown) => string };
    const html = tip.formatter([
      { seriesId: p50.id, seriesName: 'm p50', dataIndex: 0, value: [0, 0.15], color: '#2563eb' },
      { seriesId: `band:hi:${p50.id}`, seriesName: 'x', dataIndex: 0, value: [0, 0.3], color: '#2563eb' },
    ]);
    expect(html).toContain('&lt; 300 ms, first bucket');
    expect(html).not.toContain('150 ms');
    expect(html.match(/m p50/g)).toHaveLength(1);
    const precise = tip.formatter([{ seriesId: p50.id, seriesName: 'm p50', dataIndex: 1, value: [15_000, 0.6], color: '#2563eb' }]);
    expect(precise).toContain('600 ms');
    // The point left out of the line still gives its bound.
    expect(tip.formatter([{ seriesId: p50.id, seriesName: 'm p50', dataIndex: 3, value: [45_000, null], color: '#2563eb' }])).toContain('≥ 2h 8m, above the highest bucket');
  });

  it('lines in the first bucket at different steps share one neutral band (no patchwork of colours)', () => {
    const p95: ChartSeries = { ...p50, id: 'p95{model_name="m"}', name: 'm p95', points: [[0, 0.6], [15_000, 0.2], [30_000, null], [45_000, 0.6]] };
    const both = new Map([...precision, [p95.id, seriesPrecision(p95, BOUNDS)]]);
    const o2 = buildTimeSeriesOption({ series: [p50, p95], unit: 'seconds', theme: 'light', kind: 'line', startMs: 0, endMs: 45_000, precision: both });
    const bands = ((o2.series ?? []) as LineSeriesOption[]).filter((s) => String(s.id).startsWith('band:'));
    expect(bands.map((s) => s.id)).toEqual(['band:lo:first-bucket', 'band:hi:first-bucket', `band:floor:${p50.id}`]);
    expect(bands[1]?.data).toEqual([[0, 0.3], [15_000, 0.3], [30_000, null], [45_000, null]]);
  });

  it('lines in the same buckets share one neutral band', () => {
    const p95: ChartSeries = { ...p50, id: 'p95{model_name="m"}', name: 'm p95', points: [[0, 0.28], [15_000, 0.7], [30_000, null], [45_000, 7680]] };
    const both = new Map([...precision, [p95.id, seriesPrecision(p95, BOUNDS)]]);
    const o2 = buildTimeSeriesOption({ series: [p50, p95], unit: 'seconds', theme: 'light', kind: 'line', startMs: 0, endMs: 45_000, precision: both });
    const ids = ((o2.series ?? []) as LineSeriesOption[]).map((s) => s.id);
    expect(ids.filter((id) => String(id).startsWith('band:'))).toHaveLength(3);
  });

  it('draws no band on stacked or bar panels', () => {
    const stacked = buildTimeSeriesOption({ series: [p50], unit: 'seconds', theme: 'light', kind: 'stacked', startMs: 0, endMs: 45_000, precision });
    expect((stacked.series as LineSeriesOption[]).map((s) => s.id)).toEqual([p50.id]);
  });
});

describe('the legend’s Mean never mixes bounds and numbers', () => {
  const firstOnly: ChartSeries = { ...p50, points: [[0, 0.15], [15_000, 0.6]] };
  it('first-bucket points count at their upper bound: "≤"', () => {
    expect(meanText(firstOnly, seriesPrecision(firstOnly, BOUNDS), 'seconds', 'en-US')).toBe('≤ 450 ms');
  });
  it('points above the highest bound: "≥"; both kinds: no honest bound', () => {
    const over: ChartSeries = { ...p50, points: [[0, 0.6], [15_000, 7680]] };
    expect(meanText(over, seriesPrecision(over, BOUNDS), 'seconds', 'en-US')).toMatch(/^≥ /);
    expect(meanText(p50, seriesPrecision(p50, BOUNDS), 'seconds', 'en-US')).toBe('–');
  });
  it('every point precise: the number', () => {
    const precise: ChartSeries = { ...p50, points: [[0, 0.6], [15_000, 0.7]] };
    expect(meanText(precise, seriesPrecision(precise, BOUNDS), 'seconds')).toBeUndefined();
    const text = legendValueText([precise], new Map([[precise.id, seriesPrecision(precise, BOUNDS)]]), () => undefined, 'seconds');
    expect(text?.(precise.id, 0.65, 'mean')).toBeUndefined();
  });
  it('legendValueText: Mean as a bound, Last and Max from the point rule', () => {
    const text = legendValueText([firstOnly], new Map([[firstOnly.id, seriesPrecision(firstOnly, BOUNDS)]]), (_, v) => (v < 0.3 ? '< 300 ms' : undefined), 'seconds', 'en-US');
    expect(text?.(firstOnly.id, 0.375, 'mean')).toBe('≤ 450 ms');
    expect(text?.(firstOnly.id, 0.15, 'last')).toBe('< 300 ms');
    expect(text?.(firstOnly.id, 0.6, 'max')).toBeUndefined();
  });
});
