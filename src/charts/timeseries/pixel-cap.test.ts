import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import { capToPixels, fullPointAt } from './pixel-cap';
import { buildTimeSeriesOption } from './options';
import type { ChartSeries } from '../core/types';
import { escapeHtml } from '../../lib/escape-html';
import { formatValue } from '../../lib/units';

type P = [number, number | null];
const STEP = 15_000;
const points = (n: number, value: (i: number) => number | null): P[] => Array.from({ length: n }, (_v, i) => [i * STEP, value(i)]);
const wave = (i: number) => 10 + Math.sin(i / 7) * 5;

describe('capToPixels', () => {
  it('returns the same array when it has at most two points per pixel', () => {
    const p = points(800, wave);
    expect(capToPixels(p, 400)).toBe(p);
    expect(capToPixels(p, 1000)).toBe(p);
  });

  it('keeps a one-step spike and a one-step dip at their values', () => {
    const p = points(5000, (i) => (i === 1234 ? 900 : i === 4321 ? -50 : wave(i)));
    const out = capToPixels(p, 300);
    expect(out.length).toBeLessThanOrEqual(600);
    expect(out).toContainEqual([1234 * STEP, 900]);
    expect(out).toContainEqual([4321 * STEP, -50]);
    // Time order is kept.
    expect(out.every(([t], i) => i === 0 || t > (out[i - 1] as P)[0])).toBe(true);
  });

  it('keeps a gap as a gap: no kept points on both sides of it are joined', () => {
    // A 40-step gap in the middle of a bucket of 10 steps each.
    const p = points(3000, (i) => (i >= 1505 && i < 1545 ? null : wave(i)));
    const out = capToPixels(p, 300);
    const gapAt = out.findIndex(([, v]) => v === null);
    expect(gapAt).toBeGreaterThan(0);
    expect(out.filter(([, v]) => v === null)).toHaveLength(1);
    expect((out[gapAt - 1] as P)[0]).toBeLessThan(1505 * STEP);
    expect((out[gapAt + 1] as P)[0]).toBeGreaterThanOrEqual(1545 * STEP);
  });
});

describe('fullPointAt', () => {
  it('finds the nearest point and its index', () => {
    const p = points(10, (i) => i);
    expect(fullPointAt(p, 3 * STEP)).toEqual({ point: [3 * STEP, 3], index: 3 });
    expect(fullPointAt(p, 3 * STEP + 8000)).toEqual({ point: [4 * STEP, 4], index: 4 });
    expect(fullPointAt(p, -1)).toEqual({ point: [0, 0], index: 0 });
    expect(fullPointAt(p, 1e12)?.index).toBe(9);
  });
});

describe('buildTimeSeriesOption with widthPx', () => {
  const s = (id: string, n: number): ChartSeries => ({ id, name: id, labels: {}, points: points(n, (i) => (i === 777 ? 99 : wave(i))) });
  const build = (series: ChartSeries[], widthPx: number | undefined, kind: 'line' | 'stacked' = 'line') =>
    buildTimeSeriesOption({ series, unit: 'seconds', theme: 'light', kind, startMs: 0, endMs: (series[0]?.points.length ?? 1) * STEP, locale: 'en-US', widthPx });
  const dataOf = (o: ReturnType<typeof build>, i = 0) => ((o.series as LineSeriesOption[])[i]?.data ?? []) as P[];

  it('draws a line with more points than pixels capped, the tooltip giving the full value', () => {
    const line = s('a', 4000);
    const o = build([line], 500);
    const drawn = dataOf(o);
    expect(drawn.length).toBeLessThan(1000);
    expect(drawn).toContainEqual([777 * STEP, 99]);
    // The source series is never touched (the CSV and the legend read it).
    expect(line.points).toHaveLength(4000);
    // The pointer at a step that was dropped from the drawing: the tooltip shows that step's value.
    const dropped = line.points.findIndex((p) => !drawn.some((d) => d[0] === p[0]));
    const [t, v] = line.points[dropped] as P;
    const tooltip = Array.isArray(o.tooltip) ? o.tooltip[0] : o.tooltip;
    const html = (tooltip?.formatter as (p: unknown) => string)([{ seriesId: 'a', seriesName: 'a', value: drawn[0], axisValue: t, dataIndex: 0, color: '#2563eb' }]);
    const text = (x: number | null) => escapeHtml(formatValue(x, 'seconds', { locale: 'en-US' }));
    expect(text(v)).not.toBe(text((drawn[0] as P)[1]));
    expect(html).toContain(`>${text(v)}<`);
    expect(html).not.toContain(`>${text((drawn[0] as P)[1])}<`);
  });

  it('changes nothing under the cap, without a width, and on stacked areas', () => {
    const line = s('a', 600);
    expect(dataOf(build([line], 500))).toBe(line.points);
    const long = s('a', 4000);
    expect(dataOf(build([long], undefined))).toBe(long.points);
    expect(dataOf(build([long, s('b', 4000)], 500, 'stacked'))).toBe(long.points);
  });
});
