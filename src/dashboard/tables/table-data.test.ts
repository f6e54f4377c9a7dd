import { describe, expect, it } from 'vitest';
import { query } from '../../catalog/define';
import type { ColumnSpec, TableSpec } from '../../catalog/types';
import { catalogs } from '../../catalog';
import { buildRows, columnScope, markOutliers, sortRows, type TableRow } from './table-data';

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
  it('marks a cell far above the median of its model’s other instances, with the factor', () => {
    const rows = [row('a', 'm', 0.2), row('b', 'm', 0.21), row('c', 'm', 0.19), row('d', 'm', 0.62)];
    markOutliers(rows, spec.columns, group);
    expect(rows[3]?.cells.ttft?.outlier?.factor).toBeCloseTo(0.62 / 0.2, 2);
    expect(rows.slice(0, 3).every((r) => !r.cells.ttft?.outlier)).toBe(true);
  });
  it('two peers: the worse one is marked at 2× the other, not below; peers are per model', () => {
    // 4.33 s against 821 ms, a model with two instances.
    const pair = [row('a', 'm', 4.33), row('b', 'm', 0.821), row('c', 'n', 0.3), row('d', 'n', 0.2)];
    markOutliers(pair, spec.columns, group);
    expect(pair[0]?.cells.ttft?.outlier).toEqual({ factor: 4.33 / 0.821, median: 0.821 });
    expect(pair.slice(1).some((r) => r.cells.ttft?.outlier)).toBe(false);
    // One instance alone has no peers.
    const alone = [row('a', 'm', 9)];
    markOutliers(alone, spec.columns, group);
    expect(alone[0]?.cells.ttft?.outlier).toBeUndefined();
  });
  it('a zero median: the absolute difference decides (108 waiting against 0 and 0), above the unit’s floor', () => {
    const waiting = (key: string, v: number): TableRow => ({ key, filterValue: key, cells: { model: { value: null, text: 'm' }, waiting: { value: v } } });
    const cols = [c('waiting', { unit: 'requests', worse: 'higher' })];
    const rows = [waiting('a', 108), waiting('b', 0), waiting('c', 0)];
    markOutliers(rows, cols, group);
    expect(rows[0]?.cells.waiting?.outlier).toEqual({ factor: null, median: 0 });
    expect(rows.slice(1).some((r) => r.cells.waiting?.outlier)).toBe(false);
    const few = [waiting('a', 3), waiting('b', 0), waiting('c', 0)];
    markOutliers(few, cols, group);
    expect(few.some((r) => r.cells.waiting?.outlier)).toBe(false);
  });
  it('three peers: measured against the other two, so 400 ms against 100 and 200 ms is marked, 300 against 200 and 250 is not', () => {
    const three = [row('a', 'm', 0.1), row('b', 'm', 0.2), row('c', 'm', 0.4)];
    markOutliers(three, spec.columns, group);
    expect(three.map((r) => r.cells.ttft?.outlier?.median ?? null)).toEqual([null, null, expect.closeTo(0.15, 9)]);
    const close = [row('a', 'm', 0.2), row('b', 'm', 0.25), row('c', 'm', 0.3)];
    markOutliers(close, spec.columns, group);
    expect(close.some((r) => r.cells.ttft?.outlier)).toBe(false);
  });
  it('rank rows repeating an instance-wide value are marked as such and count as one peer', () => {
    const rows = buildRows(spec, labels, {
      model: [s({ instance: 'a', engine: '0', model_name: 'm' }, '1'), s({ instance: 'a', engine: '1', model_name: 'm' }, '1'), s({ instance: 'b', engine: '0', model_name: 'm' }, '1')],
      status: [s({ instance: 'a' }, '1'), s({ instance: 'b' }, '1')],
      restarts: [],
      // TTFT comes from a rank-less series: the whole of instance a, on both of its rank rows.
      ttft: [s({ instance: 'a' }, '3'), s({ instance: 'b', engine: '0' }, '0.5')],
      rate: [s({ instance: 'a', engine: '0' }, '1'), s({ instance: 'a', engine: '1' }, '1'), s({ instance: 'b', engine: '0' }, '1')],
    });
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey['a|1']?.rank).toEqual({ engine: '1' });
    expect(byKey.b?.rank).toBeUndefined();
    expect([byKey['a|0']?.cells.ttft?.instanceWide, byKey['a|1']?.cells.ttft?.instanceWide, byKey.b?.cells.ttft?.instanceWide]).toEqual([true, true, undefined]);
    expect(byKey['a|0']?.cells.rate?.instanceWide).toBeUndefined();
    // Two peers (a once, not twice, against b): 3 s against 0.5 s marks both of a's rows.
    markOutliers(rows, spec.columns, group);
    expect([byKey['a|0'], byKey['a|1'], byKey.b].map((r) => r?.cells.ttft?.outlier?.factor ?? null)).toEqual([6, 6, null]);
    // Two ranks of one server are not each other's peers: with no other instance, no mark.
    const ranks: TableRow[] = [
      { key: 'a|0', filterValue: 'a', cells: { model: { value: null, text: 'm' }, ttft: { value: 3 } } },
      { key: 'a|1', filterValue: 'a', cells: { model: { value: null, text: 'm' }, ttft: { value: 0.5 } } },
    ];
    markOutliers(ranks, spec.columns, group);
    expect(ranks.some((r) => r.cells.ttft?.outlier)).toBe(false);
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

describe('columnScope', () => {
  it('labels instant gauges "now" and summaries over $__range "range", in both engines’ tables', () => {
    for (const engine of ['vllm', 'sglang'] as const) {
      const table = catalogs[engine].panels.find((p) => p.id === 'instance-table')?.table;
      const scope = Object.fromEntries((table?.columns ?? []).map((col) => [col.id, columnScope(col)]));
      expect(scope, engine).toMatchObject({ running: 'now', waiting: 'now', 'kv-usage': 'now', uptime: 'now', status: 'now', 'req-rate': 'range', 'ttft-p95': 'range', preemptions: 'range' });
    }
    const models = catalogs.vllm.panels.find((p) => p.id === 'model-summary')?.table;
    expect(columnScope(models!.columns.find((col) => col.id === 'kv-peak')!)).toBe('range');
    // Instances seen in the range, not up now.
    expect(columnScope(models!.columns.find((col) => col.id === 'instances')!)).toBe('range');
  });
});
