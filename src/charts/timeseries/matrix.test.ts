import { col } from '../../../test-support/matrix';
import { describe, expect, it } from 'vitest';
import { csvText, formatLabelSet, legendName, matrixToSeries, seriesStats, sumSeries, toCsv, type MatrixSample } from './matrix';
import type { ChartSeries } from '../core/types';

const grid = { start: 100, end: 160, step: 15, legend: '{{model_name}}', idPrefix: 'q1' };

describe('matrixToSeries', () => {
  it('puts samples on the step grid in milliseconds, null where missing', () => {
    const { series, truncated } = matrixToSeries(
      [col({ model_name: 'llama' }, [[100, '1'], [130, '3'], [160, '5']])],
      grid,
    );
    expect(truncated).toBe(0);
    expect(series).toHaveLength(1);
    expect(series[0]?.points).toEqual([
      [100_000, 1],
      [115_000, null],
      [130_000, 3],
      [145_000, null],
      [160_000, 5],
    ]);
    expect(series[0]?.name).toBe('llama');
    expect(series[0]?.id).toBe('q1{model_name="llama"}');
    expect(series[0]?.labels).toEqual({ model_name: 'llama' });
  });

  it('turns NaN, +Inf, -Inf, Infinity and garbage into gaps', () => {
    const { series } = matrixToSeries(
      [col({}, [[100, 'NaN'], [115, '+Inf'], [130, '-Inf'], [145, 'Infinity'], [160, 'x']])],
      grid,
    );
    expect(series[0]?.points.map(([, v]) => v)).toEqual([null, null, null, null, null]);
  });

  it('keeps zeros and negative values', () => {
    const { series } = matrixToSeries([col({}, [[100, '0'], [115, '-2.5'], [130, '1e3']])], grid);
    expect(series[0]?.points.slice(0, 3).map(([, v]) => v)).toEqual([0, -2.5, 1000]);
  });

  it('snaps misaligned timestamps to the nearest grid point and drops samples outside the range', () => {
    const { series } = matrixToSeries(
      [col({}, [[84, '9'], [101.2, '1'], [122.4, '2'], [137.6, '3'], [170, '9'], [250, '9']])],
      grid,
    );
    expect(series[0]?.points).toEqual([
      [100_000, 1],
      [115_000, 2],
      [130_000, null],
      [145_000, 3],
      [160_000, null],
    ]);
  });

  it('builds the grid without float drift for fractional steps', () => {
    const { series } = matrixToSeries([col({}, [[1.3, '1']])], {
      ...grid,
      start: 1,
      end: 1.3,
      step: 0.1,
    });
    expect(series[0]?.points.map(([t]) => t)).toEqual([1000, 1100, 1200, 1300]);
    expect(series[0]?.points[3]?.[1]).toBe(1);
  });

  it('returns nothing for an empty matrix', () => {
    expect(matrixToSeries([], grid)).toEqual({ series: [], truncated: 0 });
  });

  it('returns empty points when end is before start', () => {
    const { series } = matrixToSeries([col({}, [[100, '1']])], { ...grid, end: 50 });
    expect(series[0]?.points).toEqual([]);
  });

  it('rejects a grid that would not terminate or would exhaust memory', () => {
    expect(() => matrixToSeries([], { ...grid, step: 0 })).toThrow(RangeError);
    expect(() => matrixToSeries([], { ...grid, step: -1 })).toThrow(RangeError);
    expect(() => matrixToSeries([], { ...grid, step: NaN })).toThrow(RangeError);
    expect(() => matrixToSeries([], { ...grid, start: 0, end: 1e9, step: 1 })).toThrow(RangeError);
  });

  it('sorts series by name (then label set) so colours are stable', () => {
    const m: MatrixSample[] = [
      col({ model_name: 'b' }, []),
      col({ model_name: 'a', pod: '2' }, []),
      col({ model_name: 'a', pod: '1' }, []),
      col({ model_name: 'B' }, []),
    ];
    const names = matrixToSeries(m, grid).series.map((s) => `${s.name}/${s.labels.pod ?? ''}`);
    expect(names).toEqual(['B/', 'a/1', 'a/2', 'b/']);
    expect(matrixToSeries([...m].reverse(), grid).series.map((s) => s.id)).toEqual(
      matrixToSeries(m, grid).series.map((s) => s.id),
    );
  });

  it('caps 10,000 series at maxSeries and reports how many were dropped', () => {
    const m: MatrixSample[] = Array.from({ length: 10_000 }, (_v, i) => col({ pod: `pod-${String(i).padStart(5, '0')}` }, [[100, String(i)]]));
    // Its speed is a bench figure (`matrix-cap-10k-series` in `npm run bench`), not a test.
    const { series, truncated } = matrixToSeries(m, { ...grid, legend: '{{pod}}' });
    // Only the kept series get points on the grid.
    expect(series.every((x) => x.points.length === 5)).toBe(true);
    expect(series).toHaveLength(50);
    expect(truncated).toBe(9_950);
    expect(series[0]?.name).toBe('pod-00000');
    expect(series[49]?.name).toBe('pod-00049');
    const custom = matrixToSeries(m, { ...grid, legend: '{{pod}}', maxSeries: 3 });
    expect(custom.series).toHaveLength(3);
    expect(custom.truncated).toBe(9_997);
  });

  it('past 10,000 series only the first 10,000 are named and sorted; the rest are counted', () => {
    const m: MatrixSample[] = Array.from({ length: 20_000 }, (_v, i) => col({ pod: i === 15_000 ? 'aaa-first-by-name' : `pod-${String(i).padStart(5, '0')}` }, [[100, '1']]));
    // Labels of the series past the cap are never read (no legend or label set is formatted).
    let reads = 0;
    m[19_999] = col(new Proxy({ pod: 'x' }, { get: (t, k) => ((reads += 1), Reflect.get(t, k)) }), []);
    const { series, truncated } = matrixToSeries(m, { ...grid, legend: '{{pod}}' });
    expect(series[0]?.name).toBe('pod-00000');
    expect(series.map((x) => x.name)).not.toContain('aaa-first-by-name');
    expect(truncated).toBe(19_950);
    expect(reads).toBe(0);
    // A caller asking for every series (a tile summing them) still gets every one.
    expect(matrixToSeries(m, { ...grid, legend: '{{pod}}', maxSeries: Number.MAX_SAFE_INTEGER }).series).toHaveLength(20_000);
  });

  it('keeps ids unique even if a broken backend repeats a label set', () => {
    const m = [
      col({ a: '1' }, []),
      col({ a: '1' }, []),
    ];
    const ids = matrixToSeries(m, grid).series.map((s) => s.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps hostile label values as plain text, unchanged', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const rtl = 'model\u202Egnp.exe';
    const m = [
      col({ model_name: hostile }, []),
      col({ model_name: 'say "hi"\nbye' }, []),
      col({ model_name: rtl }, []),
    ];
    const { series } = matrixToSeries(m, grid);
    const names = series.map((s) => s.name);
    expect(names).toContain(hostile);
    expect(names).toContain('say "hi"\nbye');
    expect(names).toContain(rtl);
    expect(series.find((s) => s.name === hostile)?.id).toBe('q1{model_name="<img src=x onerror=alert(1)>"}');
  });

  it('does not share label objects with the input', () => {
    const metric = { a: '1' };
    const { series } = matrixToSeries([col(metric, [])], grid);
    expect(series[0]?.labels).not.toBe(metric);
  });
});

describe('legendName', () => {
  it('fills the template from labels', () => {
    expect(legendName('{{model_name}} p95', { model_name: 'llama' }, 'q')).toBe('llama p95');
    expect(legendName('{{ model_name }}/{{engine}}', { model_name: 'm', engine: 'e' }, 'q')).toBe('m/e');
  });

  it('leaves a missing label empty', () => {
    expect(legendName('{{model_name}} on {{pod}}', { model_name: 'm' }, 'q')).toBe('m on');
  });

  it('falls back to the label set, then to the query id', () => {
    expect(legendName('{{pod}}', { job: 'vllm', instance: 'a:8000' }, 'q')).toBe('{instance="a:8000", job="vllm"}');
    expect(legendName('', { __name__: 'up', job: 'x' }, 'q')).toBe('up{job="x"}');
    expect(legendName('{{pod}}', {}, 'q1')).toBe('q1');
  });

  it('does not expand templates inside label values', () => {
    expect(legendName('{{a}}', { a: '{{b}}', b: 'x' }, 'q')).toBe('{{b}}');
  });

  it('reads legends with the catalog tokenizer: `$` is text, a malformed placeholder throws', () => {
    expect(legendName('$ per {{unit}}', { unit: 'token' }, 'q')).toBe('$ per token');
    expect(() => legendName('{{model_name p95', { model_name: 'm' }, 'q')).toThrow(/unclosed "\{\{"/);
  });
});

describe('formatLabelSet', () => {
  it('quotes and escapes values like Prometheus', () => {
    expect(formatLabelSet({ b: 'x"y', a: 'back\\slash\nnl' })).toBe('{a="back\\\\slash\\nnl", b="x\\"y"}');
    expect(formatLabelSet({})).toBe('');
  });
});

describe('seriesStats', () => {
  it('computes last non-null, mean and max over non-null values', () => {
    expect(seriesStats([[0, 1], [1, null], [2, 5], [3, null]])).toEqual({ last: 5, mean: 3, max: 5 });
    expect(seriesStats([[0, -3], [1, -1]])).toEqual({ last: -1, mean: -2, max: -1 });
  });

  it('is all null for an all-gap or empty series', () => {
    expect(seriesStats([[0, null]])).toEqual({ last: null, mean: null, max: null });
    expect(seriesStats([])).toEqual({ last: null, mean: null, max: null });
  });
});

describe('toCsv', () => {
  const s = (name: string, points: ChartSeries['points']): ChartSeries => ({ id: name, name, labels: {}, points });

  it('writes a time column and one column per series, CRLF, empty cells for gaps', () => {
    const csv = toCsv([s('a', [[0, 1.5], [15_000, null]]), s('b', [[0, -2], [15_000, 1e-7]])]);
    expect(csv).toBe('time,a,b\r\n1970-01-01T00:00:00.000Z,1.5,-2\r\n1970-01-01T00:00:15.000Z,,1e-7\r\n');
  });

  it('takes the union of timestamps across series', () => {
    const csv = toCsv([s('a', [[0, 1]]), s('b', [[15_000, 2]])]);
    expect(csv.split('\r\n')).toEqual(['time,a,b', '1970-01-01T00:00:00.000Z,1,', '1970-01-01T00:00:15.000Z,,2', '']);
  });

  it('quotes per RFC 4180', () => {
    const csv = toCsv([s('say "hi", ok', []), s('two\nlines', [])]);
    expect(csv).toBe('time,"say ""hi"", ok","two\nlines"\r\n');
  });

  it('neutralises spreadsheet formulas in text cells but not in numbers', () => {
    const csv = toCsv([s('=HYPERLINK("x")', [[0, -1]]), s('+1', []), s('-x', []), s('@SUM(A1)', []), s('ok=1', [])]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(`time,"'=HYPERLINK(""x"")",'+1,'-x,'@SUM(A1),ok=1`);
    expect(row).toBe('1970-01-01T00:00:00.000Z,-1,,,,');
  });

  it('also neutralises a formula behind leading spaces or zero-width characters, and full-width signs', () => {
    for (const cell of [' =1+1', '\t =1', '\u200b=1', '\ufeff+1', '＝1+1', '＋1', '－1', '＠SUM(A1)']) expect(csvText(cell)).toBe(`'${cell}`);
    expect(csvText('a =1')).toBe('a =1');
  });

  it('keeps hostile names as text', () => {
    expect(toCsv([s('<img src=x onerror=alert(1)>', [])])).toBe('time,<img src=x onerror=alert(1)>\r\n');
  });

  it('is just a header for no series', () => {
    expect(toCsv([])).toBe('time\r\n');
  });
});

describe('sumSeries', () => {
  it('adds point by point and keeps all-null steps as gaps', () => {
    expect(sumSeries([[[0, 1], [1, null], [2, 4]], [[0, 2], [1, null], [2, null]]])).toEqual([[0, 3], [1, null], [2, 4]]);
  });
  it('is empty for no series', () => {
    expect(sumSeries([])).toEqual([]);
  });
});
