import { describe, expect, it } from 'vitest';
import { buildTimeSeriesOption, type ChartSeries } from '../../charts';
import { compareShiftSec, formatDelta, interleave, relativeChange, shiftSeries, shiftWindow, withDeltas } from './compare';

const s = (id: string, points: Array<[number, number | null]>): ChartSeries => ({ id, name: id, labels: { model_name: id }, points });

describe('compare: earlier window', () => {
  it('reads the shift from the URL value', () => {
    expect(compareShiftSec('1h')).toBe(3600);
    expect(compareShiftSec('1d')).toBe(86_400);
    expect(compareShiftSec(null)).toBeNull();
    expect(compareShiftSec('soon')).toBeNull();
  });

  it('moves the window back and keeps the step', () => {
    expect(shiftWindow({ startSec: 10_000, endSec: 13_600, stepSec: 15 }, 3600)).toEqual({ startSec: 6400, endSec: 10_000, stepSec: 15 });
  });

  it('re-times earlier points onto the current grid, names them with the shift and links them to their original', () => {
    // The earlier window's answer for [6400 s, 10000 s] lands on [10000 s, 13600 s].
    const earlier = [s('q/a', [[6_400_000, 1], [6_415_000, null]])];
    const [out] = shiftSeries(earlier, 3600, (n) => `${n} (1h ago)`);
    expect(out).toEqual({ id: 'q/a~earlier', name: 'q/a (1h ago)', labels: { model_name: 'q/a' }, points: [[10_000_000, 1], [10_015_000, null]], shiftOf: 'q/a' });
  });

  it('pairs each series with its earlier copy, keeping earlier-only series at the end', () => {
    const cur = [s('a', []), s('b', [])];
    const earlier = shiftSeries([s('b', []), s('gone', [])], 60, (n) => n);
    expect(interleave(cur, earlier).map((x) => x.id)).toEqual(['a', 'b', 'b~earlier', 'gone~earlier']);
  });

  it('gives the change against the earlier value, and none from zero or unknown', () => {
    expect(relativeChange(1.5, 1)).toBeCloseTo(0.5);
    expect(relativeChange(0.5, 1)).toBeCloseTo(-0.5);
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(1, 0)).toBeNull();
    expect(relativeChange(null, 1)).toBeNull();
  });

  it('draws earlier series dashed and lighter in their original colour, stacked apart from the current ones', () => {
    const cur = [s('a', [[0, 1]]), s('b', [[0, 2]])];
    const series = interleave(cur, shiftSeries(cur, 60, (n) => `${n} (1m ago)`));
    const option = buildTimeSeriesOption({ series, unit: 'reqps', theme: 'light', kind: 'stacked', startMs: 0, endMs: 60_000 });
    const drawn = option.series as Array<{ id: string; stack?: string; lineStyle: { color: string; type?: string; opacity?: number } }>;
    const byId = new Map(drawn.map((d) => [d.id, d]));
    expect(byId.get('a~earlier')?.lineStyle.color).toBe(byId.get('a')?.lineStyle.color);
    expect(byId.get('b~earlier')?.lineStyle.color).toBe(byId.get('b')?.lineStyle.color);
    expect(byId.get('a')?.lineStyle.color).not.toBe(byId.get('b')?.lineStyle.color);
    expect(byId.get('a~earlier')?.lineStyle.type).toBe('dashed');
    expect(byId.get('a~earlier')?.lineStyle.opacity).toBeLessThan(1);
    expect(byId.get('a')?.lineStyle.type).toBeUndefined();
    expect(byId.get('a')?.stack).toBe('total');
    expect(byId.get('a~earlier')?.stack).toBe('earlier');
  });
});

describe('compare: table deltas', () => {
  const cols = [
    { id: 'model', title: 'Model', unit: 'none', label: 'model_name', query: undefined },
    { id: 'rps', title: 'Req/s', unit: 'reqps', query: undefined },
  ] as unknown as Parameters<typeof withDeltas>[2];
  const row = (key: string, rps: number | null) => ({ key, filterValue: key, cells: { model: { value: null, text: key }, rps: { value: rps } } });

  it('gives each numeric cell its change against the same row an earlier window, and none where the earlier row is missing', () => {
    const out = withDeltas([row('a', 3), row('b', 1), row('new', 2)], [row('a', 2), row('b', 0)], cols);
    expect(out[0]?.cells.rps?.delta).toBeCloseTo(0.5);
    expect(out[1]?.cells.rps?.delta).toBeNull();
    expect(out[2]?.cells.rps?.delta).toBeUndefined();
    expect(out[0]?.cells.model?.delta).toBeUndefined();
  });

  it('gives shares their change in points and counts none', () => {
    const c2 = [
      { id: 'share', title: 'Errors', unit: 'ratio', query: undefined },
      { id: 'n', title: 'Instances', unit: 'count', query: undefined },
    ] as unknown as Parameters<typeof withDeltas>[2];
    const r = (share: number, n: number) => ({ key: 'a', filterValue: 'a', cells: { share: { value: share }, n: { value: n } } });
    const out = withDeltas([r(0.387, 3)], [r(0.291, 2)], c2);
    expect(out[0]?.cells.share?.delta).toBeCloseTo(0.096, 9);
    expect(out[0]?.cells.n?.delta).toBeUndefined();
  });

  it('formats the change as a signed percentage', () => {
    expect(formatDelta(0.25, 'en-US')).toBe('+25 %');
    expect(formatDelta(-0.034, 'en-US')).toBe('-3.4 %');
    expect(formatDelta(0, 'en-US')).toBe('0 %');
  });
});
