// The vLLM engine catalog: metrics, stat row and panels.
import { bySection, quantileExpr, query, rateAll, ratio, STAT_THRESHOLDS, TARGET_METRICS } from '../define';
import { instanceTablePanel, modelSummaryPanel, saturationStart } from '../tables';
import type { EngineCatalog, EngineRoles, StatSpec } from '../types';
import { vllmDistributionPanels, vllmParamMetrics } from '../distributions';
import { vllmAdvancedPanels } from './advanced';
import { VLLM_BUCKETS, vllmMetrics } from './metrics';
import { vllmExtraPanels } from './extra-panels';
import { vllm2026Panels } from './panels-2026';
import { vllmCorePanels } from './panels';

const vllmStats: StatSpec[] = [
  { id: 'request-rate', title: 'Requests/s', unit: 'reqps', panelId: 'request-rate', sumOf: { panelId: 'request-rate', queryId: 'rate' }, query: query('value', 'req/s', rateAll('request_success')) },
  {
    id: 'output-tokens-rate',
    title: 'Output tok/s',
    unit: 'tokps',
    panelId: 'output-tokens-rate',
    sumOf: { panelId: 'output-tokens-rate', queryId: 'rate' },
    query: query('value', 'tok/s', rateAll('generation_tokens'), {
      expr: 'sum({{generation_throughput_v0}})',
      note: 'legacy gauge vllm:avg_generation_throughput_toks_per_s (vLLM ≤ 0.6)',
    }),
  },
  { id: 'ttft-p95', title: 'TTFT p95', unit: 'seconds', panelId: 'ttft', thresholds: STAT_THRESHOLDS.ttft, query: query('value', 'p95', quantileExpr(0.95, 'ttft_bucket', '')) },
  { id: 'itl-p95', title: 'ITL p95', unit: 'seconds', panelId: 'itl', thresholds: STAT_THRESHOLDS.itl, query: query('value', 'p95', quantileExpr(0.95, 'itl_bucket', '')) },
  { id: 'e2e-p95', title: 'E2E p95', unit: 'seconds', panelId: 'e2e-latency', query: query('value', 'p95', quantileExpr(0.95, 'e2e_bucket', '')) },
  { id: 'running', title: 'Running', unit: 'requests', panelId: 'running-requests', sumOf: { panelId: 'running-requests', queryId: 'running' }, query: query('value', 'running', 'sum({{running}})') },
  {
    id: 'waiting',
    title: 'Waiting',
    unit: 'requests',
    panelId: 'waiting-requests',
    sumOf: { panelId: 'waiting-requests', queryId: 'waiting' },
    thresholds: STAT_THRESHOLDS.waiting,
    query: query('value', 'waiting', 'sum({{waiting}})'),
  },
  // The busiest engine is what saturates first, so the tile shows the max, not the mean.
  {
    id: 'kv-cache-usage',
    title: 'KV usage (max)',
    unit: 'ratio',
    panelId: 'kv-cache-usage',
    thresholds: STAT_THRESHOLDS.kvUsage,
    query: query('value', 'max', 'max({{kv_cache_usage}})'),
  },
  {
    id: 'prefix-cache-hit-rate',
    title: 'Prefix cache hits',
    unit: 'ratio',
    panelId: 'prefix-cache-hit-rate',
    query: query('value', 'hit rate', ratio(rateAll('prefix_cache_hits'), rateAll('prefix_cache_queries')), {
      expr: 'avg({{prefix_cache_hit_rate_v0}})',
      note: 'legacy V0 gauge vllm:gpu_prefix_cache_hit_rate (vLLM ≤ 0.9.0)',
    }),
  },
  {
    id: 'abort-error-rate',
    title: 'Aborted + errored',
    unit: 'ratio',
    panelId: 'abort-error-rate',
    thresholds: STAT_THRESHOLDS.errors,
    query: query('value', 'abort+error', ratio(rateAll('request_success', 'finished_reason=~"abort|error"'), rateAll('request_success'))),
    details: [
      { id: 'aborts', query: query('aborts', 'abort', ratio(rateAll('request_success', 'finished_reason="abort"'), rateAll('request_success'))) },
      { id: 'errors', query: query('errors', 'error', ratio(rateAll('request_success', 'finished_reason="error"'), rateAll('request_success'))) },
    ],
  },
];

const roles: EngineRoles = {
  running: 'running',
  waiting: 'waiting',
  kvUsage: { id: 'kv_cache_usage', scale: 1, basis: 'blocks' },
  requests: 'request_success',
  failures: { id: 'request_success', matcher: 'finished_reason=~"abort|error"', label: 'finished_reason', scope: 'abortsAndErrors' },
  promptTokens: 'prompt_tokens',
  generationTokens: { id: 'generation_tokens', countedAt: 'step' },
  ttft: { id: 'ttft', buckets: VLLM_BUCKETS.ttft },
  itl: { id: 'itl', buckets: VLLM_BUCKETS.itl },
  e2e: { id: 'e2e', buckets: VLLM_BUCKETS.e2e },
  queueTime: { id: 'queue' },
  phases: { prefill: { id: 'prefill' }, decode: { id: 'decode' } },
  preemptions: { id: 'preemptions', word: 'Preemptions', verb: 'preempted' },
  prefixCache: { counters: { hits: 'prefix_cache_hits', queries: 'prefix_cache_queries' } },
  sleepState: 'sleep_state',
  cacheConfig: 'cache_config_info',
  admissionRejections: 'admission_rejections',
  kvMemory: 'available_kv_memory',
  knobs: {
    kvMemory: '--gpu-memory-utilization',
    maxLen: '--max-model-len',
    maxSeqs: '--max-num-seqs',
    batchTokens: '--max-num-batched-tokens',
    kvDtype: '--kv-cache-dtype fp8',
    spec: '--speculative-config num_speculative_tokens',
    prefixCache: '--enable-prefix-caching',
  },
};

export const vllmCatalog: EngineCatalog<'vllm'> = {
  engine: 'vllm',
  label: 'vLLM',
  filterLabels: { model: 'model_name', instance: 'instance', rank: ['engine'] },
  presenceMetric: 'running',
  servedMetric: 'request_success',
  metrics: { ...vllmMetrics, ...TARGET_METRICS, ...vllmParamMetrics },
  roles,
  alertPrefix: 'VLLM',
  stats: vllmStats,
  panels: bySection([modelSummaryPanel(roles, 'vLLM'), ...vllmCorePanels.slice(0, saturationStart(vllmCorePanels)), instanceTablePanel(roles, 'vLLM'), ...vllmCorePanels.slice(saturationStart(vllmCorePanels)), ...vllmAdvancedPanels, ...vllmExtraPanels, ...vllm2026Panels, ...vllmDistributionPanels]),
};
