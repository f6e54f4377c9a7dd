// SGLang panels for families beyond the core board: the KV pool in tokens and its
// capacity, retracted tokens, paused requests, tokens by mode, prompt vs computed tokens, CUDA
// graph use, verify calls and the tokenizer manager's function latency. Merged in section order.
import { histogramMean, panel, quantileExpr, query, rateBy } from '../define';
import type { PanelSpec } from '../types';

const M = '{{model_name}}';
const ON = '--enable-metrics';

/**
 * A KV-pool gauge summed over pools: every TP (and PP) rank of a DP group reports the same pool, so
 * take one value per (instance, dp_rank) before adding instances up.
 */
const perPool = (id: string): string => `sum by ($__by) (max by ($__by, instance, dp_rank) ({{${id}}}))`;

export const sglangExtraPanels: PanelSpec[] = [
  panel({
    id: 'tokens-by-mode',
    section: 'throughput',
    title: 'Tokens by mode',
    description: 'Tokens per second by mode: prefill computed, prefill served from cache, decode.',
    unit: 'tokps',
    chart: 'stacked',
    enabledBy: ON,
    queries: [query('rate', `${M} · {{mode}}`, rateBy('realtime_tokens', ['mode']))],
  }),
  panel({
    id: 'kv-cache-tokens',
    section: 'saturation',
    title: 'KV pool tokens',
    description: 'KV-cache token slots in use, evictable (radix-cached) and free, one value per pool (DP rank).',
    unit: 'tokens',
    chart: 'stacked',
    enabledBy: ON,
    queries: [
      query('used', `${M} used`, perPool('kv_used_tokens')),
      query('evictable', `${M} evictable`, perPool('kv_evictable_tokens')),
      query('available', `${M} free`, perPool('kv_available_tokens')),
    ],
  }),
  panel({
    id: 'kv-cache-capacity',
    section: 'saturation',
    title: 'KV cache capacity',
    description: 'Token slots in the KV-cache pools (sglang:max_total_num_tokens), one value per pool (DP rank), added up.',
    unit: 'tokens',
    chart: 'latest',
    enabledBy: ON,
    queries: [query('capacity', M, 'sum by ($__by) (max by ($__by, instance, dp_rank) (last_over_time({{max_total_num_tokens}}[$__range])))')],
  }),
  panel({
    id: 'retracted-tokens',
    section: 'saturation',
    title: 'Retracted tokens',
    description: 'Input and output tokens per second thrown away by retractions (recomputed later).',
    unit: 'tokps',
    enabledBy: ON,
    queries: [
      query('input', `${M} input`, rateBy('retracted_input_tokens')),
      query('output', `${M} output`, rateBy('retracted_output_tokens')),
    ],
  }),
  panel({
    id: 'paused-requests',
    section: 'saturation',
    title: 'Paused requests',
    description: 'Requests paused by an asynchronous weight sync.',
    unit: 'requests',
    enabledBy: ON,
    queries: [query('paused', M, 'sum by ($__by) ({{paused_reqs}})')],
  }),
  panel({
    id: 'prompt-vs-computed-tokens',
    section: 'cache',
    title: 'Prompt vs computed tokens per request',
    description: 'Mean prompt tokens per request, and the uncached prompt tokens really computed: the gap was served by the radix cache.',
    unit: 'tokens',
    enabledBy: ON,
    queries: [
      query('prompt', `${M} prompt`, histogramMean('prompt_length')),
      query('computed', `${M} computed`, histogramMean('uncached_prompt_length')),
    ],
  }),
  panel({
    id: 'spec-verify-calls',
    section: 'advanced',
    title: 'Speculative verify calls',
    description: 'Speculative-decoding verification calls per second.',
    unit: 'ops',
    enabledBy: '--speculative-algorithm',
    feature: 'spec-decode',
    queries: [query('rate', M, rateBy('spec_verify_calls'))],
  }),
  panel({
    id: 'kv-transfer-setup-time',
    section: 'advanced',
    title: 'KV transfer setup time',
    description: 'p95 of the bootstrap and of the KV allocation time of prefill-to-decode transfers, in ms.',
    unit: 'ms',
    enabledBy: '--disaggregation-mode',
    feature: 'kv-transfer',
    queries: [
      query('bootstrap', `${M} bootstrap p95`, quantileExpr(0.95, 'kv_transfer_bootstrap_bucket')),
      query('alloc', `${M} alloc p95`, quantileExpr(0.95, 'kv_transfer_alloc_bucket')),
    ],
  }),
  panel({
    id: 'cuda-graph-passes',
    section: 'advanced',
    title: 'Forward passes by CUDA graph use',
    description: 'Forward passes per second, with and without CUDA graphs, for prefill and decode.',
    unit: 'ops',
    chart: 'stacked',
    enabledBy: ON,
    queries: [query('rate', `${M} · {{mode}}`, rateBy('cuda_graph_passes', ['mode']))],
  }),
  panel({
    id: 'func-latency',
    section: 'advanced',
    title: 'Function latency',
    description: 'p50/p95 of the latency of timed tokenizer-manager functions, by function name (no model label).',
    unit: 'seconds',
    enabledBy: ON,
    queries: [
      query('p50', '{{name}} p50', 'histogram_quantile(0.5, sum by (le, name) (rate({{func_latency_bucket}}[$__rate_interval])))'),
      query('p95', '{{name}} p95', 'histogram_quantile(0.95, sum by (le, name) (rate({{func_latency_bucket}}[$__rate_interval])))'),
    ],
  }),
];
