// The LMDeploy engine catalog (`lmdeploy serve api_server`): vLLM's metric set under `lmdeploy:`
// (spec/metrics/lmdeploy.json), derived from the vLLM catalog with the names LMDeploy exposes, plus
// its own prefix-cache gauge and cached-tokens counter. It has no preemption counter, sleep state,
// KV-cache configuration gauge with known labels, admission limits or KV memory gauge.
import { counter, gauge, gaugeBy, metrics, panel, query, ratio, rateAll, rateBy, TARGET_METRICS } from '../define';
import { reprefixCatalog } from '../derive';
import type { EngineCatalog, EngineRoles } from '../types';
import { vllmCatalog } from '../vllm/catalog';
import { LMDEPLOY_BUCKETS, LMDEPLOY_EXPOSED } from './names';

const ON = '--enable-metrics (default since LMDeploy v0.11)';
const L = ['model_name', 'engine'];
const M = '{{model_name}}';

// Finished requests carry `finished_reason="ResponseType.<member>"`: SUCCESS and FINISH are normal
// ends, CANCEL the client's abort, every other member an error.
const FAILED = 'finished_reason!~"ResponseType.(SUCCESS|FINISH)"';
const ABORTED = 'finished_reason="ResponseType.CANCEL"';
const ERRORED = 'finished_reason!~"ResponseType.(SUCCESS|FINISH|CANCEL)"';

const own = metrics([
  gauge('prefix_cache_hit_rate', ['lmdeploy:prefix_cache_hit_rate'], L, ON),
  counter('cached_tokens', ['lmdeploy:cached_tokens_total'], L, ON),
]);

const roles: EngineRoles = {
  running: 'running',
  waiting: 'waiting',
  kvUsage: { id: 'kv_cache_usage', scale: 1, basis: 'blocks' },
  requests: 'request_success',
  failures: { id: 'request_success', matcher: FAILED, label: 'finished_reason', scope: 'abortsAndErrors' },
  promptTokens: 'prompt_tokens',
  generationTokens: { id: 'generation_tokens', countedAt: 'step' },
  ttft: { id: 'ttft', buckets: LMDEPLOY_BUCKETS.ttft },
  itl: { id: 'itl', buckets: LMDEPLOY_BUCKETS.itl },
  e2e: { id: 'e2e', buckets: LMDEPLOY_BUCKETS.e2e },
  queueTime: { id: 'queue' },
  phases: { prefill: { id: 'prefill' }, decode: { id: 'decode' } },
  prefixCache: { hitRateGauge: 'prefix_cache_hit_rate', cachedTokens: 'cached_tokens' },
  // Its speculative-decoding flags are not confirmed here: generic words for that knob.
  knobs: {
    kvMemory: '--cache-max-entry-count',
    maxLen: '--session-len',
    maxSeqs: '--max-batch-size',
    batchTokens: '--max-prefill-token-num',
    kvDtype: '--quant-policy 8',
    prefixCache: '--enable-prefix-caching',
  },
};

export const lmdeployCatalog: EngineCatalog<'lmdeploy'> = reprefixCatalog(vllmCatalog, {
  engine: 'lmdeploy',
  label: 'LMDeploy',
  from: 'vllm:',
  to: 'lmdeploy:',
  exposed: LMDEPLOY_EXPOSED,
  enabledBy: ON,
  roles,
  extraMetrics: { ...TARGET_METRICS, ...own },
  rewrite: [
    ['finished_reason=~"abort|error"', FAILED],
    ['finished_reason="abort"', ABORTED],
    ['finished_reason="error"', ERRORED],
  ],
  panels: [
    // LMDeploy's reasons are its ResponseType members, not vLLM's stop/length/abort/error.
    panel({
      id: 'finished-reasons',
      section: 'requests',
      title: 'Finished requests by reason',
      description:
        "Finished requests per second split by LMDeploy's response type: ResponseType.FINISH is a normal end (stop and length alike, no split); CANCEL, ENGINE_STOP_ERROR, INTERNAL_ENGINE_ERROR, INPUT_LENGTH_ERROR, OUT_OF_MEMORY and the others are the rest.",
      unit: 'reqps',
      chart: 'stacked',
      queries: [query('rate', '{{finished_reason}}', 'sum by (finished_reason) (rate({{request_success}}[$__rate_interval]))')],
    }),
    panel({
      id: 'prefix-cache-hit-rate',
      section: 'cache',
      title: 'Prefix cache hit rate',
      description: "The engine's prefix cache hit rate gauge, mean over ranks.",
      unit: 'ratio',
      min: 0,
      max: 1,
      enabledBy: ON,
      queries: [
        query('hit-rate', M, gaugeBy('avg', 'prefix_cache_hit_rate'), {
          expr: ratio(rateBy('cached_tokens'), rateBy('prompt_tokens')),
          note: 'cached prompt tokens over prompt tokens (counters)',
        }),
      ],
    }),
  ],
  stats: [
    {
      id: 'prefix-cache-hit-rate',
      title: 'Prefix cache hits',
      unit: 'ratio',
      panelId: 'prefix-cache-hit-rate',
      query: query('value', 'hit rate', 'avg({{prefix_cache_hit_rate}})', {
        expr: ratio(rateAll('cached_tokens'), rateAll('prompt_tokens')),
        note: 'cached prompt tokens over prompt tokens (counters)',
      }),
    },
  ],
});
