import { describe, expect, it } from 'vitest';
import { vllmCatalog } from '../../catalog';
import { seriesPrecision, type ChartSeries } from '../../charts';
import { en } from '../../i18n/en';
import { bucketLimitedNote, quantileBuckets, queryOfSeries, tileBound } from './use-quantile-precision';

const panel = (id: string) => {
  const p = vllmCatalog.panels.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return p;
};

describe('quantileBuckets', () => {
  it('finds the bucket metric behind each histogram_quantile query, and none elsewhere', () => {
    expect([...quantileBuckets(panel('queue-time'))]).toEqual([
      ['p50', ['queue_bucket']],
      ['p95', ['queue_bucket']],
      ['p99', ['queue_bucket']],
    ]);
    expect(quantileBuckets(panel('request-rate')).size).toBe(0);
    expect(quantileBuckets(panel('ttft-heatmap')).size).toBe(0);
  });
});

describe('queryOfSeries', () => {
  it('maps a series id to its query without confusing p5 and p50', () => {
    expect(queryOfSeries('p50{model_name="m"}', ['p5', 'p50'])).toBe('p50');
    expect(queryOfSeries('p95', ['p50', 'p95'])).toBe('p95');
    expect(queryOfSeries('rate{a="b"}', ['p50'])).toBeNull();
    // A/B sides read the shown histogram; another engine's lines do not.
    expect(queryOfSeries('a~p95{}', ['p50', 'p95'])).toBe('p95');
    expect(queryOfSeries('b~b~p95{}', ['p50', 'p95'])).toBe('p95');
    expect(queryOfSeries('sglang~p95{}', ['p95'])).toBeNull();
  });
});

describe('bucketLimitedNote', () => {
  const s: ChartSeries = { id: 'p50{model_name="m"}', name: 'm p50', labels: {}, points: [[0, 0.15], [15_000, 0.15]] };
  it('names each line that ends in a coarse bucket, with its bound', () => {
    const precision = new Map([[s.id, seriesPrecision(s, [0.3, 0.5, Infinity])]]);
    expect(bucketLimitedNote([s], precision, 'seconds', en.distribution, 'en-US')).toBe('Bucket-limited: every line < 300 ms, first bucket');
    const s2: ChartSeries = { ...s, id: 'p99', name: 'm p99', points: [[0, 0.4]] };
    const both = new Map([...precision, [s2.id, seriesPrecision(s2, [0.3, 0.5, Infinity])]]);
    expect(bucketLimitedNote([s, s2], both, 'seconds', en.distribution, 'en-US')).toBe('Bucket-limited: m p50 < 300 ms, first bucket');
  });
  it('says nothing when the last point is precise or bounds are unknown', () => {
    expect(bucketLimitedNote([s], new Map([[s.id, seriesPrecision(s, [0.1, 0.2, Infinity])]]), 'seconds', en.distribution)).toBeNull();
    expect(bucketLimitedNote([s], undefined, 'seconds', en.distribution)).toBeNull();
  });
});

describe('tileBound', () => {
  const B = [0.3, 0.5, 0.8, 1, 2.5, 5, 10, 7680, Infinity];
  it('shows "< first bound" with the interval for a first-bucket quantile', () => {
    expect(tileBound(0.15, B, 'seconds', en.distribution, 'en-US')).toEqual({ text: '< 300 ms', title: '< 300 ms, first bucket', low: 0, high: 0.3 });
  });
  it('shows "≥ highest bound" without an upper edge for the +Inf bucket', () => {
    expect(tileBound(7680, B, 'seconds', en.distribution, 'en-US')).toMatchObject({ text: '≥ 2h 8m', low: 7680, high: null });
  });
  it('shows the interval of a bucket wider than 4x, and nothing for a narrow one', () => {
    expect(tileBound(100, B, 'seconds', en.distribution, 'en-US')).toMatchObject({ text: '10 s – 2h 8m', low: 10, high: 7680 });
    expect(tileBound(0.4, B, 'seconds', en.distribution, 'en-US')).toBeNull();
  });
});
