// Name resolution against real name lists: today's names, legacy names, `:`→`_`, vendor prefixes.
import { describe, expect, it } from 'vitest';
import { bareNameMatch, detectEngine, ENGINES, presenceNames, resolveEngines, VLLM_BARE } from './engines';
import { catalogs } from './index';
import { expandQuery } from './promql';
import { candidateNames, resolveMetrics } from './resolve';
import { currentSeries, legacySeries } from '../../test-support/catalog';
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

  it('follows SGLang under Ray Serve (ray_sglang_…) and the earlier adapter (ray_serve_sglang_…)', () => {
    const list = (p: string) => new Set(currentSeries('sglang').map((n) => p + n.replace(/:/g, '_')));
    expect(resolveMetrics(catalogs.sglang.metrics, list('ray_')).get('running')).toMatchObject({ name: 'ray_sglang_num_running_reqs', prefix: 'ray_' });
    expect(resolveMetrics(catalogs.sglang.metrics, list('ray_serve_')).get('ttft_bucket')).toMatchObject({
      name: 'ray_serve_sglang_time_to_first_token_seconds_bucket',
      prefix: 'ray_serve_',
    });
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

  // A NIM for LLMs body (v0.8-era vLLM set, `vllm:` dropped, `model_name` only).
  const NIM = [
    'num_requests_running', 'num_requests_waiting', 'gpu_cache_usage_perc', 'prompt_tokens_total', 'generation_tokens_total',
    'request_success_total', 'num_preemptions_total',
    ...['time_to_first_token_seconds', 'time_per_output_token_seconds', 'e2e_request_latency_seconds', 'request_prompt_tokens'].flatMap((h) => [`${h}_bucket`, `${h}_sum`, `${h}_count`]),
  ];

  it('vLLM: takes names without the vllm: prefix (NVIDIA NIM) for vLLM, and says so', () => {
    const r = resolveMetrics(catalogs.vllm.metrics, new Set(NIM), { bare: VLLM_BARE });
    expect(r.get('running')).toEqual({ id: 'running', name: 'num_requests_running', variantIndex: 0, rewrite: 'bare' });
    expect(Object.fromEntries(['kv_cache_usage', 'itl_bucket', 'ttft_bucket', 'request_success', 'e2e_count'].map((id) => [id, r.get(id)?.name]))).toEqual({
      kv_cache_usage: 'gpu_cache_usage_perc',
      itl_bucket: 'time_per_output_token_seconds_bucket',
      ttft_bucket: 'time_to_first_token_seconds_bucket',
      request_success: 'request_success_total',
      e2e_count: 'e2e_request_latency_seconds_count',
    });
    // Detection follows: a NIM-only backend shows vLLM, not the default by accident of order.
    const reversed = [...ENGINES].reverse();
    const resolvedBy = resolveEngines(reversed, new Set(NIM));
    expect(detectEngine(reversed, presenceNames(reversed, resolvedBy), null)).toBe('vllm');
  });

  it('vLLM: never takes another exporter\'s unprefixed families for the engine', () => {
    // Without the option (and for SGLang) bare names are nobody's.
    expect(resolveMetrics(catalogs.vllm.metrics, new Set(NIM)).size).toBe(0);
    expect(resolveMetrics(catalogs.sglang.metrics, new Set(NIM)).size).toBe(0);
    // One stray family is not an engine: the core set must be there.
    const stray = resolveMetrics(catalogs.vllm.metrics, new Set(['num_requests_running', 'request_success_total']), { bare: VLLM_BARE });
    expect(stray.size).toBe(0);
    // A histogram needs its three parts; a counter's name ends in _total.
    const partial = NIM.filter((n) => n !== 'e2e_request_latency_seconds_sum');
    const r = resolveMetrics(catalogs.vllm.metrics, new Set(partial), { bare: VLLM_BARE });
    expect(r.has('e2e_bucket')).toBe(false);
    expect(r.has('ttft_bucket')).toBe(true);
    // The backend is asked for bare names only on series carrying model_name.
    const [match, ...more] = bareNameMatch(ENGINES);
    expect(more).toEqual([]);
    expect(match).toMatch(/^\{__name__=~"\(.*\)", model_name!=""\}$/);
    expect(match).toContain('|num_requests_running|');
    expect(match).toContain('|time_to_first_token_seconds_(bucket|sum|count)|');
    // vllm:cache_config_info has no model_name: its bare name could be anyone's.
    expect(match).not.toContain('cache_config_info');
  });

  it('prefers any prefixed spelling over the bare one', () => {
    const r = resolveMetrics(catalogs.vllm.metrics, new Set([...NIM, 'vllm:num_requests_running']), { bare: VLLM_BARE });
    expect(r.get('running')).toMatchObject({ name: 'vllm:num_requests_running', rewrite: 'none' });
  });

  it('leaves absent metrics out', () => {
    expect(resolveMetrics(catalogs.sglang.metrics, new Set()).size).toBe(0);
  });
});

describe('SGLang request rate before sglang:num_requests_total', () => {
  const sg = catalogs.sglang;
  const expand = (list: string[], q: { alternatives: { expr: string; note?: string }[]; id: string; legend: string } | undefined) => {
    if (!q) throw new Error('no query');
    return expandQuery(q, sg, { resolved: resolveMetrics(sg.metrics, new Set(list)), filters: {}, rateInterval: '1m', by: ['model_name'] });
  };
  const e2e = ['_bucket', '_sum', '_count'].map((s) => `sglang:e2e_request_latency_seconds${s}`);
  const panelQuery = sg.panels.find((p) => p.id === 'request-rate')?.queries[0];
  const tileQuery = sg.stats.find((s) => s.id === 'request-rate')?.query;

  it.each([
    ['panel', panelQuery],
    ['tile', tileQuery],
  ])('%s: counts finished requests from the e2e histogram, and says so', (_what, q) => {
    const out = expand(e2e, q);
    expect(out).toMatchObject({ alternativeIndex: 1, note: expect.stringContaining('releases before sglang:num_requests_total') });
    expect('expr' in out ? out.expr : '').toContain('rate(sglang:e2e_request_latency_seconds_count[1m])');
  });

  it('uses num_requests_total where it exists', () => {
    const out = expand([...e2e, 'sglang:num_requests_total'], panelQuery);
    expect(out).toMatchObject({ alternativeIndex: 0, expr: 'sum by (model_name) (rate(sglang:num_requests_total[1m]))' });
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
