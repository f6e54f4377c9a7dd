import { describe, expect, it } from 'vitest';
import { buildTimeSeriesOption } from '../timeseries/options';
import { SLO_SERIES_ID, withSloLine } from './slo-line';
import { valueExtent } from '../core/axis-room';

const T = 1_796_181_000_000;
const base = buildTimeSeriesOption({
  series: [{ id: 'p95', name: 'p95', labels: {}, points: [[T, 0.1], [T + 15_000, 0.2]] }],
  unit: 'seconds',
  theme: 'light',
  kind: 'line',
  startMs: T,
  endMs: T + 15_000,
});
const input = { value: 0.5, label: 'SLO 99 % ≤ 500 ms', theme: 'light' as const, unit: 'seconds' as const, startMs: T, endMs: T + 15_000 };
type S = { id?: string; data?: unknown; markLine?: { data: { yAxis: number; label: { formatter: () => string } }[] } };

describe('withSloLine', () => {
  it('a dashed line at the threshold, labelled with the objective, on a carrier the y axis reaches', () => {
    const option = withSloLine(base, input);
    const series = option.series as S[];
    const carrier = series.find((s) => s.id === SLO_SERIES_ID);
    expect(carrier?.markLine?.data[0]?.yAxis).toBe(0.5);
    expect(carrier?.markLine?.data[0]?.label.formatter()).toBe('SLO 99 % ≤ 500 ms');
    // Lines at 200 ms, SLO at 500 ms: the axis reaches the SLO (ECharts leaves markLines out of it).
    expect(valueExtent(series as never[])[1]).toBe(0.5);
    expect(SLO_SERIES_ID.startsWith('band:')).toBe(true);
  });

  it('no threshold (0, NaN): the option untouched', () => {
    expect(withSloLine(base, { ...input, value: 0 })).toBe(base);
    expect(withSloLine(base, { ...input, value: Number.NaN })).toBe(base);
  });
});
