import { describe, expect, it } from 'vitest';
import { query } from '../catalog/define';
import type { ColumnSpec, TableSpec } from '../catalog/types';
import { buildRows, markOutliers, sortRows, type TableRow } from './table-data';

const c = (id: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ id, title: id, unit: 'count', query: query(id, '', 'x'), ...extra });
const spec: TableSpec = {
  rows: 'instance',
  sort: { column: 'status', dir: 'asc' },
  columns: [c('model', { label: 'model_name' }), c('status', { status: 'up' }), c('restarts', { status: 'restarts' }), c('ttft', { worse: 'higher' }), c('rate', { worse: 'lower' })],
};
const s = (metric: Record<string, string>, v: string) => ({ metric, value: [1, v] as [number, string] });
const labels = { primary: 'instance', rank: ['engine'] };

describe('buildRows', () => {
  it('one row per instance, down targets included, statuses from up and restarts', () => {
    const rows = buildRows(spec, labels, {
      model: [s({ instance: 'a', engine: '0', model_name: 'm' }, '1'), s({ instance: 'c', engine: '0', model_name: 'm' }, '1')],
      status: [s({ instance: 'a' }, '1'), s({ instance: 'b' }, '0'), s({ instance: 'c' }, '1'), s({ instance: 'sidecar' }, '1')],
      restarts: [s({ instance: 'c' }, '2')],
      ttft: [s({ instance: 'a', engine: '0' }, '0.2')],
      rate: null,
    });
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(Object.keys(byKey).sort()).toEqual(['a', 'b', 'c']); // the live sidecar serves nothing shown
    expect(byKey.a?.status).toBe('up');
    expect(byKey.b?.status).toBe('down');
    expect(byKey.c?.status).toBe('restarted');
    expect(byKey.a?.cells.model?.text).toBe('m');
    expect(byKey.a?.cells.ttft?.value).toBe(0.2);
    expect(byKey.a?.cells.rate).toBeUndefined();
  });

  it('adds |rank only where an instance reports several ranks, spreading rank-less cells to each', () => {
    const rows = buildRows(spec, labels, {
      model: [s({ instance: 'a', engine: '0', model_name: 'm' }, '1'), s({ instance: 'a', engine: '1', model_name: 'm' }, '1'), s({ instance: 'b', engine: '0', model_name: 'm' }, '1')],
      status: [s({ instance: 'a' }, '1'), s({ instance: 'b' }, '1')],
      restarts: [],
      ttft: [s({ instance: 'a', engine: '1' }, 'NaN')],
      rate: [],
    });
    expect(rows.map((r) => r.key).sort()).toEqual(['a|0', 'a|1', 'b']);
    const a1 = rows.find((r) => r.key === 'a|1');
    expect(a1?.status).toBe('up');
    expect(a1?.filterValue).toBe('a');
    expect(a1?.cells.ttft?.value).toBeNull(); // NaN is no value, not zero
  });
});

function row(key: string, model: string, ttft: number | null, rate: number | null = 1): TableRow {
  return { key, filterValue: key, cells: { model: { value: null, text: model }, ttft: { value: ttft }, rate: { value: rate } } };
}

describe('markOutliers', () => {
  const group = (r: TableRow) => r.cells.model?.text ?? '';
  it('marks a cell far above its model’s median, with the factor', () => {
    const rows = [row('a', 'm', 0.2), row('b', 'm', 0.21), row('c', 'm', 0.19), row('d', 'm', 0.62)];
    markOutliers(rows, spec.columns, group);
    expect(rows[3]?.cells.ttft?.outlier?.factor).toBeCloseTo(0.62 / 0.205, 2);
    expect(rows.slice(0, 3).every((r) => !r.cells.ttft?.outlier)).toBe(true);
  });
  it('no mark with fewer than three peers, and peers are per model', () => {
    const rows = [row('a', 'm', 0.2), row('b', 'm', 2), row('c', 'n', 0.2), row('d', 'n', 0.2), row('e', 'n', 0.2)];
    markOutliers(rows, spec.columns, group);
    expect(rows.some((r) => r.cells.ttft?.outlier)).toBe(false);
  });
  it('a wide natural spread does not flag every other row; lower-is-worse columns mark low cells', () => {
    const spread = [0.1, 0.3, 0.5, 0.7, 0.9].map((v, i) => row(`r${i}`, 'm', v, 1));
    markOutliers(spread, spec.columns, group);
    expect(spread.some((r) => r.cells.ttft?.outlier)).toBe(false);
    const slow = [1, 1.1, 0.9, 1, 0.2].map((v, i) => row(`s${i}`, 'm', 0.2, v));
    markOutliers(slow, spec.columns, group);
    expect(slow[4]?.cells.rate?.outlier?.factor).toBeCloseTo(0.2, 5);
    expect(slow.slice(0, 4).some((r) => r.cells.rate?.outlier)).toBe(false);
  });
});

describe('sortRows', () => {
  const rows = [row('a', 'm', 0.3), row('b', 'm', null), row('c', 'm', 0.1), row('d', 'm', 0.2)];
  it('numeric both ways, empty cells last either way', () => {
    const ttft = spec.columns[3];
    expect(sortRows(rows, ttft, 'asc').map((r) => r.key)).toEqual(['c', 'd', 'a', 'b']);
    expect(sortRows(rows, ttft, 'desc').map((r) => r.key)).toEqual(['a', 'd', 'c', 'b']);
  });
  it('status worst first', () => {
    const st = [
      { ...row('x', 'm', 1), status: 'up' as const },
      { ...row('y', 'm', 1), status: 'down' as const },
      { ...row('z', 'm', 1), status: 'restarted' as const },
    ];
    expect(sortRows(st, spec.columns[1], 'asc').map((r) => r.key)).toEqual(['y', 'z', 'x']);
  });
  it('1,000 rows sort without losing any', () => {
    const many = Array.from({ length: 1000 }, (_, i) => row(`i${i}`, 'm', (i * 7919) % 1000));
    const sorted = sortRows(many, spec.columns[3], 'desc');
    expect(sorted).toHaveLength(1000);
    expect(sorted[0]?.cells.ttft?.value).toBe(999);
  });
});
