// Keeping router series out of engine queries. Some routers re-export engine names: the vLLM
// production-stack router serves `vllm:num_requests_running{server=…}` (its own in-flight count)
// and five more `vllm:` names; SGLang Model Gateway's `/engine_metrics` re-serves every engine
// series in underscore form (`vllm_*`, `sglang_*`) with `worker_addr=…`; AIBrix's gateway
// re-exports engine names without their prefix, with `gateway_pod=…`. Scraped beside the engines,
// those would be summed into engine figures. No engine puts these labels on its own series, so a
// selector whose stored name one of those routers also serves requires the router's label empty
// (`label=""` also matches a series without it). Names no router re-exports are left as they are:
// their PromQL (and every recorded series and rule built from it) does not change.
// docs/routing.md, "Exclusion".
import type { ResolvedMetric } from '../resolve';

/** production-stack's router: `vllm:` names it serves with `server` (docs/routing.md). */
export const PRODUCTION_STACK_ENGINE_NAMES: ReadonlySet<string> = new Set([
  'vllm:num_requests_running',
  'vllm:num_requests_waiting',
  'vllm:num_requests_swapped',
  'vllm:gpu_prefix_cache_hit_rate',
  'vllm:gpu_prefix_cache_hits_total',
  'vllm:gpu_prefix_cache_queries_total',
]);

/** Labels only a router's copy of an engine series carries (never the engine's own). */
export const ROUTER_SHAPE_LABELS: readonly string[] = ['server', 'worker_addr', 'gateway_pod'];

/** Engine names re-served with colons turned into underscores by smg's `/engine_metrics`. */
const UNDERSCORE_ENGINE = /^(vllm|sglang)_[a-z]/;
/** Router names that only look like engine names (vllm-project/router, its tokenizer). */
const ROUTER_OWN = /^vllm_(router|tokenizer)_/;

/**
 * The matchers that keep router copies out of one engine selector: `server=""` on the names
 * production-stack re-exports, `worker_addr=""` on underscore forms, `gateway_pod=""` on bare names.
 */
export function routerExclusion(resolved: Pick<ResolvedMetric, 'name' | 'rewrite'>): string[] {
  const { name } = resolved;
  const out: string[] = [];
  if (PRODUCTION_STACK_ENGINE_NAMES.has(name)) out.push('server=""');
  if (UNDERSCORE_ENGINE.test(name) && !ROUTER_OWN.test(name)) out.push('worker_addr=""');
  if (resolved.rewrite === 'bare') out.push('gateway_pod=""');
  return out;
}

/** production-stack's router names that no engine emits (its own, with `server` or `model`). */
const PRODUCTION_STACK_OWN = new Set([
  'vllm:current_qps',
  'vllm:num_prefill_requests',
  'vllm:num_decoding_requests',
  'vllm:avg_latency',
  'vllm:avg_itl',
  'vllm:avg_decoding_length',
  'vllm:healthy_pods_total',
  'vllm:num_incoming_requests',
  'vllm:input_tokens',
  'vllm:output_tokens',
  'vllm:request_errors',
  'vllm:request_latency_seconds',
]);

/**
 * A stored name that is a router's own, though it carries an engine word (production-stack's
 * `vllm:current_qps`, vllm-project/router's `vllm_router_*`): never an engine's "other metric".
 */
export function isRouterOwnName(name: string): boolean {
  if (ROUTER_OWN.test(name)) return true;
  const base = name.replace(/_(total|created|bucket|sum|count)$/, '');
  return PRODUCTION_STACK_OWN.has(base) || PRODUCTION_STACK_OWN.has(name);
}
