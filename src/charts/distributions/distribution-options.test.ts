import { col } from '../../../test-support/matrix';
import { describe, expect, it } from 'vitest';
import type { HeatmapSeriesOption } from 'echarts/charts';
import { matrixToHeatmap, toDistribution } from './distribution-data';
import { bucketAxisLabel, bucketRangeLabel, buildDistributionOption, buildHeatmapOption } from './distribution-options';

const labels = { rate: 'Rate', share: 'Share', count: 'Requests' };
const single = <T,>(v: T | T[] | undefined): T => {
  const x = Array.isArray(v) ? v[0] : v;
  if (x === undefined) throw new Error('missing');
  return x;
};
type Formatter = (p: unknown) => string;
const formatterOf = (o: { tooltip?: unknown }): Formatter => {
  const f = (single(o.tooltip as object | object[] | undefined) as { formatter?: unknown }).formatter;
  if (typeof f !== 'function') throw new Error('no formatter');
  return f as Formatter;
};

describe('bucket labels', () => {
  it('name buckets by their edges in the panel unit', () => {
    expect(bucketAxisLabel({ low: 0, high: 0.3 }, 'seconds', 'en-US')).toBe('≤ 300 ms');
    // SGLang's queue histogram starts at le="0.0": requests that did not queue at all.
    expect(bucketAxisLabel({ low: -Infinity, high: 0 }, 'seconds', 'en-US')).toBe('= 0 s');
    expect(bucketRangeLabel({ low: 0, high: 0 }, 'seconds', 'en-US')).toBe('= 0 s');
    expect(bucketAxisLabel({ low: 7680, high: Infinity }, 'seconds', 'en-US')).toBe('> 2h 8m');
    expect(bucketRangeLabel({ low: 0.3, high: 0.5 }, 'seconds', 'en-US')).toBe('300 ms – 500 ms');
    expect(bucketAxisLabel({ low: 512, high: 1024 }, 'tokens', 'en-US')).toBe('≤ 1.02k');
  });
  it('long bounds read in the one unit they are round in, not as durations ("6m 40s")', () => {
    // SGLang's E2E bounds 80 s and 400 s; vLLM's 60 s, 120 s and 1200 s.
    expect(bucketAxisLabel({ low: 60, high: 80 }, 'seconds', 'en-US')).toBe('≤ 80 s');
    expect(bucketAxisLabel({ low: 200, high: 400 }, 'seconds', 'en-US')).toBe('≤ 400 s');
    expect(bucketAxisLabel({ low: 50, high: 60 }, 'seconds', 'en-US')).toBe('≤ 1 min');
    expect(bucketRangeLabel({ low: 60, high: 120 }, 'seconds', 'en-US')).toBe('1 min – 2 min');
    expect(bucketAxisLabel({ low: 600, high: 1200 }, 'seconds', 'en-US')).toBe('≤ 20 min');
    expect(bucketAxisLabel({ low: 3600, high: Infinity }, 'seconds', 'en-US')).toBe('> 1 h');
    expect(bucketAxisLabel({ low: 40, high: 50 }, 'seconds', 'en-US')).toBe('≤ 50 s');
  });
});

describe('buildHeatmapOption', () => {
  const data = matrixToHeatmap(
    [
      col({ le: '0.3' }, [[0, '1'], [15, '0']]),
      col({ le: '0.5' }, [[0, '3'], [15, '4']]),
      col({ le: '+Inf' }, [[0, '4'], [15, '4']]),
    ],
    { start: 0, end: 15, step: 15 },
  );
  const o = buildHeatmapOption({ data, unit: 'seconds', theme: 'dark', locale: 'en-US', labels });

  it('puts buckets on a category y axis in order, labelled by their upper edge', () => {
    expect(single(o.yAxis)).toMatchObject({ type: 'category', data: ['≤ 300 ms', '≤ 500 ms', '> 500 ms'] });
    expect(single(o.xAxis)).toMatchObject({ type: 'category' });
    const s = single(o.series) as HeatmapSeriesOption;
    expect(s.type).toBe('heatmap');
    // [x, y, colour value (sqrt), rate]
    expect(s.data).toContainEqual([1, 1, 2, 4]);
  });

  it('tooltip: bucket range, rate and share of the step', () => {
    const html = formatterOf(o)({ value: [0, 1, Math.sqrt(2), 2] });
    expect(html).toContain('300 ms – 500 ms');
    expect(html).toContain('2 /s');
    expect(html).toContain('50 %');
    expect(formatterOf(o)({ value: 'junk' })).toBe('');
  });

  it('draws its colour scale only when given the scale’s label, with the true rate at its top end', () => {
    expect(o.visualMap).toMatchObject({ show: false });
    const scaled = buildHeatmapOption({ data, unit: 'seconds', theme: 'dark', locale: 'en-US', labels: { ...labels, scale: 'Requests/s per bucket' } });
    // Colours follow √rate (max 2 = √4); the scale's ends say the rates, 0 and 4 /s.
    expect(scaled.visualMap).toMatchObject({ show: true, max: 2, text: ['4 /s', 'Requests/s per bucket  0'] });
  });
});

describe('buildDistributionOption', () => {
  const data = toDistribution([{ le: '128', value: 6 }, { le: '1024', value: 9 }, { le: '+Inf', value: 10 }]);
  const o = buildDistributionOption({ data, unit: 'tokens', theme: 'light', locale: 'en-US', labels: { ...labels, count: '<b>Requests</b>' }, color: '#2563eb' });

  it('draws one bar per bucket as a share, labelled "≤ N"', () => {
    expect(single(o.xAxis)).toMatchObject({ data: ['≤ 128', '≤ 1.02k', '> 1.02k'] });
    expect(single(o.series).data).toEqual([0.6, 0.3, 0.1]);
  });

  it('tooltip: range, count and share, every text escaped', () => {
    const html = formatterOf(o)({ dataIndex: 1 });
    expect(html).toContain('128 – 1.02k');
    expect(html).toContain('&lt;b&gt;Requests');
    expect(html).toContain('30 %');
    expect(html).not.toContain('<b>');
  });
});
