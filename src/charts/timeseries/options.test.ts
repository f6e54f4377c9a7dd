import { describe, expect, it } from 'vitest';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { buildTimeSeriesOption, type TimeSeriesOptionInput } from './options';
import { seriesColorMap } from '../core/palette';
import { MAX_TOOLTIP_ROWS, axisTooltipFormatter, tooltipHtml } from '../core/tooltip';
import type { ChartSeries } from '../core/types';

const HOSTILE = '<img src=x onerror=alert(1)>';
const mk = (id: string, name = id): ChartSeries => ({ id, name, labels: {}, points: [[0, 1], [15_000, null], [30_000, 2]] });

const base: TimeSeriesOptionInput = {
  series: [mk('a'), mk('b')],
  unit: 'seconds',
  theme: 'light',
  kind: 'line',
  startMs: 0,
  endMs: 3_600_000,
  locale: 'en-US',
};

type AnySeries = LineSeriesOption | BarSeriesOption;
const seriesOf = (o: ReturnType<typeof buildTimeSeriesOption>) => (o.series ?? []) as AnySeries[];
const single = <T,>(v: T | T[] | undefined): T => {
  const x = Array.isArray(v) ? v[0] : v;
  if (x === undefined) throw new Error('missing');
  return x;
};

describe('buildTimeSeriesOption', () => {
  it('fixes the time axis to the range, never animates, and keeps gaps', () => {
    const o = buildTimeSeriesOption(base);
    expect(o.animation).toBe(false);
    const x = single(o.xAxis);
    expect(x).toMatchObject({ type: 'time', min: 0, max: 3_600_000 });
    for (const s of seriesOf(o)) {
      expect(s).toMatchObject({ type: 'line', connectNulls: false, showSymbol: false });
      expect((s as LineSeriesOption).lineStyle?.width).toBe(1.5);
      expect(s.data).toContainEqual([15_000, null]);
    }
  });

  it('fills the area only under a lone line', () => {
    expect((seriesOf(buildTimeSeriesOption(base))[0] as LineSeriesOption).areaStyle).toBeUndefined();
    const lone = seriesOf(buildTimeSeriesOption({ ...base, series: [mk('a')] }))[0] as LineSeriesOption;
    expect(lone.areaStyle?.opacity).toBeGreaterThan(0);
  });

  it('stacks for stacked and draws bars for bars', () => {
    for (const s of seriesOf(buildTimeSeriesOption({ ...base, kind: 'stacked' }))) {
      expect(s).toMatchObject({ type: 'line', stack: 'total' });
      expect((s as LineSeriesOption).areaStyle).toBeDefined();
    }
    for (const s of seriesOf(buildTimeSeriesOption({ ...base, kind: 'bars' }))) expect(s.type).toBe('bar');
  });

  it('skips hidden series without recolouring the others', () => {
    const o = buildTimeSeriesOption({ ...base, series: [mk('a'), mk('b'), mk('c')], hidden: new Set(['a']) });
    const s = seriesOf(o);
    expect(s.map((x) => x.id)).toEqual(['b', 'c']);
    const colors = seriesColorMap([mk('a'), mk('b'), mk('c')]);
    expect((s[0] as LineSeriesOption).lineStyle?.color).toBe(colors.get('b'));
    expect((s[1] as LineSeriesOption).lineStyle?.color).toBe(colors.get('c'));
  });

  it('ends every line at the last step all series have reached', () => {
    const lead: ChartSeries = { id: 'x', name: 'x', labels: { m: 'x' }, points: [[0, 1], [15_000, 2], [30_000, 3]] };
    const lag: ChartSeries = { id: 'y', name: 'y', labels: { m: 'y' }, points: [[0, 1], [15_000, 2], [30_000, null]] };
    const s = seriesOf(buildTimeSeriesOption({ ...base, series: [lead, lag] }));
    expect((s[0] as LineSeriesOption).data).toEqual([[0, 1], [15_000, 2], [30_000, null]]);
  });

  it('passes y bounds and formats axes with the unit and locale', () => {
    const o = buildTimeSeriesOption({ ...base, unit: 'ratio', min: 0, max: 1 });
    const y = single(o.yAxis);
    expect(y).toMatchObject({ type: 'value', min: 0, max: 1 });
    const yFmt = (y.axisLabel as { formatter: (v: number) => string }).formatter;
    expect(yFmt(0.5)).toBe('50 %');
    const xFmt = (single(o.xAxis).axisLabel as { formatter: (v: number) => string }).formatter;
    expect(xFmt(Date.UTC(2025, 0, 1, 13, 45))).toBe('13:45');
  });

  it('adds thresholds as a dashed mark line on the first visible series', () => {
    const o = buildTimeSeriesOption({ ...base, thresholds: [{ value: 2, color: '#dc2626', label: 'SLO' }] });
    const [first, second] = seriesOf(o);
    const data = first?.markLine?.data as Array<{ yAxis: number; label: { formatter: () => string } }>;
    expect(data[0]).toMatchObject({ yAxis: 2 });
    expect(data[0]?.label.formatter()).toBe('SLO');
    expect(second?.markLine).toBeUndefined();
    const unlabeled = seriesOf(buildTimeSeriesOption({ ...base, thresholds: [{ value: 0.5, color: 'red' }] }));
    expect((unlabeled[0]?.markLine?.data as Array<{ label: { formatter: () => string } }>)[0]?.label.formatter()).toBe('500 ms');
  });

  it('uses theme colours on the axes', () => {
    const light = single(buildTimeSeriesOption(base).yAxis);
    const dark = single(buildTimeSeriesOption({ ...base, theme: 'dark' }).yAxis);
    expect(light.axisLabel?.color).not.toBe(dark.axisLabel?.color);
  });

  it('builds a tooltip formatter that escapes hostile names', () => {
    const o = buildTimeSeriesOption({ ...base, series: [mk('x', HOSTILE)] });
    const tooltip = single(o.tooltip);
    expect(tooltip.trigger).toBe('axis');
    const fmt = tooltip.formatter as (p: unknown) => string;
    const html = fmt([{ seriesName: HOSTILE, value: [0, 0.85], color: '#2563eb' }]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('850 ms');
  });
});

describe('tooltip', () => {
  it('renders time, swatch, escaped name and formatted value', () => {
    const html = tooltipHtml(0, [{ name: `a"b'<c>&`, value: 0.5, color: '#2563eb' }], 'ratio', 'light', 'en-US');
    expect(html).toContain('1970-01-01 00:00:00');
    expect(html).toContain('a&quot;b&#39;&lt;c&gt;&amp;');
    expect(html).toContain('50 %');
    expect(html).toContain('fill="#2563eb"');
    // No style attributes: a strict style-src policy would drop them.
    expect(html).not.toContain('style=');
  });

  it('drops colours that are not plain colour syntax', () => {
    const html = tooltipHtml(0, [{ name: 'a', value: 1, color: 'red;background:url(https://x)' }], 'count', 'dark');
    expect(html).not.toContain('url(');
  });

  it('shows a gap as a dash and caps the rows', () => {
    const rows = Array.from({ length: MAX_TOOLTIP_ROWS + 5 }, (_v, i) => ({ name: `s${i}`, value: null, color: '#000' }));
    const html = tooltipHtml(0, rows, 'count', 'light');
    expect(html).toContain('–');
    expect(html).toContain('+5 more');
    expect(html).not.toContain(`s${MAX_TOOLTIP_ROWS}<`);
  });

  it('narrows unexpected params instead of trusting them', () => {
    const fmt = axisTooltipFormatter('count', 'light', 'en-US');
    expect(fmt(undefined)).toBe('');
    expect(fmt([null, 3, { value: 'x' }])).toBe('');
    expect(fmt({ seriesName: 7, value: [0, Infinity] })).toContain('–');
  });
});
