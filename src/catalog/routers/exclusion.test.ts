import { describe, expect, it } from 'vitest';
import { catalogs, expandQuery, resolveMetrics } from '..';
import { routerExclusion } from './exclusion';

describe('router exclusion on engine selectors', () => {
  it('requires the router label empty only on names a router re-exports', () => {
    expect(routerExclusion({ name: 'vllm:num_requests_running', rewrite: 'none' })).toEqual(['server=""']);
    expect(routerExclusion({ name: 'vllm:kv_cache_usage_perc', rewrite: 'none' })).toEqual([]);
    expect(routerExclusion({ name: 'sglang_num_running_reqs', rewrite: 'underscore' })).toEqual(['worker_addr=""']);
    expect(routerExclusion({ name: 'vllm_router_running_requests', rewrite: 'underscore' })).toEqual([]);
    expect(routerExclusion({ name: 'num_requests_running', rewrite: 'bare' })).toEqual(['gateway_pod=""']);
  });

  it('shows in the PromQL of the Running tile (the panel menu prints this expression)', () => {
    const c = catalogs.vllm;
    const resolved = resolveMetrics(c.metrics, new Set(['vllm:num_requests_running', 'vllm:num_requests_waiting']));
    const query = c.stats.find((st) => st.id === 'running')?.query;
    if (!query) throw new Error('no running tile');
    const out = expandQuery(query, c, { resolved, filters: {}, rateInterval: '1m', by: ['model_name'] });
    expect('expr' in out && out.expr).toBe('sum(vllm:num_requests_running{server=""})');
  });
});

describe('router names under an engine word', () => {
  it('are never an engine’s other metrics', async () => {
    const { isRouterOwnName } = await import('./exclusion');
    expect(isRouterOwnName('vllm:current_qps')).toBe(true);
    expect(isRouterOwnName('vllm:request_latency_seconds_bucket')).toBe(true);
    expect(isRouterOwnName('vllm_router_processed_requests_total')).toBe(true);
    expect(isRouterOwnName('vllm:e2e_request_latency_seconds_bucket')).toBe(false);
    expect(isRouterOwnName('vllm:num_requests_running')).toBe(false);
  });
});
