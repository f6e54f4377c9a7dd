// Metric families of the spec files (spec/metrics/*.json) that no catalog panel or stat queries, each
// with the reason. coverage.test.ts fails on a spec family with neither a catalog use nor an entry
// here; panels-doc.ts renders this list into docs/panels.md. Engine-prefixed families listed here
// still reach the board: the "Other metrics" section gives every family the catalog does not use
// an automatic panel (see auto-panels.ts).
import type { EngineId } from './types';

export interface Unplaced {
  families: string[];
  reason: string;
}

const OTHER = 'automatic panel in Other metrics';

export const UNPLACED: Record<EngineId, Unplaced[]> = {
  trtllm: [
    {
      families: ['trtllm_time_per_output_token_seconds'],
      reason: `One observation per request (its mean time per output token), not per token: not the inter-token latency the ITL panel shows, which trtllm-serve does not expose. Gets an ${OTHER}.`,
    },
    {
      families: ['trtllm_prompt_cached_tokens', 'trtllm_prompt_cache_hit_tokens', 'trtllm_prompt_cached_tokens_per_request', 'trtllm_request_error', 'trtllm_spec_decode_drafted_tokens', 'trtllm_spec_decode_accepted_tokens', 'trtllm_prefill_perplexity', 'trtllm_generation_perplexity', 'trtllm_kv_cache_reused_blocks', 'trtllm_kv_cache_missed_blocks', 'trtllm_kv_cache_host_utilization', 'trtllm_kv_cache_iter_reuse_rate', 'trtllm_kv_cache_max_blocks', 'trtllm_kv_cache_free_blocks', 'trtllm_kv_cache_used_blocks', 'trtllm_kv_cache_tokens_per_block', 'trtllm_num_requests_completed', 'trtllm_max_num_active_requests', 'trtllm_iteration_latency_seconds', 'trtllm_gpu_memory_usage_bytes', 'trtllm_cpu_memory_usage_bytes', 'trtllm_pinned_memory_usage_bytes', 'trtllm_max_batch_size_static', 'trtllm_max_batch_size_runtime', 'trtllm_max_num_tokens_runtime', 'trtllm_num_context_requests', 'trtllm_num_generation_requests', 'trtllm_num_paused_requests', 'trtllm_num_scheduled_requests', 'trtllm_total_context_tokens', 'trtllm_avg_decoded_tokens_per_iter', 'trtllm_prefill_batch_occupancy', 'trtllm_prefill_batch_tokens', 'trtllm_spec_decode_acceptance_length', 'trtllm_spec_decode_draft_overhead', 'trtllm_scheduled_batch_size'],
      reason: `trtllm-serve's own families (KV block counts and reuse, batch, memory and iteration gauges, perplexity, speculative decoding, HTTP errors, cached prompt tokens): no vLLM family of the same name and meaning, so each gets an ${OTHER}.`,
    },
  ],
  lmdeploy: [
    {
      families: ['lmdeploy:backend_config_info'],
      reason: 'An Info gauge whose labels are whatever backend config LMDeploy passes (no model or rank label): no KV-capacity columns can be read from it. Gets an ' + OTHER + '.',
    },
    {
      families: ['lmdeploy:num_requests_succeeded', 'lmdeploy:num_requests_failed', 'lmdeploy:num_api_requests_routed', 'lmdeploy:num_api_requests_waiting'],
      reason: `API-server gauges of LMDeploy's own, beside the request_success counter and the scheduler queue gauges the board plots: each gets an ${OTHER}.`,
    },
    {
      families: ['lmdeploy:spec_decode_mean_accept_rate', 'lmdeploy:spec_decode_mean_accept_length', 'lmdeploy:spec_decode_per_position_accept_rate'],
      reason: `Gauges LMDeploy computes from the speculative-decoding counters the board already plots as rates: each gets an ${OTHER}.`,
    },
    {
      families: ['lmdeploy:request_cached_tokens', 'lmdeploy:request_cache_hit_ratio', 'lmdeploy:iter_token_latency'],
      reason: `Histograms of LMDeploy's own (cached tokens and hit ratio per request; inter-token interval not divided by tokens per output, which the ITL panel takes from time_per_output_token_seconds): each gets an ${OTHER}.`,
    },
  ],
  vllm: [
    {
      families: [
        'vllm:kv_offload_total_bytes', 'vllm:kv_offload_total_time', 'vllm:kv_offload_size', 'vllm:kv_offload_load_time',
        'vllm:kv_offload_load_size', 'vllm:kv_offload_store_time', 'vllm:kv_offload_store_size',
        'vllm:kv_offload_lookup_sync_delay_seconds', 'vllm:kv_offload_lookup_async_delay_seconds',
        'vllm:kv_offload_allocation_failure', 'vllm:kv_offload_cpu_cache_usage_perc', 'vllm:kv_offload_cpu_cache_write_usage_perc',
        'vllm:kv_offload_cpu_cache_read_usage_perc', 'vllm:kv_offload_cpu_allocation_size', 'vllm:kv_offload_stores_skipped',
        'vllm:kv_offload_tiering_lookup_sync_delay_seconds', 'vllm:kv_offload_tiering_lookup_async_delay_seconds',
        'vllm:kv_offload_tiering_read_bytes', 'vllm:kv_offload_tiering_read_time', 'vllm:kv_offload_tiering_write_bytes',
        'vllm:kv_offload_tiering_write_time', 'vllm:kv_offload_tiering_promotion_job_failures',
        'vllm:kv_offload_tiering_cascade_job_failures', 'vllm:kv_offload_tiering_block_queries', 'vllm:kv_offload_tiering_block_hits',
        'vllm:kv_offload_tiering_primary_write_usage_perc', 'vllm:kv_offload_tiering_primary_read_usage_perc',
        'vllm:kv_offload_tiering_promotion_allocation_failures', 'vllm:kv_offload_tiering_active_promotion_jobs',
        'vllm:kv_offload_tiering_active_cascade_jobs',
      ],
      reason:
        'OffloadingConnector internals (the deprecated totals, sizes, lookup delays, CPU-tier usage, tiering): the board ' +
        `plots the load/store throughput (kv-offload-throughput); the rest gets an ${OTHER}. The simulator does not model the offload tier.`,
    },
    {
      families: ['http_request_size_bytes', 'http_response_size_bytes', 'http_request_duration_highr_seconds', 'http_request_duration_seconds'],
      reason:
        'Generic API-server instrumentation without a model label: the board shows responses by status (http_requests_total) ' +
        'and takes request latency from the engine histograms, which carry the model. Not engine-prefixed, so not in Other metrics.',
    },
    {
      families: [
        'process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_virtual_memory_bytes',
        'process_open_fds', 'process_max_fds', 'python_gc_objects_collected_total', 'python_gc_objects_uncollectable_total',
        'python_gc_collections_total', 'python_info',
      ],
      reason: 'Python process and runtime metrics of the API server, not engine metrics: a node or process dashboard shows them.',
    },
    {
      families: ['vllm:scheduler_policy_info'],
      reason: `Newer than 0.29, unverified: an info gauge naming the scheduling policy (fcfs or priority); the request-priority panel appears with priority scheduling. ${OTHER}.`,
    },
  ],
  sglang: [
    {
      families: [
        'sglang:gpu_execution_seconds', 'sglang:dp_cooperation_gpu_execution_seconds', 'sglang:num_running_reqs_offline_batch',
        'sglang:engine_load_weights_time', 'sglang:num_retractions', 'sglang:prefetch_occupied_ratio', 'sglang:avg_request_queue_latency',
        'sglang:total_retracted_reqs', 'sglang:time_to_first_token_seconds_offline_batch', 'sglang:startup_latency_breakdown_seconds_max',
      ],
      reason: `Not exposed by the current SGLang (older collectors only, never seen with data, or unverified): a server that still has one gets an ${OTHER}.`,
    },
    {
      families: [
        'sglang:context_len', 'sglang:max_total_num_tokens_swa', 'sglang:weight_memory_usage_gb',
        'sglang:kv_cache_memory_usage_gb', 'sglang:graph_memory_usage_gb', 'sglang:startup_available_gpu_memory_gb',
        'sglang:weight_load_duration_seconds', 'sglang:startup_cuda_graph_time_seconds',
      ],
      reason: `Constants written once at startup (memory layout, context length, load times): columns of the instance table (pending); until then, ${OTHER}.`,
    },
    {
      families: [
        'sglang:full_token_usage', 'sglang:swa_available_tokens', 'sglang:swa_evictable_tokens', 'sglang:swa_used_tokens',
        'sglang:mamba_usage', 'sglang:mamba_available_tokens', 'sglang:mamba_evictable_tokens', 'sglang:mamba_used_tokens',
        'sglang:pending_prealloc_token_usage', 'sglang:lora_pool_slots_used', 'sglang:lora_pool_slots_total',
      ],
      reason:
        'Pool details that another panel already sums up (kv-cache-usage, swa-token-usage, kv-cache-tokens, lora-pool-usage) ' +
        `or that only hybrid SWA / Mamba models and PD preallocation have: ${OTHER}.`,
    },
    {
      families: [
        'sglang:spec_num_draft_tokens', 'sglang:spec_num_steps', 'sglang:spec_cap_length', 'sglang:spec_block_accept_length',
        'sglang:new_token_ratio', 'sglang:is_cuda_graph', 'sglang:decode_sum_seq_lens', 'sglang:fwd_occupancy',
        'sglang:num_unique_running_routing_keys', 'sglang:routing_key_running_req_count', 'sglang:routing_key_all_req_count',
        'sglang:max_running_requests_under_SLO', 'sglang:num_streaming_sessions', 'sglang:streaming_session_held_tokens',
        'sglang:num_prefill_retries', 'sglang:num_grammar_timeout', 'sglang:prefill_effective_tokens', 'sglang:forward_execution_seconds',
        'sglang:dp_cooperation_realtime_tokens', 'sglang:dp_cooperation_forward_execution_seconds', 'sglang:prefill_delayer_outcomes',
        'sglang:prefill_delayer_wait_forward_passes', 'sglang:prefill_delayer_wait_seconds', 'sglang:eplb_balancedness',
        'sglang:eplb_gpu_physical_count', 'sglang:get_loads_duration_seconds', 'sglang:kv_transfer_total_mb',
        'sglang:grammar_schema_count', 'sglang:grammar_ebnf_size', 'sglang:grammar_tree_traversal_time_avg',
        'sglang:grammar_tree_traversal_time_max', 'sglang:process_cpu_seconds',
      ],
      reason:
        'Scheduler, speculative-decoding, routing, EPLB and grammar internals (some of unverified meaning, e.g. utilization; the ' +
        `routing-key gauge histograms' exposition was not read): ${OTHER}.`,
    },
    {
      families: [
        'sglang:prefetch_pgs', 'sglang:backup_pgs', 'sglang:hicache_prefetch_outcomes', 'sglang:hicache_backup_dropped_tokens',
        'sglang:hicache_prefetch_aux_alloc_failed_tokens', 'sglang:eviction_duration_seconds', 'sglang:evicted_tokens',
        'sglang:load_back_duration_seconds', 'sglang:load_back_tokens', 'sglang:hicache_backup_duration_seconds', 'sglang:hicache_backup_bytes',
        'sglang:load_back_bytes', 'sglang:hicache_backup_tokens', 'sglang:hicache_dropped_tokens',
      ],
      reason:
        'HiCache and radix-cache internals whose extra labels the research did not read (model filters cannot be applied to them): ' +
        `the board plots host-tier usage and storage bandwidth; the rest gets an ${OTHER}.`,
    },
    {
      families: [
        'sglang:encoder_cache_evictions', 'sglang:encoder_cache_size_mb', 'sglang:encoder_cache_entries', 'sglang:encoder_cache_hit_files',
        'sglang:encoder_cache_total_files', 'sglang:encoder_requests', 'sglang:encoder_requests_received', 'sglang:encoder_mm_items_per_batch',
        'sglang:encoder_mm_items_per_request', 'sglang:encoder_request_e2e_latency_seconds', 'sglang:encoder_queue_wait_seconds',
        'sglang:encoder_preprocess_seconds', 'sglang:encoder_model_forward_seconds', 'sglang:encoder_transfer_seconds',
      ],
      reason: `EPD encoder servers (--encoder-only): the multimodal cache panel uses the encoder token counters; the rest gets an ${OTHER}.`,
    },
    {
      families: ['sglang:utilization'],
      reason:
        'Constant: 0 on decode and unified nodes, -1 on prefill (the code never sets max_running_requests_under_SLO, sglang ' +
        'issue #22713). Not a utilisation, so not charted, not even in Other metrics.',
    },
  ],
};
