// SGLang logical metrics: current series names (spec/metrics/sglang.json) first, then legacy names.
import { appearsWith, counter, gauge, histogram, metrics, movesOnlyWith } from '../define';

// Scheduler-side collector: one series per logging rank. `dp_rank` appears with DP attention.
const S = ['model_name', 'engine_type', 'tp_rank', 'pp_rank', 'moe_ep_rank', 'dp_rank'];
// Gauges without a multiprocess mode also carry the process id.
const S_PID = [...S, 'pid'];
// Tokenizer-side collector: model_name only (plus is_streaming on some families since 2026).
const T = ['model_name', 'is_streaming'];
// HiCache storage / encoder collectors pass labels the research did not read: only target
// labels are declared, so model filters are not applied to them rather than dropping every series.
const UNKNOWN: string[] = [];

const ON = '--enable-metrics';
const HICACHE = '--enable-hierarchical-cache';
const HICACHE_L3 = '--enable-hierarchical-cache --hicache-storage-backend';
const LORA = '--enable-lora';
const ENCODER = '--encoder-only';
const SPEC = '--speculative-algorithm';
const FIRST_REQUEST = 'the first finished request';

export const sglangMetrics = metrics([
  // Scheduler state (`num_requests_running/waiting` are spellings some forks used)
  gauge('running', ['sglang:num_running_reqs', 'sglang:num_requests_running'], S, ON),
  gauge('waiting', ['sglang:num_queue_reqs', 'sglang:num_requests_waiting'], S, ON),
  gauge('grammar_queue', ['sglang:num_grammar_queue_reqs'], S, ON),
  gauge('gen_throughput', ['sglang:gen_throughput'], S, ON),
  gauge('cache_hit_rate', ['sglang:cache_hit_rate'], S, ON),
  gauge('token_usage', ['sglang:token_usage'], S, ON),
  gauge('swa_token_usage', ['sglang:swa_token_usage'], S, ON),
  gauge('used_tokens', ['sglang:num_used_tokens'], S, ON),
  // Registered whatever the setup; 0 unless speculative decoding is on (metrics/sglang.json notes).
  movesOnlyWith(SPEC, gauge('spec_accept_length', ['sglang:spec_accept_length'], S, ON)),
  movesOnlyWith(SPEC, gauge('spec_accept_rate', ['sglang:spec_accept_rate'], S, ON)),

  // Retractions: counter since Dec 2025; before that only gauges.
  counter('retractions', ['sglang:num_retracted_requests_total'], S, ON),
  gauge('retracted_reqs_gauge', ['sglang:num_retracted_reqs'], S_PID, ON),

  // PD disaggregation queues and transfer (values only with --disaggregation-mode)
  gauge('prefill_bootstrap_queue', ['sglang:num_prefill_bootstrap_queue_reqs', 'sglang:num_prefill_prealloc_queue_reqs'], S, ON),
  gauge('prefill_inflight_queue', ['sglang:num_prefill_inflight_queue_reqs'], S, ON),
  gauge('decode_prealloc_queue', ['sglang:num_decode_prealloc_queue_reqs'], S, ON),
  gauge('decode_transfer_queue', ['sglang:num_decode_transfer_queue_reqs'], S, ON),
  counter('bootstrap_failed', ['sglang:num_bootstrap_failed_reqs_total'], S, ON),
  counter('transfer_failed', ['sglang:num_transfer_failed_reqs_total'], S, ON),
  // Histograms since 2026; gauges of the same family name before (a legacy kind).
  histogram('kv_transfer_latency', ['sglang:kv_transfer_latency_ms'], S, ON),
  gauge('kv_transfer_latency_gauge', ['sglang:kv_transfer_latency_ms'], S, ON),
  histogram('kv_transfer_speed', ['sglang:kv_transfer_speed_gb_s'], S, ON),
  histogram('kv_transfer_bootstrap', ['sglang:kv_transfer_bootstrap_ms'], S, ON),
  histogram('kv_transfer_alloc', ['sglang:kv_transfer_alloc_ms'], S, ON),
  gauge('kv_transfer_speed_gauge', ['sglang:kv_transfer_speed_gb_s'], S, ON),

  // Tokens and requests (tokenizer side; incremented when a request finishes). Every tokenizer
  // family is labelled, so it has no series before its first event.
  appearsWith(FIRST_REQUEST, counter('prompt_tokens', ['sglang:prompt_tokens_total'], T, ON)),
  appearsWith(FIRST_REQUEST, counter('generation_tokens', ['sglang:generation_tokens_total'], T, ON)),
  appearsWith('the first request with cached prompt tokens', counter('cached_tokens', ['sglang:cached_tokens_total'], ['model_name', 'cache_source'], ON)),
  appearsWith(FIRST_REQUEST, counter('requests', ['sglang:num_requests_total'], T, ON)),
  appearsWith('the first structured-output request', counter('so_requests', ['sglang:num_so_requests_total'], ['model_name'], ON)),
  appearsWith('the first aborted request', counter('aborted_requests', ['sglang:num_aborted_requests_total'], ['model_name'], ON)),
  appearsWith(FIRST_REQUEST, histogram('prompt_length', ['sglang:prompt_tokens_histogram'], ['model_name'], ON)),
  appearsWith(FIRST_REQUEST, histogram('generation_length', ['sglang:generation_tokens_histogram'], ['model_name'], ON)),

  // Latency
  appearsWith('the first request', histogram('ttft', ['sglang:time_to_first_token_seconds'], T, ON)),
  // `_count` counts tokens, not requests (the observer adds num_new_tokens to one bucket).
  appearsWith('the first request', histogram('itl', ['sglang:inter_token_latency_seconds', 'sglang:time_per_output_token_seconds'], T, ON)),
  appearsWith(FIRST_REQUEST, histogram('e2e', ['sglang:e2e_request_latency_seconds'], T, ON)),
  histogram('queue', ['sglang:queue_time_seconds', 'sglang:queue_time_s'], S, ON),
  histogram('stage_latency', ['sglang:per_stage_req_latency_seconds'], [...S, 'stage'], ON),

  // Structured output / grammar
  histogram('grammar_compile', ['sglang:grammar_compilation_time_seconds'], S, ON),
  counter('grammar_cache_hits', ['sglang:num_grammar_cache_hit_total'], S, ON),
  counter('grammar_aborted', ['sglang:num_grammar_aborted_total'], S, ON),
  counter('grammar_requests', ['sglang:num_grammar_total'], S, ON),

  // MFU estimates (2026 releases)
  counter('flops', ['sglang:estimated_flops_per_gpu_total'], S, ON),
  counter('read_bytes', ['sglang:estimated_read_bytes_per_gpu_total'], S, ON),
  counter('write_bytes', ['sglang:estimated_write_bytes_per_gpu_total'], S, ON),

  // HiCache
  gauge('hicache_host_used', ['sglang:hicache_host_used_tokens'], S, HICACHE),
  gauge('hicache_host_total', ['sglang:hicache_host_total_tokens'], S, HICACHE),
  counter('prefetched_tokens', ['sglang:prefetched_tokens_total'], UNKNOWN, HICACHE_L3),
  counter('backuped_tokens', ['sglang:backuped_tokens_total'], UNKNOWN, HICACHE_L3),
  histogram('prefetch_bandwidth', ['sglang:prefetch_bandwidth'], UNKNOWN, HICACHE_L3),
  histogram('backup_bandwidth', ['sglang:backup_bandwidth'], UNKNOWN, HICACHE_L3),

  // Multimodal encoder cache (EPD encoder servers)
  counter('encoder_cache_hit_tokens', ['sglang:encoder_cache_hit_tokens_total'], ['modality'], ENCODER),
  counter('encoder_cache_total_tokens', ['sglang:encoder_cache_total_tokens_total'], ['modality'], ENCODER),

  // LoRA pool
  gauge('lora_pool_utilization', ['sglang:lora_pool_utilization'], S, LORA),
  gauge('lora_pool_used', ['sglang:lora_pool_slots_used'], S, LORA),

  // KV pool in tokens (2026): capacity is a constant; used + evictable + available fill the pool.
  gauge('max_total_num_tokens', ['sglang:max_total_num_tokens'], S, ON),
  // Pool geometry: constant gauges since ≈0.5.12, labels of an info gauge (value 1) ≈0.5.8–0.5.11.
  gauge('page_size', ['sglang:page_size'], S, ON),
  gauge('num_pages', ['sglang:num_pages'], S, ON),
  gauge('cache_config_info', ['sglang:cache_config_info'], [...S, 'page_size', 'num_pages'], ON),
  gauge('kv_used_tokens', ['sglang:kv_used_tokens'], S, ON),
  gauge('kv_evictable_tokens', ['sglang:kv_evictable_tokens'], S, ON),
  gauge('kv_available_tokens', ['sglang:kv_available_tokens'], S, ON),
  counter('retracted_input_tokens', ['sglang:num_retracted_input_tokens_total'], S, ON),
  counter('retracted_output_tokens', ['sglang:num_retracted_output_tokens_total'], S, ON),
  gauge('paused_reqs', ['sglang:num_paused_reqs'], S_PID, ON),
  counter('cuda_graph_passes', ['sglang:cuda_graph_passes_total'], [...S, 'mode'], ON),
  counter('realtime_tokens', ['sglang:realtime_tokens_total'], [...S, 'mode'], ON),
  counter('spec_verify_calls', ['sglang:spec_verify_calls_total'], ['model_name'], ON),
  histogram('uncached_prompt_length', ['sglang:uncached_prompt_tokens_histogram'], ['model_name'], ON),
  // Decorated functions (`name` only, no model_name): the tokenizer manager's own timings.
  histogram('func_latency', ['sglang:func_latency_seconds'], ['name'], ON),

  // Constant 0 (−1 on prefill nodes): the code never sets max_running_requests_under_SLO (sglang
  // issue #22713). Known here only so that Other metrics does not chart it as a utilisation.
  gauge('utilization', ['sglang:utilization'], S, ON),

  // Startup (per-phase gauge since 2026; single gauges before)
  gauge('startup_time', ['sglang:startup_time_seconds'], ['model_name', 'phase'], ON),
  gauge('engine_startup_time', ['sglang:engine_startup_time'], S, ON),
]);

/** SGLang's default latency bucket bounds (spec/metrics/sglang.json). */
export const SGLANG_BUCKETS = {
  ttft: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100, 200, 400],
  itl: [0.002, 0.004, 0.006, 0.008, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.06, 0.08, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8],
  e2e: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 8, 10, 20, 40, 60, 80, 100, 200, 400, 600, 1200, 1800, 2400],
} as const;
