// SGLang panels of the Advanced section: spec decode, MFU, PD / KV transfer, grammar, LoRA, startup.
import { gaugeBy, histogramMean, panel, quantileQueries, query, rateBy, ratio, topQueries, unavailable } from '../define';
import type { PanelSpec } from '../types';

const ON = '--enable-metrics';
const M = '{{model_name}}';
// Estimated counters are per GPU: keep instance and ranks apart so lines stay per GPU, the top 10
// GPUs by their value at the end of the range and one "others" line (bounded on a fleet).
const PER_GPU = ['instance', 'tp_rank', 'dp_rank', 'pp_rank'];
const RANK_LEGEND = '{{instance}} tp {{tp_rank}} dp {{dp_rank}}';

export const sglangAdvancedPanels: PanelSpec[] = [
  // ---- Speculative decoding (engine gauges; 0 when speculative decoding is off) ----
  panel({
    id: 'spec-acceptance-rate',
    section: 'advanced',
    title: 'Draft acceptance rate',
    description: 'Accepted drafts over proposed drafts, as the scheduler reports it per batch.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: '--speculative-algorithm',
    feature: 'spec-decode',
    queries: [query('rate', M, gaugeBy('avg', 'spec_accept_rate'))],
  }),
  panel({
    id: 'spec-acceptance-length',
    section: 'advanced',
    title: 'Mean acceptance length',
    description: 'Mean tokens accepted per verify step (accepted drafts plus the bonus token).',
    unit: 'count',
    enabledBy: '--speculative-algorithm',
    feature: 'spec-decode',
    queries: [query('length', M, gaugeBy('avg', 'spec_accept_length'))],
  }),
  unavailable(
    {
      id: 'spec-per-position-acceptance',
      section: 'advanced',
      title: 'Acceptance by draft position',
      description: 'Share of drafts accepted at each draft position.',
      unit: 'ratio',
      feature: 'spec-decode',
    },
    'SGLang has no per-position acceptance metric; see the acceptance rate and length gauges.',
  ),

  // ---- MFU / bandwidth (the article predates SGLang's estimated_*_per_gpu counters) ----
  panel({
    id: 'mfu',
    section: 'advanced',
    title: 'Model FLOPs utilization',
    description: 'Estimated FLOP/s per GPU divided by the peak FLOP/s of the GPU you pick.',
    unit: 'ratio',
    min: 0,
    enabledBy: ON,
    feature: 'mfu',
    needsGpuPeak: true,
    queries: topQueries('mfu', RANK_LEGEND, `${rateBy('flops', PER_GPU)} / $gpu_peak_flops`),
  }),
  panel({
    id: 'flops-per-gpu',
    section: 'advanced',
    title: 'Estimated FLOP/s per GPU',
    description: 'Estimated floating-point operations per second per GPU.',
    unit: 'flops',
    enabledBy: ON,
    feature: 'mfu',
    queries: topQueries('flops', RANK_LEGEND, rateBy('flops', PER_GPU)),
  }),
  panel({
    id: 'memory-bandwidth-per-gpu',
    section: 'advanced',
    title: 'Estimated memory bandwidth per GPU',
    description: 'Estimated bytes read plus written per second per GPU.',
    unit: 'bytesps',
    enabledBy: ON,
    feature: 'mfu',
    queries: topQueries('bandwidth', RANK_LEGEND, `${rateBy('read_bytes', PER_GPU)} + ${rateBy('write_bytes', PER_GPU)}`),
  }),

  // ---- PD disaggregation / KV transfer ----
  panel({
    id: 'kv-transfer-time',
    section: 'advanced',
    title: 'KV transfer latency',
    description: 'p50/p95 of KV cache transfer latency between prefill and decode, in ms.',
    unit: 'ms',
    enabledBy: '--disaggregation-mode',
    feature: 'kv-transfer',
    queries: quantileQueries('kv_transfer_latency_bucket', [0.5, 0.95], {
      alt: (q) =>
        q === 0.95
          ? [{ expr: gaugeBy('avg', 'kv_transfer_latency_gauge'), note: 'legacy gauge sglang:kv_transfer_latency_ms (most recent value, not p95)' }]
          : [],
    }),
  }),
  panel({
    id: 'kv-transfer-bandwidth',
    section: 'advanced',
    title: 'KV transfer speed',
    description: 'Mean KV cache transfer speed per transfer, GB/s.',
    unit: 'gbps',
    enabledBy: '--disaggregation-mode',
    feature: 'kv-transfer',
    queries: [
      query('speed', M, histogramMean('kv_transfer_speed'), {
        expr: gaugeBy('avg', 'kv_transfer_speed_gauge'),
        note: 'legacy gauge sglang:kv_transfer_speed_gb_s (most recent value)',
      }),
    ],
  }),
  panel({
    id: 'kv-transfer-failures',
    section: 'advanced',
    title: 'PD bootstrap / transfer failures',
    description: 'Requests per second that failed KV bootstrap or KV transfer.',
    unit: 'ops',
    enabledBy: '--disaggregation-mode',
    feature: 'kv-transfer',
    queries: [
      query('bootstrap', `${M} bootstrap`, rateBy('bootstrap_failed')),
      query('transfer', `${M} transfer`, rateBy('transfer_failed')),
    ],
  }),
  panel({
    id: 'pd-queues',
    section: 'advanced',
    title: 'PD queues',
    description: 'Requests in the prefill bootstrap/inflight and decode prealloc/transfer queues.',
    unit: 'requests',
    enabledBy: '--disaggregation-mode',
    feature: 'kv-transfer',
    queries: [
      query('prefill-bootstrap', `${M} prefill bootstrap`, gaugeBy('sum', 'prefill_bootstrap_queue')),
      query('prefill-inflight', `${M} prefill inflight`, gaugeBy('sum', 'prefill_inflight_queue')),
      query('decode-prealloc', `${M} decode prealloc`, gaugeBy('sum', 'decode_prealloc_queue')),
      query('decode-transfer', `${M} decode transfer`, gaugeBy('sum', 'decode_transfer_queue')),
    ],
  }),
  panel({
    id: 'prefetch-backup-tokens',
    section: 'advanced',
    title: 'Prefetch / backup tokens/s',
    description: 'Prompt tokens prefetched from, and tokens backed up to, the HiCache storage tier per second.',
    unit: 'tokps',
    enabledBy: '--enable-hierarchical-cache --hicache-storage-backend',
    feature: 'hicache',
    queries: [
      query('prefetch', 'prefetch', 'sum by ($__by) (rate({{prefetched_tokens}}[$__rate_interval]))'),
      query('backup', 'backup', 'sum by ($__by) (rate({{backuped_tokens}}[$__rate_interval]))'),
    ],
  }),

  // ---- Structured output / grammar ----
  panel({
    id: 'structured-output-rate',
    section: 'advanced',
    title: 'Structured output requests/s',
    description: 'Structured-output requests per second.',
    unit: 'reqps',
    enabledBy: ON,
    feature: 'structured-output',
    queries: [query('rate', M, rateBy('so_requests'))],
  }),
  panel({
    id: 'structured-output-share',
    section: 'advanced',
    title: 'Structured output share',
    description: 'Share of finished requests that used structured output.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: ON,
    feature: 'structured-output',
    queries: [query('share', M, ratio(rateBy('so_requests'), rateBy('requests')))],
  }),
  panel({
    id: 'grammar-cache-hit-rate',
    section: 'advanced',
    title: 'Grammar cache hit rate',
    description: 'Share of grammar requests served from the grammar cache.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: ON,
    feature: 'structured-output',
    queries: [query('hit-rate', M, ratio(rateBy('grammar_cache_hits'), rateBy('grammar_requests')))],
  }),
  panel({
    id: 'grammar-abort-rate',
    section: 'advanced',
    title: 'Grammar abort rate',
    description: 'Share of grammar requests aborted.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: ON,
    feature: 'structured-output',
    queries: [query('aborted', M, ratio(rateBy('grammar_aborted'), rateBy('grammar_requests')))],
  }),
  panel({
    id: 'grammar-compile-time',
    section: 'advanced',
    title: 'Grammar compilation time',
    description: 'p50/p95 of grammar compilation time.',
    unit: 'seconds',
    enabledBy: ON,
    feature: 'structured-output',
    queries: quantileQueries('grammar_compile_bucket', [0.5, 0.95]),
  }),

  // ---- LoRA, startup ----
  panel({
    id: 'lora-pool-usage',
    section: 'advanced',
    title: 'LoRA adapter pool usage',
    description: 'Share of LoRA adapter slots occupied in GPU memory (1 = pool full), max over ranks.',
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: '--enable-lora',
    feature: 'lora',
    queries: [query('usage', M, gaugeBy('max', 'lora_pool_utilization'))],
  }),
  panel({
    id: 'startup-time',
    section: 'advanced',
    title: 'Startup time by phase',
    description: 'Engine startup duration by phase (load weights, KV cache allocation, …), as of the last start in the range.',
    unit: 'seconds',
    chart: 'latest',
    category: 'phase',
    enabledBy: ON,
    feature: 'startup',
    queries: [
      query('phase', `${M} {{phase}}`, 'max by ($__by, phase) (last_over_time({{startup_time}}[$__range]))', {
        expr: 'max by ($__by) (last_over_time({{engine_startup_time}}[$__range]))',
        note: 'legacy gauge sglang:engine_startup_time (total only)',
      }),
    ],
  }),
];
