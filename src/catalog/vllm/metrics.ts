// vLLM logical metrics: current series names (spec/metrics/vllm.json) first, then legacy names.
import { appearsWith, counter, gauge, histogram, metrics, movesOnlyWith } from '../define';

const L = ['model_name', 'engine'];
const DEFAULT = 'default (absent with --disable-log-stats)';
const KV_METRICS = '--kv-cache-metrics';
const SPEC = '--speculative-config';
const MFU = '--enable-mfu-metrics';
const NIXL = '--kv-transfer-config (NixlConnector)';
const KV_CONNECTOR = '--kv-transfer-config (KV connector)';
const OFFLOAD = '--kv-offloading-size (OffloadingConnector)';
const MM = 'multimodal model (MM processor cache)';
const LORA = '--enable-lora';
const DIFFUSION = 'diffusion LM (automatic)';
const WEBSOCKET = 'realtime speech-to-text model';
const HF3FS = '--kv-transfer-config (HF3FSKVConnector)';
const MOONCAKE = '--kv-transfer-config (MooncakeStoreConnector)';
const MOONCAKE_L = [...L, 'operation', 'status'];
export const TOOL_PARSER = '--tool-call-parser (with --enable-auto-tool-choice)';
export const ADMISSION = 'frontend admission limits (max_num_queued_reqs / max_num_queued_tokens)';
// Families newer than 0.29 known only from upstream test files (shared/reference, confidence B):
// their panels carry a feature, so they fold away where the families are absent.
export const NEWER = 'vLLM newer than 0.29 (unverified)';
export const PRIORITY = '--scheduling-policy priority';
export const SLEEP = '--enable-sleep-mode';
export const EPLB = '--enable-eplb (pipeline parallel = 1)';
const STRUCTURED = 'structured output in use';
const IDLE = 'the first request on idle multi-API-server builds before vLLM #59988';
/** The CacheConfig fields the board reads (newer engines add kv_cache_size_tokens / max concurrency). */
export const CACHE_CONFIG_LABELS = ['num_gpu_blocks', 'block_size', 'cache_dtype', 'enable_prefix_caching', 'kv_cache_size_tokens', 'kv_cache_max_concurrency'];

export const vllmMetrics = metrics([
  // Scheduler state
  appearsWith(IDLE, gauge('running', ['vllm:num_requests_running'], L, DEFAULT)),
  appearsWith(IDLE, gauge('waiting', ['vllm:num_requests_waiting'], L, DEFAULT)),
  gauge('waiting_by_reason', ['vllm:num_requests_waiting_by_reason'], [...L, 'reason'], DEFAULT),
  gauge('sleep_state', ['vllm:engine_sleep_state'], [...L, 'sleep_state'], DEFAULT),
  // Before vLLM #59988 idle multi-API-server builds exported these gauges only from the first
  // request on: absent there is 0, not "not exposed" (quiet.ts). Not waiting_by_reason: releases
  // before it never have it, and "none yet" would be untrue there.
  // A 0..1 fraction despite `_perc`; renamed from gpu_cache_usage_perc in v0.9.2, removed v0.12.
  appearsWith(IDLE, gauge('kv_cache_usage', ['vllm:kv_cache_usage_perc', 'vllm:gpu_cache_usage_perc'], L, DEFAULT)),
  counter('preemptions', ['vllm:num_preemptions_total'], L, DEFAULT),
  counter('corrupted_requests', ['vllm:corrupted_requests_total'], L, 'VLLM_COMPUTE_NANS_IN_LOGITS=1'),
  // Counts every finished request by reason (stop, length, abort, error, repetition).
  counter('request_success', ['vllm:request_success_total'], [...L, 'finished_reason'], DEFAULT),
  gauge('lora_requests_info', ['vllm:lora_requests_info'], ['max_lora', 'waiting_lora_adapters', 'running_lora_adapters'], LORA),

  // Tokens
  counter('prompt_tokens', ['vllm:prompt_tokens_total'], L, DEFAULT),
  counter('generation_tokens', ['vllm:generation_tokens_total'], L, DEFAULT),
  counter('prompt_tokens_by_source', ['vllm:prompt_tokens_by_source_total'], [...L, 'source'], DEFAULT),
  counter('prompt_tokens_cached', ['vllm:prompt_tokens_cached_total'], L, DEFAULT),
  // V0 throughput gauges (≤ v0.6.6): a legacy kind, used as a second alternative.
  gauge('prompt_throughput_v0', ['vllm:avg_prompt_throughput_toks_per_s'], L, DEFAULT),
  gauge('generation_throughput_v0', ['vllm:avg_generation_throughput_toks_per_s'], L, DEFAULT),
  histogram('request_prompt_tokens', ['vllm:request_prompt_tokens'], L, DEFAULT),
  histogram('request_generation_tokens', ['vllm:request_generation_tokens'], L, DEFAULT),
  histogram('iteration_tokens', ['vllm:iteration_tokens_total'], L, DEFAULT),
  // Prompt tokens this request really computed (not served from the prefix cache or a connector).
  histogram('prefill_kv_computed', ['vllm:request_prefill_kv_computed_tokens'], L, DEFAULT),

  // Latency
  histogram('ttft', ['vllm:time_to_first_token_seconds'], L, DEFAULT),
  // Same measurement under its pre-v0.15 name.
  histogram('itl', ['vllm:inter_token_latency_seconds', 'vllm:time_per_output_token_seconds'], L, DEFAULT),
  histogram('tpot', ['vllm:request_time_per_output_token_seconds'], L, DEFAULT),
  histogram('e2e', ['vllm:e2e_request_latency_seconds'], L, DEFAULT),
  histogram('queue', ['vllm:request_queue_time_seconds', 'vllm:time_in_queue_requests'], L, DEFAULT),
  histogram('inference', ['vllm:request_inference_time_seconds'], L, DEFAULT),
  histogram('prefill', ['vllm:request_prefill_time_seconds'], L, DEFAULT),
  histogram('decode', ['vllm:request_decode_time_seconds'], L, DEFAULT),

  // Prefix / multimodal cache (token counts; `gpu_` names until v0.12)
  counter('prefix_cache_queries', ['vllm:prefix_cache_queries_total', 'vllm:gpu_prefix_cache_queries_total'], L, DEFAULT),
  counter('prefix_cache_hits', ['vllm:prefix_cache_hits_total', 'vllm:gpu_prefix_cache_hits_total'], L, DEFAULT),
  // V0 gauge (v0.5.5–v0.9.0): a ratio already; the hit-rate panel's second alternative.
  gauge('prefix_cache_hit_rate_v0', ['vllm:gpu_prefix_cache_hit_rate'], L, DEFAULT),
  // Registered always (metrics/vllm.json): they move only with a KV connector / a multimodal model.
  movesOnlyWith(KV_CONNECTOR, counter('external_prefix_cache_queries', ['vllm:external_prefix_cache_queries_total'], L, KV_CONNECTOR)),
  movesOnlyWith(KV_CONNECTOR, counter('external_prefix_cache_hits', ['vllm:external_prefix_cache_hits_total'], L, KV_CONNECTOR)),
  movesOnlyWith(MM, counter('mm_cache_queries', ['vllm:mm_cache_queries_total'], L, MM)),
  movesOnlyWith(MM, counter('mm_cache_hits', ['vllm:mm_cache_hits_total'], L, MM)),

  // Info-style gauge (value 1): CacheConfig as labels, plus `engine`; no model_name label.
  gauge('cache_config_info', ['vllm:cache_config_info'], ['engine', ...CACHE_CONFIG_LABELS], DEFAULT),

  // KV block residency (sampled)
  histogram('kv_block_lifetime', ['vllm:kv_block_lifetime_seconds'], L, KV_METRICS),
  histogram('kv_block_idle_before_evict', ['vllm:kv_block_idle_before_evict_seconds'], L, KV_METRICS),
  histogram('kv_block_reuse_gap', ['vllm:kv_block_reuse_gap_seconds'], L, KV_METRICS),

  // Speculative decoding / diffusion
  counter('spec_drafts', ['vllm:spec_decode_num_drafts_total'], L, SPEC),
  counter('spec_draft_tokens', ['vllm:spec_decode_num_draft_tokens_total'], L, SPEC),
  counter('spec_accepted_tokens', ['vllm:spec_decode_num_accepted_tokens_total'], L, SPEC),
  counter('spec_accepted_per_pos', ['vllm:spec_decode_num_accepted_tokens_per_pos_total'], [...L, 'position'], SPEC),
  // V0 gauge (v0.5.3–v0.9.2).
  gauge('spec_acceptance_rate_v0', ['vllm:spec_decode_draft_acceptance_rate'], L, SPEC),
  counter('diffusion_denoising_steps', ['vllm:diffusion_num_denoising_steps_total'], L, DIFFUSION),
  counter('diffusion_canvas_positions', ['vllm:diffusion_num_canvas_positions_total'], L, DIFFUSION),
  counter('diffusion_committed_tokens', ['vllm:diffusion_num_committed_tokens_total'], L, DIFFUSION),

  // MFU estimates (registered at 0 without the flag; never `_total_total`)
  movesOnlyWith(MFU, counter('flops', ['vllm:estimated_flops_per_gpu_total'], L, MFU)),
  movesOnlyWith(MFU, counter('read_bytes', ['vllm:estimated_read_bytes_per_gpu_total'], L, MFU)),
  movesOnlyWith(MFU, counter('write_bytes', ['vllm:estimated_write_bytes_per_gpu_total'], L, MFU)),

  // KV connectors
  histogram('nixl_xfer_time', ['vllm:nixl_xfer_time_seconds'], L, NIXL),
  histogram('nixl_bytes', ['vllm:nixl_bytes_transferred'], L, NIXL),
  histogram('nixl_post_time', ['vllm:nixl_post_time_seconds'], L, NIXL),
  histogram('nixl_descriptors', ['vllm:nixl_num_descriptors'], L, NIXL),
  histogram('hf3fs_save_time', ['vllm:hf3fs_save_duration_seconds'], L, HF3FS),
  histogram('hf3fs_load_time', ['vllm:hf3fs_load_duration_seconds'], L, HF3FS),
  counter('hf3fs_failed_save', ['vllm:hf3fs_num_failed_save_total'], L, HF3FS),
  counter('hf3fs_failed_load', ['vllm:hf3fs_num_failed_load_total'], L, HF3FS),
  // The code names end in `_total`, and the client does not add a second one.
  counter('mooncake_ops', ['vllm:mooncake_store_operation_total'], MOONCAKE_L, MOONCAKE),
  counter('mooncake_keys', ['vllm:mooncake_store_operation_keys_total'], MOONCAKE_L, MOONCAKE),
  counter('mooncake_bytes', ['vllm:mooncake_store_operation_bytes_total'], MOONCAKE_L, MOONCAKE),
  counter('mooncake_failed_keys', ['vllm:mooncake_store_operation_failed_keys_total'], MOONCAKE_L, MOONCAKE),
  histogram('mooncake_time', ['vllm:mooncake_store_operation_time_seconds'], MOONCAKE_L, MOONCAKE),
  counter('nixl_failed_transfers', ['vllm:nixl_num_failed_transfers_total'], L, NIXL),
  counter('nixl_failed_notifications', ['vllm:nixl_num_failed_notifications_total'], L, NIXL),
  counter('nixl_kv_expired', ['vllm:nixl_num_kv_expired_reqs_total'], L, NIXL),
  counter('kv_offload_load_bytes', ['vllm:kv_offload_load_bytes_total'], L, OFFLOAD),
  counter('kv_offload_store_bytes', ['vllm:kv_offload_store_bytes_total'], L, OFFLOAD),

  // Realtime STT websocket (no engine labels at all)
  gauge('websocket_active', ['vllm:websocket_connections_active'], [], WEBSOCKET),
  counter('websocket_total', ['vllm:websocket_connections_total'], [], WEBSOCKET),
  histogram('websocket_duration', ['vllm:websocket_connection_duration_seconds'], [], WEBSOCKET),

  // Tool-call parser (API server, no engine label; vLLM ≥ 0.24, seen in 2026 nightlies)
  counter('tool_call_parser', ['vllm:tool_call_parser_invocations_total'], ['model_name', 'mode', 'outcome', 'request_type'], TOOL_PARSER),

  // Frontend admission limits (0.31+): requests turned away before they reach the engine.
  counter('admission_rejections', ['vllm:admission_rejections_total'], [...L, 'reason'], ADMISSION),
  // Preemptions per finished request (0.30+).
  histogram('request_num_preemptions', ['vllm:request_num_preemptions'], L, DEFAULT),

  // Newer than 0.29, unverified (NEWER)
  histogram('request_priority', ['vllm:request_priority'], L, PRIORITY),
  gauge('scheduler_policy_info', ['vllm:scheduler_policy_info'], [...L, 'policy'], NEWER),
  gauge('queue_pressure', ['vllm:scheduler_queue_pressure'], [...L, 'reason'], NEWER),
  counter('so_cache_queries', ['vllm:structured_output_cache_queries_total'], L, STRUCTURED),
  counter('so_cache_hits', ['vllm:structured_output_cache_hits_total'], L, STRUCTURED),
  gauge('available_kv_memory', ['vllm:available_kv_cache_memory_bytes'], L, NEWER),
  counter('prefix_block_queries', ['vllm:prefix_cache_block_queries_total'], L, NEWER),
  counter('prefix_block_hits', ['vllm:prefix_cache_block_hits_total'], L, NEWER),
  gauge('prefix_blocks_cached', ['vllm:prefix_cache_blocks_cached'], L, NEWER),
  gauge('sleep_resource', ['vllm:engine_sleep_resource_state'], [...L, 'resource', 'state'], SLEEP),
  gauge('fully_awake', ['vllm:engine_fully_awake'], L, SLEEP),
  // No `engine` label on the EPLB pair.
  gauge('eplb_rebalancing', ['vllm:eplb_rebalancing'], ['model_name'], EPLB),
  counter('eplb_events', ['vllm:eplb_rebalance_events_total'], ['model_name'], EPLB),
  histogram('worker_execute', ['vllm:worker_model_execute_time_seconds'], [...L, 'phase', 'num_model_tokens'], NEWER),
  histogram('worker_proposer', ['vllm:worker_spec_decode_proposer_time_seconds'], [...L, 'phase', 'num_requests'], NEWER),
  histogram('worker_step', ['vllm:worker_step_time_seconds'], [...L, 'phase', 'num_model_tokens'], NEWER),

  // API server (prometheus-fastapi-instrumentator; no model label, status grouped as `2xx`)
  counter('http_requests', ['http_requests_total'], ['handler', 'method', 'status'], 'always (API server)'),
]);

/** vLLM's default latency bucket bounds (spec/metrics/vllm.json). */
export const VLLM_BUCKETS = {
  ttft: [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 20, 40, 80, 160, 640, 2560],
  itl: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 20, 40, 80],
  e2e: [0.3, 0.5, 0.8, 1, 1.5, 2, 2.5, 5, 10, 15, 20, 30, 40, 50, 60, 120, 240, 480, 960, 1920, 7680],
} as const;
