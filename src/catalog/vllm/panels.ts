// vLLM panels of the core sections: requests, throughput, latency, saturation, cache.
import { gaugeBy, histogramMean, panel, quantileQueries, query, rateBy, ratio } from '../define';
import type { PanelSpec } from '../types';

const KV_METRICS = '--kv-cache-metrics';
const M = '{{model_name}}';

export const vllmCorePanels: PanelSpec[] = [
  // ---- Requests ----
  panel({
    id: 'request-rate',
    section: 'requests',
    title: 'Request rate',
    description: 'Finished requests per second (vllm:request_success counts every finish reason).',
    unit: 'reqps',
    queries: [query('rate', M, rateBy('request_success'))],
  }),
  panel({
    id: 'finished-reasons',
    section: 'requests',
    title: 'Finished requests by reason',
    description: 'Finished requests per second split by finish reason (stop, length, abort, error, repetition).',
    unit: 'reqps',
    chart: 'stacked',
    // One stack per reason across the models the filters keep: the split, not the per-model detail.
    queries: [query('rate', '{{finished_reason}}', 'sum by (finished_reason) (rate({{request_success}}[$__rate_interval]))')],
  }),
  panel({
    id: 'request-prompt-length',
    section: 'requests',
    title: 'Prompt length per request',
    description: 'p50/p95 of the number of prompt (prefill) tokens per request.',
    unit: 'tokens',
    queries: quantileQueries('request_prompt_tokens_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'request-generation-length',
    section: 'requests',
    title: 'Generation length per request',
    description: 'p50/p95 of the number of generated tokens per request.',
    unit: 'tokens',
    queries: quantileQueries('request_generation_tokens_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'http-requests-by-status',
    section: 'requests',
    title: 'HTTP requests by status',
    description: 'API server responses per second by status class (no model label: follows instance only).',
    unit: 'reqps',
    chart: 'stacked',
    // http_requests_total is a generic name: keep only the instances that also serve vLLM metrics.
    queries: [
      query('rate', '{{status}}', 'sum by (status) (rate({{http_requests}}[$__rate_interval]) and on (instance) {{running}})'),
    ],
  }),
  panel({
    id: 'corrupted-requests',
    section: 'requests',
    title: 'Corrupted requests',
    description: 'Requests per second whose logits contained NaN.',
    unit: 'reqps',
    enabledBy: 'VLLM_COMPUTE_NANS_IN_LOGITS=1',
    queries: [query('rate', M, rateBy('corrupted_requests'))],
  }),

  // ---- Throughput ----
  panel({
    id: 'output-tokens-rate',
    section: 'throughput',
    title: 'Output tokens/s',
    description: 'Generated tokens per second.',
    unit: 'tokps',
    queries: [
      query('rate', M, rateBy('generation_tokens'), {
        expr: gaugeBy('sum', 'generation_throughput_v0'),
        note: 'legacy gauge vllm:avg_generation_throughput_toks_per_s (vLLM ≤ 0.6)',
      }),
    ],
  }),
  panel({
    id: 'prompt-tokens-rate',
    section: 'throughput',
    title: 'Prompt tokens/s',
    description: 'Prefill (prompt) tokens processed per second.',
    unit: 'tokps',
    queries: [
      query('rate', M, rateBy('prompt_tokens'), {
        expr: gaugeBy('sum', 'prompt_throughput_v0'),
        note: 'legacy gauge vllm:avg_prompt_throughput_toks_per_s (vLLM ≤ 0.6)',
      }),
    ],
  }),
  panel({
    id: 'total-tokens-rate',
    section: 'throughput',
    title: 'Total tokens/s',
    description: 'Prompt plus generated tokens per second.',
    unit: 'tokps',
    queries: [query('rate', M, `${rateBy('prompt_tokens')} + ${rateBy('generation_tokens')}`)],
  }),
  panel({
    id: 'tokens-per-step',
    section: 'throughput',
    title: 'Tokens per engine step',
    description: 'p50/p95 of tokens processed per engine step (computed prompt plus generated tokens).',
    unit: 'tokens',
    queries: quantileQueries('iteration_tokens_bucket', [0.5, 0.95]),
  }),

  // ---- Latency ----
  panel({
    id: 'ttft',
    section: 'latency',
    title: 'Time to first token',
    description: 'TTFT p50/p95/p99: from request arrival to the first output token.',
    unit: 'seconds',
    queries: quantileQueries('ttft_bucket'),
  }),
  panel({
    id: 'itl',
    section: 'latency',
    title: 'Inter-token latency',
    description: 'ITL p50/p95/p99: the gap between consecutive output tokens.',
    unit: 'seconds',
    queries: quantileQueries('itl_bucket'),
  }),
  panel({
    id: 'e2e-latency',
    section: 'latency',
    title: 'End-to-end request latency',
    description: 'E2E p50/p95/p99 of a request, arrival to last token.',
    unit: 'seconds',
    queries: quantileQueries('e2e_bucket'),
  }),
  panel({
    id: 'queue-time',
    section: 'latency',
    title: 'Queue time',
    description: 'p50/p95/p99 of the time a request spends in the WAITING phase.',
    unit: 'seconds',
    queries: quantileQueries('queue_bucket'),
  }),
  panel({
    id: 'prefill-time',
    section: 'latency',
    title: 'Prefill time',
    description: 'p50/p95 of the time a request spends in the PREFILL phase.',
    unit: 'seconds',
    queries: quantileQueries('prefill_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'decode-time',
    section: 'latency',
    title: 'Decode time',
    description: 'p50/p95 of the time a request spends in the DECODE phase.',
    unit: 'seconds',
    queries: quantileQueries('decode_bucket', [0.5, 0.95]),
  }),
  panel({
    id: 'tpot',
    section: 'latency',
    title: 'Time per output token (per request)',
    description: "p50/p95/p99 of each request's mean time per output token.",
    unit: 'seconds',
    queries: quantileQueries('tpot_bucket'),
  }),
  panel({
    id: 'phase-time-mean',
    section: 'latency',
    title: 'Mean time per request phase',
    description: 'Mean queue, prefill and decode time per finished request.',
    unit: 'seconds',
    chart: 'stacked',
    queries: [
      query('queue', `${M} queue`, histogramMean('queue')),
      query('prefill', `${M} prefill`, histogramMean('prefill')),
      query('decode', `${M} decode`, histogramMean('decode')),
    ],
  }),

  // ---- Saturation ----
  panel({
    id: 'running-requests',
    section: 'saturation',
    title: 'Running requests',
    description: 'Requests in the model execution batch.',
    unit: 'requests',
    queries: [query('running', M, gaugeBy('sum', 'running'))],
  }),
  panel({
    id: 'waiting-requests',
    section: 'saturation',
    title: 'Waiting requests',
    description: 'Requests waiting to be scheduled (capacity-waiting plus deferred).',
    unit: 'requests',
    queries: [query('waiting', M, gaugeBy('sum', 'waiting'))],
  }),
  panel({
    id: 'waiting-by-reason',
    section: 'saturation',
    title: 'Waiting requests by reason',
    description: 'capacity = no scheduling capacity; deferred = held back by LoRA budget, KV transfer or blocked state.',
    unit: 'requests',
    chart: 'stacked',
    queries: [query('waiting', '{{model_name}} · {{reason}}', gaugeBy('sum', 'waiting_by_reason', ['reason']))],
  }),
  panel({
    id: 'kv-cache-usage',
    section: 'saturation',
    title: 'KV cache usage',
    description: 'Fraction of KV-cache blocks in use (1 = 100 %), mean and max over engines.',
    unit: 'ratio',
    min: 0,
    max: 1,
    queries: [
      query('mean', `${M} mean`, gaugeBy('avg', 'kv_cache_usage')),
      query('max', `${M} max`, gaugeBy('max', 'kv_cache_usage')),
    ],
  }),
  panel({
    id: 'preemptions',
    section: 'saturation',
    title: 'Preemptions',
    description: 'Preemptions per second: requests evicted from the batch to free KV cache.',
    unit: 'ops',
    queries: [query('rate', M, rateBy('preemptions'))],
  }),
  panel({
    id: 'abort-error-rate',
    section: 'saturation',
    title: 'Aborted and errored requests',
    description: 'Requests per second that finished with reason abort or error.',
    unit: 'reqps',
    chart: 'stacked',
    queries: [
      query('rate', `${M} {{finished_reason}}`, rateBy('request_success', ['finished_reason'], 'finished_reason=~"abort|error"')),
    ],
  }),

  // ---- Cache ----
  panel({
    id: 'prefix-cache-hit-rate',
    section: 'cache',
    title: 'Prefix cache hit rate',
    description: 'Share of queried prompt tokens found in the prefix cache.',
    unit: 'ratio',
    min: 0,
    max: 1,
    queries: [
      query('hit-rate', M, ratio(rateBy('prefix_cache_hits'), rateBy('prefix_cache_queries')), {
        expr: gaugeBy('avg', 'prefix_cache_hit_rate_v0'),
        note: 'legacy V0 gauge vllm:gpu_prefix_cache_hit_rate (vLLM ≤ 0.9.0)',
      }),
    ],
  }),
  panel({
    id: 'external-prefix-cache-hit-rate',
    section: 'cache',
    title: 'External prefix cache hit rate',
    description: 'Share of tokens queried from a KV connector (cross-instance cache) that hit.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: '--kv-transfer-config (KV connector)',
    feature: 'external-cache',
    queries: [query('hit-rate', M, ratio(rateBy('external_prefix_cache_hits'), rateBy('external_prefix_cache_queries')))],
  }),
  panel({
    id: 'cached-prompt-tokens-share',
    section: 'cache',
    title: 'Cached prompt tokens share',
    description: 'Share of prompt tokens served from cache (local plus external).',
    unit: 'ratio',
    min: 0,
    max: 1,
    queries: [query('share', M, ratio(rateBy('prompt_tokens_cached'), rateBy('prompt_tokens')))],
  }),
  panel({
    id: 'mm-cache-hit-rate',
    section: 'cache',
    title: 'Multimodal cache hit rate',
    description: 'Share of multimodal items found in the MM processor cache.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: 'multimodal model (MM processor cache)',
    feature: 'multimodal',
    queries: [query('hit-rate', M, ratio(rateBy('mm_cache_hits'), rateBy('mm_cache_queries')))],
  }),
  panel({
    id: 'prompt-tokens-by-source',
    section: 'cache',
    title: 'Prompt tokens by source',
    description: 'Prompt tokens per second by source: local compute, local cache hit, external KV transfer.',
    unit: 'tokps',
    chart: 'stacked',
    queries: [query('rate', '{{model_name}} · {{source}}', rateBy('prompt_tokens_by_source', ['source']))],
  }),
  ...(
    [
      ['kv-block-lifetime', 'kv_block_lifetime', 'KV block lifetime', 'KV block lifetime from allocation to eviction (sampled).'],
      ['kv-block-idle-before-evict', 'kv_block_idle_before_evict', 'KV block idle time before eviction', 'How long a KV block sat idle before it was evicted (sampled).'],
      ['kv-block-reuse-gap', 'kv_block_reuse_gap', 'KV block reuse gap', 'Time between consecutive accesses to the same KV block (sampled).'],
    ] as const
  ).map(([id, metric, title, description]) =>
    panel({
      id,
      section: 'cache',
      title,
      description: `p50/p95/p99 of ${description.charAt(0).toLowerCase()}${description.slice(1)}`,
      unit: 'seconds',
      enabledBy: KV_METRICS,
      feature: 'kv-cache-metrics',
      queries: quantileQueries(`${metric}_bucket`),
    }),
  ),
];

