// The SGLang engine catalog: metrics, stat row and panels.
import { bySection, quantileExpr, query, rateAll, ratio, STAT_THRESHOLDS, TARGET_METRICS } from '../define';
import { instanceTablePanel, modelSummaryPanel, saturationStart } from '../tables';
import { sglangAdvancedPanels } from './advanced';
import { sglangExtraPanels } from './extra-panels';
import { SGLANG_BUCKETS, sglangMetrics } from './metrics';
import { sglangDistributionPanels } from '../distributions';
import { REQUESTS_FROM_E2E, sglangCorePanels } from './panels';
import type { EngineCatalog, EngineRoles, StatSpec } from '../types';

const sglangStats: StatSpec[] = [
  { id: 'request-rate', title: 'Requests/s', unit: 'reqps', panelId: 'request-rate', sumOf: { panelId: 'request-rate', queryId: 'rate' }, query: query('value', 'req/s', rateAll('requests'), REQUESTS_FROM_E2E(rateAll('e2e_count'))) },
  {
    id: 'output-tokens-rate',
    title: 'Output tok/s',
    unit: 'tokps',
    panelId: 'output-tokens-rate',
    sumOf: { panelId: 'output-tokens-rate', queryId: 'rate' },
    query: query('value', 'tok/s', rateAll('generation_tokens'), {
      expr: 'sum({{gen_throughput}})',
      note: "the scheduler's gen_throughput gauge",
    }),
  },
  {
    id: 'ttft-p95',
    title: 'TTFT p95',
    unit: 'seconds',
    panelId: 'ttft',
    thresholds: STAT_THRESHOLDS.ttft,
    query: query('value', 'p95', quantileExpr(0.95, 'ttft_bucket', '')),
  },
  {
    id: 'itl-p95',
    title: 'ITL p95',
    unit: 'seconds',
    panelId: 'itl',
    thresholds: STAT_THRESHOLDS.itl,
    query: query('value', 'p95', quantileExpr(0.95, 'itl_bucket', '')),
  },
  { id: 'e2e-p95', title: 'E2E p95', unit: 'seconds', panelId: 'e2e-latency', query: query('value', 'p95', quantileExpr(0.95, 'e2e_bucket', '')) },
  { id: 'running', title: 'Running', unit: 'requests', panelId: 'running-requests', sumOf: { panelId: 'running-requests', queryId: 'running' }, query: query('value', 'running', 'sum({{running|priority=""}})') },
  {
    id: 'waiting',
    title: 'Waiting',
    unit: 'requests',
    panelId: 'waiting-requests',
    sumOf: { panelId: 'waiting-requests', queryId: 'waiting' },
    thresholds: STAT_THRESHOLDS.waiting,
    query: query('value', 'waiting', 'sum({{waiting|priority=""}})'),
  },
  // The busiest rank is what saturates first, so the tile shows the max, not the mean.
  {
    id: 'kv-cache-usage',
    title: 'KV usage (max)',
    unit: 'ratio',
    panelId: 'kv-cache-usage',
    thresholds: STAT_THRESHOLDS.kvUsage,
    query: query('value', 'max', 'max({{token_usage}})'),
  },
  {
    id: 'prefix-cache-hit-rate',
    title: 'Prefix cache hits',
    unit: 'ratio',
    panelId: 'prefix-cache-hit-rate',
    query: query('value', 'hit rate', 'avg({{cache_hit_rate}})', {
      expr: ratio(rateAll('cached_tokens'), rateAll('prompt_tokens')),
      note: 'cached prompt tokens over prompt tokens (counters)',
    }),
  },
  {
    id: 'abort-error-rate',
    title: 'Aborted',
    unit: 'ratio',
    panelId: 'abort-error-rate',
    thresholds: STAT_THRESHOLDS.errors,
    // SGLang counts aborts (client or server) and no errors apart.
    query: query('value', 'aborted', ratio(rateAll('aborted_requests'), rateAll('requests'))),
  },
];

const roles: EngineRoles = {
  running: 'running',
  waiting: 'waiting',
  queueTotal: 'priority=""',
  kvUsage: { id: 'token_usage', scale: 1, basis: 'tokenPool' },
  requests: 'requests',
  requestsFallback: 'e2e_count',
  failures: { id: 'aborted_requests', scope: 'aborts' },
  promptTokens: 'prompt_tokens',
  generationTokens: { id: 'generation_tokens', countedAt: 'finish' },
  ttft: { id: 'ttft', buckets: SGLANG_BUCKETS.ttft },
  itl: { id: 'itl', buckets: SGLANG_BUCKETS.itl },
  e2e: { id: 'e2e', buckets: SGLANG_BUCKETS.e2e },
  queueTime: { id: 'queue' },
  preemptions: { id: 'retractions', word: 'Retractions', verb: 'retracted' },
  prefixCache: { hitRateGauge: 'cache_hit_rate', cachedTokens: 'cached_tokens' },
  kvPages: { capacityTokens: 'max_total_num_tokens', numPages: 'num_pages', pageSize: 'page_size', cacheConfig: 'cache_config_info' },
  // The radix (prefix) cache is on unless --disable-radix-cache: no "turn it on" flag.
  knobs: {
    kvMemory: '--mem-fraction-static',
    maxLen: '--context-length',
    maxSeqs: '--max-running-requests',
    batchTokens: '--chunked-prefill-size',
    kvDtype: '--kv-cache-dtype fp8_e5m2',
    spec: '--speculative-num-draft-tokens',
    admission: '--schedule-conservativeness',
  },
};

export const sglangCatalog: EngineCatalog<'sglang'> = {
  engine: 'sglang',
  label: 'SGLang',
  filterLabels: { model: 'model_name', instance: 'instance', rank: ['tp_rank', 'dp_rank'] },
  presenceMetric: 'running',
  servedMetric: 'requests',
  metrics: { ...sglangMetrics, ...TARGET_METRICS },
  roles,
  stats: sglangStats,
  panels: bySection([modelSummaryPanel(roles, 'SGLang'), ...sglangCorePanels.slice(0, saturationStart(sglangCorePanels)), instanceTablePanel(roles, 'SGLang'), ...sglangCorePanels.slice(saturationStart(sglangCorePanels)), ...sglangAdvancedPanels, ...sglangExtraPanels, ...sglangDistributionPanels]),
};
