// vLLM panels for the families releases after 0.29 added
// (spec/metrics/vllm.json; docs/panels.md lists them): frontend admission rejections and preemptions per request (confidence
// A), and families known only from upstream test files (B: "newer than 0.29, unverified"). Each
// carries a feature, so it folds into the section's "not exposed" line where its families are absent.
import { distributionExpr } from '../distributions';
import { gaugeBy, panel, quantileQueries, query, rateBy, ratio } from '../define';
import type { PanelSpec } from '../types';
import { ADMISSION, EPLB, NEWER, PRIORITY, SLEEP } from './metrics';

const M = '{{model_name}}';
const UNVERIFIED = 'Newer than vLLM 0.29, not verified against a release.';

export const vllm2026Panels: PanelSpec[] = [
  // ---- Requests ----
  panel({
    id: 'request-priority-distribution',
    section: 'requests',
    title: 'Request priority',
    description: `Share of finished requests by their priority value over the range (priority scheduling). ${UNVERIFIED}`,
    unit: 'count',
    chart: 'distribution',
    enabledBy: PRIORITY,
    feature: 'priority-scheduling',
    queries: [query('buckets', '{{le}}', distributionExpr('request_priority_bucket'))],
  }),

  // ---- Saturation ----
  panel({
    id: 'admission-rejections',
    section: 'saturation',
    title: 'Admission rejections',
    description: 'Requests per second the frontend turned away because its queue limits (requests or tokens) were reached, by reason.',
    unit: 'reqps',
    chart: 'stacked',
    enabledBy: ADMISSION,
    feature: 'admission-limits',
    queries: [query('rate', `${M} · {{reason}}`, rateBy('admission_rejections', ['reason']))],
  }),
  panel({
    id: 'preemptions-per-request',
    section: 'saturation',
    title: 'Preemptions per request',
    description: 'Share of finished requests by how many times each was preempted over the range (0.30+).',
    unit: 'count',
    chart: 'distribution',
    feature: 'preemptions-per-request',
    queries: [query('buckets', '{{le}}', distributionExpr('request_num_preemptions_bucket'))],
  }),
  panel({
    id: 'queue-pressure',
    section: 'saturation',
    title: 'Scheduler queue pressure',
    description: `Waiting requests over max_num_seqs, by reason (capacity, deferred); above 1 the queue outgrows a full batch. Max over engines. ${UNVERIFIED}`,
    unit: 'ratio',
    min: 0,
    enabledBy: NEWER,
    feature: 'queue-pressure',
    queries: [query('pressure', `${M} · {{reason}}`, gaugeBy('max', 'queue_pressure', ['reason']))],
  }),

  // ---- Cache ----
  panel({
    id: 'prefix-cache-block-hit-rate',
    section: 'cache',
    title: 'Prefix cache hit rate (blocks)',
    description: `Prefix-cache hits over lookups counted in KV blocks, beside the token-counted hit rate. ${UNVERIFIED}`,
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: NEWER,
    feature: 'prefix-cache-blocks',
    queries: [query('hit-rate', M, ratio(rateBy('prefix_block_hits'), rateBy('prefix_block_queries')))],
  }),
  panel({
    id: 'prefix-cache-blocks',
    section: 'cache',
    title: 'Blocks in the prefix cache',
    description: `KV blocks held by the prefix cache, summed over engines. ${UNVERIFIED}`,
    unit: 'count',
    enabledBy: NEWER,
    feature: 'prefix-cache-blocks',
    queries: [query('blocks', M, gaugeBy('sum', 'prefix_blocks_cached'))],
  }),
  panel({
    id: 'structured-output-cache-hit-rate',
    section: 'cache',
    title: 'Structured-output cache hit rate',
    description: `Share of grammar (structured-output) compilations served from the cache. ${UNVERIFIED}`,
    unit: 'ratio',
    min: 0,
    max: 1,
    enabledBy: 'structured output in use',
    feature: 'structured-output-cache',
    queries: [query('hit-rate', M, ratio(rateBy('so_cache_hits'), rateBy('so_cache_queries')))],
  }),

  // ---- Advanced ----
  panel({
    id: 'sleep-resources',
    section: 'advanced',
    title: 'Sleep state by resource',
    description: `Engines per resource state: scheduler running or paused, weights resident or offloaded, KV cache resident or released. ${UNVERIFIED}`,
    unit: 'count',
    // Lines: the resources are not parts of one whole, so a stack would add them up.
    enabledBy: SLEEP,
    feature: 'sleep-resources',
    queries: [
      query('state', `${M} · {{resource}} {{state}}`, gaugeBy('sum', 'sleep_resource', ['resource', 'state'])),
      query('awake', `${M} fully awake`, gaugeBy('sum', 'fully_awake')),
    ],
  }),
  panel({
    id: 'eplb-rebalances',
    section: 'advanced',
    title: 'Expert rebalances (EPLB)',
    description: `Expert-parallel load balancer rebalances per second, and whether one is running. ${UNVERIFIED}`,
    unit: 'ops',
    enabledBy: EPLB,
    feature: 'eplb',
    queries: [query('rate', `${M} rebalances/s`, rateBy('eplb_events')), query('running', `${M} rebalancing`, gaugeBy('max', 'eplb_rebalancing'))],
  }),
  panel({
    id: 'worker-step-time',
    section: 'advanced',
    title: 'Worker step time',
    description: `p50/p95 of a worker's whole step and of its model forward pass, by phase. ${UNVERIFIED}`,
    unit: 'seconds',
    enabledBy: NEWER,
    feature: 'worker-timing',
    queries: [
      ...quantileQueries('worker_step_bucket', [0.5, 0.95], { extraBy: 'phase', legendPrefix: `${M} step {{phase}}` }).map((q) => ({ ...q, id: `step-${q.id}` })),
      ...quantileQueries('worker_execute_bucket', [0.5, 0.95], { extraBy: 'phase', legendPrefix: `${M} forward {{phase}}` }).map((q) => ({ ...q, id: `forward-${q.id}` })),
    ],
  }),
  panel({
    id: 'worker-proposer-time',
    section: 'advanced',
    title: 'Draft proposer time',
    description: `p50/p95 of the speculative-decoding proposer's time per worker step, by phase. ${UNVERIFIED}`,
    unit: 'seconds',
    enabledBy: `${NEWER}, --speculative-config`,
    feature: 'worker-timing',
    queries: quantileQueries('worker_proposer_bucket', [0.5, 0.95], { extraBy: 'phase', legendPrefix: `${M} {{phase}}` }),
  }),
];
