import { describe, expect, it } from 'vitest';
import { EXEMPLAR_SERIES_ID } from './exemplar-options';
import { exemplarsOfStep, lineExemplarHit, withLineExemplars } from './line-exemplars';
import { buildTimeSeriesOption } from '../timeseries/options';

const T = 1_796_181_000_000;
const labels = { exemplar: 'Exemplar', value: 'Value', time: 'Time', traceId: 'Trace id', clickHint: 'Click' };
const base = buildTimeSeriesOption({
  series: [{ id: 'p95{model_name="m"}', name: 'm p95', labels: {}, points: [[T, 0.2], [T + 15_000, 0.3], [T + 30_000, 0.25]] }],
  unit: 'seconds',
  theme: 'light',
  kind: 'line',
  startMs: T,
  endMs: T + 30_000,
  locale: 'en-US',
});
const opts = { unit: 'seconds' as const, theme: 'light' as const, locale: 'en-US', labels, startMs: T, endMs: T + 30_000, stepMs: 15_000 };

describe('withLineExemplars', () => {
  it('adds the dots at (time, value) on the time axis, those outside the range left out', () => {
    const { option, shown } = withLineExemplars(base, [{ time: T + 10_000, value: 0.42, traceId: 'ab' }, { time: T + 90_000, value: 0.1, traceId: 'cd' }], opts);
    expect(shown.map((p) => p.traceId)).toEqual(['ab']);
    const series = option.series as { id?: string; data?: unknown }[];
    expect(series.find((s) => s.id === EXEMPLAR_SERIES_ID)?.data).toEqual([[T + 10_000, 0.42]]);
    expect(series).toHaveLength((base.series as unknown[]).length + 1);
  });

  it('none in range: the same option object', () => {
    expect(withLineExemplars(base, [], opts).option).toBe(base);
  });

  it('the axis tooltip lists the step’s exemplars, escaped, and never the dots as a line', () => {
    const { option } = withLineExemplars(base, [{ time: T + 10_000, value: 0.42, traceId: '<img src=x>' }], opts);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter([
      { seriesId: 'p95{model_name="m"}', seriesName: 'm p95', value: [T + 15_000, 0.3], axisValue: T + 15_000, color: '#2563eb', dataIndex: 1 },
      { seriesId: EXEMPLAR_SERIES_ID, seriesName: 'series1', value: [T + 10_000, 0.42], axisValue: T + 15_000, dataIndex: 0 },
    ]);
    expect(html).toContain('m p95');
    expect(html).not.toContain('series1');
    expect(html).toContain('420 ms');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('style=');
    // The step ending at T + 30 s holds none.
    expect(tooltip.formatter([{ seriesId: 'p95{model_name="m"}', seriesName: 'm p95', value: [T + 30_000, 0.25], axisValue: T + 30_000, dataIndex: 2 }])).not.toContain('Exemplar');
  });
});

describe('exemplarsOfStep', () => {
  it('t − step < time ≤ t, slowest first', () => {
    const pts = [{ time: T, value: 1, traceId: 'a' }, { time: T + 1, value: 2, traceId: 'b' }, { time: T + 15_000, value: 0.5, traceId: 'c' }, { time: T + 15_001, value: 9, traceId: 'd' }];
    expect(exemplarsOfStep(pts, T + 15_000, 15_000).map((p) => p.traceId)).toEqual(['b', 'c']);
  });
});

describe('lineExemplarHit', () => {
  it('a dot’s index; anything else null', () => {
    expect(lineExemplarHit({ seriesId: EXEMPLAR_SERIES_ID, dataIndex: 3 })).toBe(3);
    expect(lineExemplarHit({ seriesId: 'p95', dataIndex: 3 })).toBeNull();
    expect(lineExemplarHit(null)).toBeNull();
  });
});
