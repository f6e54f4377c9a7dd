// Name resolution against real name lists: today's names, legacy names, `:`→`_`, vendor prefixes.
import { describe, expect, it } from 'vitest';
import { catalogs } from './index';
import { candidateNames, resolveMetrics } from './resolve';
import { currentSeries, legacySeries } from './test-support';
import type { EngineId } from './types';

const underscored = (names: string[]) => names.map((n) => n.replace(/:/g, '_'));
const names = (engine: EngineId, list: string[], ids: string[]) => {
  const r = resolveMetrics(catalogs[engine].metrics, new Set(list));
  return Object.fromEntries(ids.map((id) => [id, r.get(id)?.name]));
};

describe('resolveMetrics', () => {
  it.each(['vllm', 'sglang'] as const)('%s: resolves every metric exposed today to its current name', (engine) => {
    const list = currentSeries(engine);
    const r = resolveMetrics(catalogs[engine].metrics, new Set(list));
    for (const m of Object.values(catalogs[engine].metrics)) {
      const current = m.variants[0] ?? '';
      if (!list.includes(current)) continue;
      expect(r.get(m.id), m.id).toEqual({ id: m.id, name: current, variantIndex: 0, rewrite: 'none' });
    }
    expect(r.get('running')?.name).toBe(engine === 'vllm' ? 'vllm:num_requests_running' : 'sglang:num_running_reqs');
  });

  it('vLLM: falls back to legacy names', () => {
    expect(names('vllm', legacySeries('vllm'), ['kv_cache_usage', 'itl_bucket', 'prefix_cache_hits', 'prefix_cache_queries', 'queue_bucket'])).toEqual({
      kv_cache_usage: 'vllm:gpu_cache_usage_perc',
      itl_bucket: 'vllm:time_per_output_token_seconds_bucket',
      prefix_cache_hits: 'vllm:gpu_prefix_cache_hits_total',
      prefix_cache_queries: 'vllm:gpu_prefix_cache_queries_total',
      queue_bucket: 'vllm:time_in_queue_requests_bucket',
    });
    const r = resolveMetrics(catalogs.vllm.metrics, new Set(legacySeries('vllm')));
    expect(r.get('kv_cache_usage')).toMatchObject({ variantIndex: 1, rewrite: 'none' });
    expect(r.get('prefix_cache_hit_rate_v0')?.name).toBe('vllm:gpu_prefix_cache_hit_rate');
  });

  it('SGLang: falls back to legacy names', () => {
    expect(names('sglang', legacySeries('sglang'), ['queue_bucket', 'prefill_bootstrap_queue'])).toEqual({
      queue_bucket: 'sglang:queue_time_s_bucket',
      prefill_bootstrap_queue: 'sglang:num_prefill_prealloc_queue_reqs',
    });
    expect(names('sglang', ['sglang:num_requests_running', 'sglang:num_requests_waiting'], ['running', 'waiting'])).toEqual({
      running: 'sglang:num_requests_running',
      waiting: 'sglang:num_requests_waiting',
    });
  });

  it.each(['vllm', 'sglang'] as const)('%s: follows a pipeline that rewrites : to _', (engine) => {
    const r = resolveMetrics(catalogs[engine].metrics, new Set(underscored(currentSeries(engine))));
    const running = r.get('running');
    expect(running).toMatchObject({ variantIndex: 0, rewrite: 'underscore' });
    expect(running?.name).toBe(engine === 'vllm' ? 'vllm_num_requests_running' : 'sglang_num_running_reqs');
    expect(r.get('ttft_bucket')?.name).toBe(`${engine}_time_to_first_token_seconds_bucket`);
  });

  it('follows Ray and KServe prefixes on both spellings', () => {
    const ray = resolveMetrics(catalogs.vllm.metrics, new Set(currentSeries('vllm').map((n) => `ray_${n.replace(/:/g, '_')}`)));
    expect(ray.get('generation_tokens')).toEqual({
      id: 'generation_tokens',
      name: 'ray_vllm_generation_tokens_total',
      variantIndex: 0,
      rewrite: 'prefix',
      prefix: 'ray_',
    });
    const kserve = resolveMetrics(catalogs.vllm.metrics, new Set(currentSeries('vllm').map((n) => `kserve_${n}`)));
    expect(kserve.get('kv_cache_usage')).toMatchObject({ name: 'kserve_vllm:kv_cache_usage_perc', prefix: 'kserve_' });
  });

  it('detects an unknown prefix, but not for names outside the engine namespace', () => {
    const r = resolveMetrics(catalogs.vllm.metrics, new Set(['acme_vllm:num_requests_running', 'prometheus_http_requests_total', 'x_y_vllm_num_requests_waiting']));
    expect(r.get('running')).toMatchObject({ name: 'acme_vllm:num_requests_running', rewrite: 'prefix', prefix: 'acme_' });
    expect(r.get('waiting')).toMatchObject({ name: 'x_y_vllm_num_requests_waiting', prefix: 'x_y_' });
    expect(r.has('http_requests')).toBe(false);
  });

  it('an unknown prefix is followed up to 256 characters of name; longer names are left out', () => {
    const long = `${'a_'.repeat(200)}vllm:num_requests_running`;
    const bombs = Array.from({ length: 10 }, (_v, i) => `m${i}${'_'.repeat(200_000)}`);
    const r = resolveMetrics(catalogs.vllm.metrics, new Set([long, ...bombs, `${'b'.repeat(200)}_vllm:num_requests_waiting`]));
    expect(r.has('running')).toBe(false);
    expect(r.get('waiting')).toMatchObject({ rewrite: 'prefix', prefix: `${'b'.repeat(200)}_` });
  });

  it('prefers the current name over a legacy one in a mixed list, whatever the spelling', () => {
    const mixed = ['vllm:gpu_cache_usage_perc', 'vllm:kv_cache_usage_perc', 'vllm:time_per_output_token_seconds_bucket', 'ray_vllm_inter_token_latency_seconds_bucket'];
    expect(names('vllm', mixed, ['kv_cache_usage', 'itl_bucket'])).toEqual({
      kv_cache_usage: 'vllm:kv_cache_usage_perc',
      itl_bucket: 'ray_vllm_inter_token_latency_seconds_bucket',
    });
    const sg = ['sglang:queue_time_s_bucket', 'sglang:queue_time_seconds_bucket', 'sglang:num_retracted_reqs'];
    expect(names('sglang', sg, ['queue_bucket', 'retractions', 'retracted_reqs_gauge'])).toEqual({
      queue_bucket: 'sglang:queue_time_seconds_bucket',
      retractions: undefined,
      retracted_reqs_gauge: 'sglang:num_retracted_reqs',
    });
  });

  it('leaves absent metrics out', () => {
    expect(resolveMetrics(catalogs.sglang.metrics, new Set()).size).toBe(0);
  });
});

describe('candidateNames', () => {
  it('lists every exact spelling in order', () => {
    const m = catalogs.vllm.metrics.kv_cache_usage;
    if (!m) throw new Error('kv_cache_usage');
    expect(candidateNames(m)).toEqual([
      'vllm:kv_cache_usage_perc',
      'vllm_kv_cache_usage_perc',
      'ray_vllm:kv_cache_usage_perc',
      'ray_vllm_kv_cache_usage_perc',
      'kserve_vllm:kv_cache_usage_perc',
      'kserve_vllm_kv_cache_usage_perc',
      'vllm:gpu_cache_usage_perc',
      'vllm_gpu_cache_usage_perc',
      'ray_vllm:gpu_cache_usage_perc',
      'ray_vllm_gpu_cache_usage_perc',
      'kserve_vllm:gpu_cache_usage_perc',
      'kserve_vllm_gpu_cache_usage_perc',
    ]);
  });
});
