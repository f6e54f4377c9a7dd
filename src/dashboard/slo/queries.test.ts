import { col } from '../../../test-support/matrix';
import { describe, expect, it } from 'vitest';
import { catalogs, expandQuery, resolveMetrics } from '../../catalog';
import { locateThreshold, parseBounds } from '../../lib/buckets';
import { attainmentSeries, effectiveSlo, seriesSelector, sloColumns, sloQuery, vectorSamples } from './queries';
import { DEFAULT_STATE } from '../url/url-state';

const PROM2 = ['0.1', '0.5', '1.0', '2.5', '+Inf'];
const PROM3 = ['0.1', '0.5', '1', '2.5', '+Inf'];

function expand(kind: 'ttft' | 'e2e', les: string[], t: number, names: string[], model: string[] = []) {
  const catalog = catalogs.vllm;
  const resolved = resolveMetrics(catalog.metrics, new Set(names));
  const q = sloQuery(kind, locateThreshold(t, parseBounds(les)), les, resolved.has(`${kind}_count`));
  if (!q) return null;
  const r = expandQuery(q, catalog, { resolved, filters: { model_name: model }, rateInterval: '1h', by: [] });
  return 'expr' in r ? r.expr : null;
}

const TTFT = ['vllm:time_to_first_token_seconds_bucket', 'vllm:time_to_first_token_seconds_count'];

describe('sloQuery', () => {
  it('on a bound: that bucket and the _count, in the backend own spelling', () => {
    expect(expand('ttft', PROM2, 1, TTFT)).toBe(
      'sum by (le) (rate(vllm:time_to_first_token_seconds_bucket{le=~"1\\\\.0"}[1h])) or label_replace(sum(rate(vllm:time_to_first_token_seconds_count[1h])), "le", "count", "", "")',
    );
    expect(expand('ttft', PROM3, 1, TTFT)).toContain('{le=~"1"}');
  });

  it('between bounds: both neighbours; with filters on both sides', () => {
    const e = expand('ttft', PROM2, 0.7, TTFT, ['m"1']);
    expect(e).toContain('vllm:time_to_first_token_seconds_bucket{model_name="m\\"1", le=~"0\\\\.5|1\\\\.0"}');
    expect(e).toContain('vllm:time_to_first_token_seconds_count{model_name="m\\"1"}');
  });

  it('without _count: asks for the +Inf bucket as the total', () => {
    expect(expand('ttft', PROM2, 0.5, TTFT.slice(0, 1))).toBe('sum by (le) (rate(vllm:time_to_first_token_seconds_bucket{le=~"0\\\\.5|\\\\+Inf"}[1h]))');
  });

  it('no finite bound: no query', () => {
    expect(expand('ttft', ['+Inf'], 0.5, TTFT)).toBeNull();
  });
});

describe('effectiveSlo', () => {
  const config = { ttft: 0.5, objective: 0.995, models: { big: { ttft: 2, e2e: 60 } } };
  it('URL over per-model config over config defaults; off hides', () => {
    expect(effectiveSlo(DEFAULT_STATE, config, [])).toEqual({ thresholds: { ttft: 0.5, itl: null, e2e: null }, objective: 0.995 });
    expect(effectiveSlo(DEFAULT_STATE, config, ['big'])).toEqual({ thresholds: { ttft: 2, itl: null, e2e: 60 }, objective: 0.995 });
    const url = { slo: { ttft: 0.25, itl: null, e2e: 'off' as const }, sloObjective: 0.9 };
    expect(effectiveSlo(url, config, ['big'])).toEqual({ thresholds: { ttft: 0.25, itl: null, e2e: null }, objective: 0.9 });
    expect(effectiveSlo(DEFAULT_STATE, { models: {} }, []).objective).toBe(0.99);
  });
});

describe('shaping', () => {
  it('sums both spellings and reads the count', () => {
    const v = vectorSamples([
      { metric: { le: '1' }, value: [0, '3'] },
      { metric: { le: 'count' }, value: [0, '4'] },
    ]);
    expect(v).toEqual([
      { le: '1', value: 3 },
      { le: 'count', value: 4 },
    ]);
  });
  it('attainment per timestamp; a timestamp with zero traffic is "no traffic"', () => {
    const pos = locateThreshold(1, parseBounds(PROM3));
    const s = attainmentSeries(
      [
        col({ le: '1' }, [[10, '3'], [20, '0']]),
        col({ le: 'count' }, [[10, '4'], [20, '0']]),
      ],
      1,
      pos,
    );
    expect(s.map(([t, a]) => [t, a.kind === 'value' ? a.value : a.kind])).toEqual([
      [10, 0.75],
      [20, 'no-traffic'],
    ]);
  });
  it('selects a name PromQL cannot take bare by __name__', () => {
    expect(seriesSelector('vllm:x_bucket')).toBe('vllm:x_bucket');
    expect(seriesSelector('a.b_bucket')).toBe('{__name__="a.b_bucket"}');
  });
});

describe('sloColumns (model summary)', () => {
  const les = ['0.25', '0.5', '1.0', '+Inf'];
  const col = (t: number, hasCount = true) =>
    sloColumns([{ kind: 'ttft', threshold: t, position: locateThreshold(t, parseBounds(les)), leValues: les, hasCount }])[0];
  it('on a bound: the per-row ratio, idle rows without a sample', () => {
    const c = col(0.5)!;
    expect(c).toMatchObject({ id: 'ttft-slo', title: 'TTFT ≤ 0.5 s', unit: 'ratio', worse: 'lower' });
    expect(c.query.alternatives[0]!.expr).toBe(
      '(sum by ($__by) (rate({{ttft_bucket|le=~"0\\\\.5"}}[$__range])) / (sum by ($__by) (rate({{ttft_count}}[$__range])) > 0))',
    );
  });
  it('between bounds: interpolates in PromQL; without _count the +Inf bucket is the total', () => {
    const e = col(0.3, false)!.query.alternatives[0]!.expr;
    expect(e).toContain('le=~"0\\\\.25"');
    expect(e).toContain('le=~"\\\\+Inf"');
    expect(e).toMatch(/\* 0\.2\)$/);
  });
  it('below the first bound: the upper neighbour scaled from 0 s', () => {
    expect(col(0.1)!.query.alternatives[0]!.expr).toMatch(/^\(sum by .*0\\\\\.25.*\) \* 0\.4$/);
  });
});
