// The lifetime-rate template expands to valid PromQL with the range's seconds and a subquery window
// that reaches 5 min before the range's start.
import { describe, expect, it } from 'vitest';
import { expandQuery, type ExpandContext } from './promql';
import type { ResolvedMetric } from './resolve';
import { promqlErrors } from '../../test-support/catalog';
import { sumLifetimeRate } from './lifetime-rate';
import type { EngineCatalog } from './types';

const catalog: EngineCatalog = {
  engine: 'vllm',
  label: 'test',
  filterLabels: { model: 'model_name', instance: 'instance', rank: ['engine'] },
  presenceMetric: 'req',
  metrics: { req: { id: 'req', variants: ['vllm:request_success_total'], kind: 'counter', labels: ['model_name', 'finished_reason'], enabledBy: '' } },
  stats: [],
  panels: [],
};
const resolved = new Map<string, ResolvedMetric>([['req', { id: 'req', name: 'vllm:request_success_total', variantIndex: 0, rewrite: 'none' }]]);
const ctx = (range: number): ExpandContext => ({ resolved, filters: { model_name: ['m1'] }, rateInterval: '1m', by: ['model_name'], range });
const expand = (tpl: string, range: number) => {
  const out = expandQuery({ id: 'c', legend: '', alternatives: [{ expr: tpl }] }, catalog, ctx(range));
  if (!('expr' in out)) throw new Error('missing');
  return out.expr;
};

describe('sumLifetimeRate', () => {
  it('divides the increase by each instance’s lifetime, capped at the range', () => {
    const expr = expand(sumLifetimeRate('{{req|finished_reason="abort"}}', '{{req}}'), 1800);
    expect(promqlErrors(expr)).toEqual([]);
    expect(expr).toBe(
      'sum by (model_name) (increase(vllm:request_success_total{model_name="m1", finished_reason="abort"}[1800s]) / on (cluster, job, instance) group_left () ' +
        'clamp_min(clamp_max(time() - min_over_time(timestamp(group by (cluster, job, instance) (vllm:request_success_total{model_name="m1"}))[2100s:9s]), 1800), 1))',
    );
  });

  it('finds the start with `timestamp` of an aggregation, never of a bare selector (evaluated step by step, each step reading the series from the start: 10–15× slower)', () => {
    const expr = expand(sumLifetimeRate('{{req}}'), 3600);
    expect(expr).toContain('timestamp(group by (cluster, job, instance) (vllm:request_success_total{model_name="m1"}))[3900s:17s]');
    expect(expr).not.toMatch(/timestamp\([a-z_:]+(\{[^}]*\})?\)/);
  });

  it('keeps about 240 subquery steps whatever the range', () => {
    expect(expand(sumLifetimeRate('{{req}}'), 7 * 86400)).toContain('[605100s:2522s]');
    expect(expand(sumLifetimeRate('{{req}}'), 60)).toContain('[360s:2s]');
  });
});
