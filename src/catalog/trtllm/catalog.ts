// The trtllm-serve catalog (TensorRT-LLM's OpenAI server, `trtllm_` names on /prometheus/metrics):
// the vLLM families it shares by name, derived from the vLLM catalog, plus its KV-cache gauges.
// It has no inter-token latency (its time_per_output_token_seconds is one value per request), no
// preemption counter, no failure matcher (the finished_reason values it writes are not known; its
// request_error_total counts HTTP errors only), no sleep state, cache configuration or KV memory.
import { gauge, gaugeBy, metrics, panel, query, TARGET_METRICS } from '../define';
import { reprefixCatalog } from '../derive';
import type { EngineCatalog, EngineRoles } from '../types';
import { vllmCatalog } from '../vllm/catalog';
import { TRTLLM_BUCKETS, TRTLLM_EXPOSED } from './names';

const ON = 'return_perf_metrics: true, enable_iter_perf_stats: true';
const L = ['model_name', 'engine_type'];
const M = '{{model_name}}';

const own = metrics([
  // Used over total KV blocks, 0–1: the id vLLM's panels and tiles read.
  gauge('kv_cache_usage', ['trtllm_kv_cache_utilization'], L, ON),
  gauge('kv_cache_hit_rate', ['trtllm_kv_cache_hit_rate'], L, ON),
]);

const roles: EngineRoles = {
  running: 'running',
  waiting: 'waiting',
  kvUsage: { id: 'kv_cache_usage', scale: 1, basis: 'blocks' },
  requests: 'request_success',
  promptTokens: 'prompt_tokens',
  generationTokens: { id: 'generation_tokens', countedAt: 'finish' },
  ttft: { id: 'ttft', buckets: TRTLLM_BUCKETS.ttft },
  e2e: { id: 'e2e', buckets: TRTLLM_BUCKETS.e2e },
  queueTime: { id: 'queue' },
  phases: { prefill: { id: 'prefill' }, decode: { id: 'decode' } },
  prefixCache: { hitRateGauge: 'kv_cache_hit_rate' },
  // trtllm-serve's own flags; the KV data type, block reuse and speculation are set in the
  // --extra_llm_api_options YAML (generic words for those knobs).
  knobs: {
    kvMemory: '--kv_cache_free_gpu_memory_fraction',
    maxLen: '--max_seq_len',
    maxSeqs: '--max_batch_size',
    batchTokens: '--max_num_tokens',
  },
};

export const trtllmCatalog: EngineCatalog<'trtllm'> = reprefixCatalog(vllmCatalog, {
  engine: 'trtllm',
  label: 'TensorRT-LLM',
  from: 'vllm:',
  to: 'trtllm_',
  exposed: TRTLLM_EXPOSED,
  enabledBy: ON,
  roles,
  extraMetrics: { ...TARGET_METRICS, ...own },
  excludeMetrics: ['itl_bucket', 'itl_sum', 'itl_count'],
  drop: ['abort-error-rate', 'finished-reasons'],
  filterLabels: { model: 'model_name', instance: 'instance', rank: [] },
  renameLabel: ['engine', 'engine_type'],
  panels: [
    panel({
      id: 'prefix-cache-hit-rate',
      section: 'cache',
      title: 'Prefix cache hit rate',
      description: "The engine's KV-cache block reuse hit rate gauge, mean over servers.",
      unit: 'ratio',
      min: 0,
      max: 1,
      enabledBy: ON,
      queries: [query('hit-rate', M, gaugeBy('avg', 'kv_cache_hit_rate'))],
    }),
  ],
  stats: [
    {
      id: 'prefix-cache-hit-rate',
      title: 'Prefix cache hits',
      unit: 'ratio',
      panelId: 'prefix-cache-hit-rate',
      query: query('value', 'hit rate', 'avg({{kv_cache_hit_rate}})'),
    },
  ],
});
