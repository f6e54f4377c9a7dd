// Conformance: every emitted series name, type and label set exists in the ground-truth
// catalogs (spec/metrics/*.json), and `--features all` covers the article's sections 2 and 3.
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { parseExposition, type Exposition } from './parse-exposition.ts';
import { ENGINES, type FamilySpec, loadSpec, type EngineKind } from './spec.ts';

const T0 = Date.UTC(2025, 0, 1, 12);

interface Allowed {
  spec: FamilySpec;
  types: string[];
}

const SUFFIXES = ['_bucket', '_sum', '_count', '_created'];

function allowedSeries(engine: EngineKind, legacy: boolean): Map<string, Allowed> {
  const out = new Map<string, Allowed>();
  const add = (name: string, spec: FamilySpec, types: string[]): void => {
    out.set(name, { spec, types });
  };
  for (const spec of loadSpec(engine).values()) {
    const present = spec.present?.['C_2026_observability@016d8605'];
    if (legacy || present !== false) {
      for (const s of spec.exposed_series) if (!s.startsWith('(')) add(s, spec, [spec.type]);
    }
    if (!legacy) continue;
    const byVersion = (spec as FamilySpec & { exposed_series_by_version?: Record<string, string[]> }).exposed_series_by_version ?? {};
    for (const list of Object.values(byVersion)) for (const s of list) if (!out.has(s)) add(s, spec, ['gauge']);
    for (const l of spec.legacy_names) {
      const name = l.split(' ')[0] ?? '';
      if (!/^[a-z0-9_]+(:[a-z0-9_]+)?$/.test(name)) continue; // trtllm's first collector had no prefix at all
      const base = name.replace(/_total$/, '');
      if (spec.type === 'counter') ['_total', '_created'].forEach((x) => add(`${base}${x}`, spec, ['counter']));
      else if (spec.type === 'histogram') SUFFIXES.forEach((x) => add(`${name}${x}`, spec, ['histogram']));
      else add(name, spec, [spec.type]);
    }
  }
  return out;
}

function check(engine: EngineKind, exp: Exposition, legacy: boolean, underscore: boolean): string[] {
  const allowed = allowedSeries(engine, legacy);
  const problems: string[] = [];
  const prefix = `${engine}:`;
  // `underscore` turns `engine:` into `engine_`; trtllm's names are `trtllm_…` already.
  const colons = [...loadSpec(engine).keys()].some((f) => f.startsWith(prefix));
  const wire = (n: string): string => (underscore && colons && n.startsWith(`${engine}_`) ? prefix + n.slice(engine.length + 1) : n);
  for (const [name, type] of exp.types) {
    const a = allowed.get(wire(name));
    if (!a) continue; // _created gauges and histogram families are checked through their samples
    if (!name.endsWith('_created') && !a.types.includes(type)) problems.push(`${name}: TYPE ${type}, catalog says ${a.types.join('/')}`);
  }
  for (const s of exp.samples) {
    const name = wire(s.name);
    const a = allowed.get(name);
    if (!a) {
      problems.push(`unknown series ${s.name}`);
      continue;
    }
    const catalog = a.spec.labels.filter((l) => !l.startsWith('<'));
    const placeholder = a.spec.labels.some((l) => l.startsWith('<'));
    const extra = new Set(['dp_rank', ...(placeholder ? ['model_name'] : []), ...(name.endsWith('_bucket') ? ['le'] : [])]);
    const labels = Object.keys(s.labels);
    if (a.spec.family === 'vllm:cache_config_info') continue; // labels are CacheConfig's fields
    for (const l of labels) if (!catalog.includes(l) && !extra.has(l)) problems.push(`${s.name}: unexpected label ${l}`);
    // Today's label sets are complete; older releases lacked some (engine, moe_ep_rank, is_streaming, cache_source).
    if (!legacy) for (const l of catalog) if (!labels.includes(l)) problems.push(`${s.name}: missing label ${l}`);
  }
  return [...new Set(problems)];
}

function render(features: string, profile: 'default' | 'legacy' | 'underscore'): { engine: EngineKind; exp: Exposition }[] {
  const fleet = createFleet({ startMs: T0, seed: 5, features, profile, engines: ENGINES });
  for (const inst of fleet.instances) inst.advanceTo(T0 + 20 * 60_000);
  return fleet.instances.map((i) => ({ engine: i.spec.engine, exp: parseExposition(i.renderText()) }));
}

describe.each([
  ['', 'default'],
  ['all', 'default'],
  ['all', 'legacy'],
  ['all', 'underscore'],
] as const)('features=%j profile=%s', (features, profile) => {
  it('emits only catalogued names, types and labels', () => {
    for (const { engine, exp } of render(features, profile)) {
      expect(check(engine, exp, profile === 'legacy', profile === 'underscore')).toEqual([]);
      if (profile === 'underscore') expect(exp.samples.some((s) => s.name.includes(':'))).toBe(false);
    }
  });
});

// Families named in the article's sections 2-3, as catalogue families.
const ARTICLE_VLLM = `num_requests_running num_requests_waiting num_requests_waiting_by_reason engine_sleep_state kv_cache_usage_perc
num_preemptions request_success corrupted_requests cache_config_info lora_requests_info prompt_tokens prompt_tokens_by_source
prompt_tokens_cached generation_tokens iteration_tokens_total request_prompt_tokens request_generation_tokens
request_max_num_generation_tokens request_params_n request_params_max_tokens request_prefill_kv_computed_tokens
time_to_first_token_seconds inter_token_latency_seconds request_time_per_output_token_seconds e2e_request_latency_seconds
request_queue_time_seconds request_inference_time_seconds request_prefill_time_seconds request_decode_time_seconds
prefix_cache_queries prefix_cache_hits external_prefix_cache_queries external_prefix_cache_hits mm_cache_queries mm_cache_hits
kv_block_lifetime_seconds kv_block_idle_before_evict_seconds kv_block_reuse_gap_seconds spec_decode_num_drafts
spec_decode_num_draft_tokens spec_decode_num_accepted_tokens spec_decode_num_accepted_tokens_per_pos
diffusion_num_denoising_steps diffusion_num_canvas_positions diffusion_num_committed_tokens estimated_flops_per_gpu_total
estimated_read_bytes_per_gpu_total estimated_write_bytes_per_gpu_total nixl_xfer_time_seconds nixl_post_time_seconds
nixl_bytes_transferred nixl_num_descriptors nixl_num_failed_transfers nixl_num_failed_notifications nixl_num_kv_expired_reqs
hf3fs_save_duration_seconds hf3fs_load_duration_seconds hf3fs_num_failed_save hf3fs_num_failed_load
mooncake_store_operation_time_seconds mooncake_store_operation_total mooncake_store_operation_keys_total
mooncake_store_operation_bytes_total mooncake_store_operation_failed_keys_total websocket_connections_active
websocket_connections_total websocket_connection_duration_seconds`.split(/\s+/);

const ARTICLE_SGLANG = `num_running_reqs num_used_tokens token_usage swa_token_usage gen_throughput num_queue_reqs num_grammar_queue_reqs
num_running_reqs_offline_batch avg_request_queue_latency cache_hit_rate utilization max_running_requests_under_SLO
total_retracted_reqs num_retracted_reqs num_paused_reqs prompt_tokens generation_tokens cached_tokens num_requests
num_so_requests num_aborted_requests prompt_tokens_histogram generation_tokens_histogram time_to_first_token_seconds
time_to_first_token_seconds_offline_batch inter_token_latency_seconds e2e_request_latency_seconds queue_time_seconds
spec_accept_length num_prefill_bootstrap_queue_reqs num_prefill_inflight_queue_reqs num_decode_prealloc_queue_reqs
num_decode_transfer_queue_reqs num_bootstrap_failed_reqs num_transfer_failed_reqs kv_transfer_speed_gb_s kv_transfer_latency_ms
grammar_compilation_time_seconds num_grammar_cache_hit num_grammar_aborted num_grammar grammar_schema_count grammar_ebnf_size
grammar_tree_traversal_time_avg grammar_tree_traversal_time_max prefetched_tokens backuped_tokens prefetch_pgs backup_pgs
prefetch_bandwidth backup_bandwidth engine_startup_time engine_load_weights_time startup_latency_breakdown_seconds_max
func_latency_seconds`.split(/\s+/);

/** Deliberate exceptions, with the reason. */
const NOT_EMITTED: Record<string, string> = {
  'sglang:startup_latency_breakdown_seconds_max': 'presence at HEAD unverified in the catalog',
};

describe('--features all covers the article (sections 2-3)', () => {
  it('emits every article family that the current engines still have', () => {
    const out = render('all', 'default');
    const missing: string[] = [];
    for (const [engine, names] of [['vllm', ARTICLE_VLLM], ['sglang', ARTICLE_SGLANG]] as const) {
      const catalog = loadSpec(engine);
      const emitted = new Set(out.filter((o) => o.engine === engine).flatMap((o) => o.exp.samples.map((s) => s.name)));
      for (const short of names) {
        const family = `${engine}:${short}`;
        const spec = catalog.get(family);
        if (!spec) throw new Error(`${family} not in the catalog`);
        if (spec.present?.['C_2026_observability@016d8605'] === false || NOT_EMITTED[family]) continue;
        if (!spec.exposed_series.some((s) => emitted.has(s))) missing.push(family);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** Catalogued families of the newer engines that the simulator leaves out, with the reason. */
const NOT_SIMULATED_FAMILIES: Record<string, string> = {
  'lmdeploy:backend_config_info': 'label set = the backend config fields passed to Info.info(), not traced',
  'lmdeploy:spec_decode_num_drafts': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_num_draft_tokens': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_num_accepted_tokens': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_num_accepted_tokens_per_pos': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_mean_accept_rate': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_mean_accept_length': 'speculative decoding is not simulated for LMDeploy',
  'lmdeploy:spec_decode_per_position_accept_rate': 'speculative decoding is not simulated for LMDeploy',
  trtllm_prompt_cache_hit_tokens: 'multi-level (host/disk) KV cache tiers are not simulated',
  trtllm_request_error: 'HTTP errors are not simulated for trtllm-serve (no child until the first error)',
  trtllm_spec_decode_drafted_tokens: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_spec_decode_accepted_tokens: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_spec_decode_num_draft_tokens: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_spec_decode_num_accepted_tokens: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_spec_decode_acceptance_length: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_spec_decode_draft_overhead: 'speculative decoding is not simulated for trtllm-serve',
  trtllm_prefill_perplexity: 'perplexities are not simulated',
  trtllm_generation_perplexity: 'perplexities are not simulated',
  trtllm_kv_cache_host_utilization: 'no secondary (host) KV pool is simulated',
  trtllm_kv_cache_iter_reuse_rate: 'V2 per-iteration KV cache stats are not simulated',
  trtllm_cpu_memory_usage_bytes: 'not reported by the PyTorch backend (trtllm-serve docs)',
  trtllm_pinned_memory_usage_bytes: 'not reported by the PyTorch backend (trtllm-serve docs)',
};

describe.each(['lmdeploy', 'trtllm'] as const)('%s (default profile)', (engine) => {
  it('emits every catalogued family except the listed ones, and the listed ones not at all', () => {
    const emitted = new Set(render('', 'default').filter((o) => o.engine === engine).flatMap((o) => o.exp.samples.map((s) => s.name)));
    const missing: string[] = [];
    const unexpected: string[] = [];
    for (const spec of loadSpec(engine).values()) {
      const seen = spec.exposed_series.some((s) => emitted.has(s));
      if (NOT_SIMULATED_FAMILIES[spec.family] ? seen : !seen) (seen ? unexpected : missing).push(spec.family);
    }
    expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] });
  });
});
