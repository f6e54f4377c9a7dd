import { describe, expect, it } from 'vitest';
import { catalogs, ENGINES, resolveEngines, type ExpandContext } from '../../catalog';
import { query } from '../../catalog/define';
import { currentSeries } from '../../../test-support/catalog';
import { AB_FLOOR, rangeQuantile, rankDifferences } from './ab';
import { abItems } from './ab-items';

describe('A/B summary: ranking with a floor on absolute size', () => {
  it('a large ratio of two tiny figures does not rank first (preemptions 0.0008 → 0.003 /s)', () => {
    const rows = rankDifferences([
      { key: 'preemptions/rate', panelId: 'preemptions', queryId: 'rate', unit: 'ops', a: 0.0008, b: 0.003 },
      { key: 'ttft/p95', panelId: 'ttft', queryId: 'p95', unit: 'seconds', a: 0.514, b: 0.912 },
      { key: 'request-rate/rate', panelId: 'request-rate', queryId: 'rate', unit: 'reqps', a: 2, b: 2.4 },
      { key: 'none', panelId: 'x', queryId: 'x', unit: 'ops', a: null, b: 1 },
    ]);
    expect(rows.map((r) => r.key)).toEqual(['ttft/p95', 'request-rate/rate', 'preemptions/rate', 'none']);
    expect(rows[2]).toMatchObject({ small: true, diff: expect.closeTo(2.75, 9) });
    expect(rows[0]?.small).toBeUndefined();
    // At the floor itself a difference counts: 10 ms of latency is ranked by its ratio.
    expect(rankDifferences([{ key: 'k', panelId: 'p', queryId: 'q', unit: 'seconds', a: 0.01, b: 0.02 }])[0]?.small).toBeUndefined();
    expect(rankDifferences([{ key: 'k', panelId: 'p', queryId: 'q', unit: 'seconds', a: 0.001, b: 0.009 }])[0]?.small).toBe(true);
    expect(AB_FLOOR.ops).toBe(0.01);
  });
});

describe('A/B summary: quantiles over the whole range, as the Models table', () => {
  it('a histogram_quantile query reads [$__range]; other queries are not quantiles', () => {
    const q = rangeQuantile(query('p95', '', 'histogram_quantile(0.95, sum by (le) (rate({{b}}[$__rate_interval])))'));
    expect(q?.alternatives[0]?.expr).toBe('histogram_quantile(0.95, sum by (le) (rate({{b}}[$__range])))');
    expect(rangeQuantile(query('rate', '', 'sum(rate({{r}}[$__rate_interval]))'))).toBeNull();
  });

  it('TTFT p95 of a side is the table column’s expression restricted to that side; rates stay the panel’s own line', () => {
    const resolved = resolveEngines(ENGINES, new Set(currentSeries('vllm'))).vllm;
    const base: ExpandContext = { resolved, filters: { model_name: [], instance: [] }, rateInterval: '20s', by: ['model_name'] };
    const items = abItems(catalogs.vllm, { label: 'model_name', a: ['m1'], b: ['m2'] }, base, 1800);
    const ttft = items.find((i) => i.key === 'ttft/p95');
    expect(ttft?.over).toBe('range');
    expect(ttft?.a).toBe('histogram_quantile(0.95, sum by (le) (rate(vllm:time_to_first_token_seconds_bucket{model_name="m1"}[1800s])))');
    expect(ttft?.b).toContain('{model_name="m2"}[1800s]');
    const rate = items.find((i) => i.key === 'request-rate/rate');
    expect(rate?.over).toBe('mean');
    expect(rate?.a).toContain('[20s]');
  });
});
