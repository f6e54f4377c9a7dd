// vLLM production-stack's router (docs/routing.md): `vllm:` names with `server` = the engine's
// base URL. Its `vllm:num_requests_running{server}` is the router's in-flight count under an engine
// name (kept out of engine queries: exclusion.ts). Detected by names the engine never emits.
import type { RouterCatalog } from './types';

const S = { endpoint: 'server', shape: 'url' } as const;

export const productionStackRouter: RouterCatalog = {
  id: 'production-stack',
  label: 'vLLM production-stack router',
  detect: [{ name: 'vllm:current_qps' }, { name: 'vllm:healthy_pods_total' }, { name: 'router_cpu_usage_percent' }],
  roles: {
    requests: [{ name: 'vllm:num_incoming_requests_total' }],
    errors: [{ name: 'vllm:request_errors_total' }],
    e2e: [{ name: 'vllm:request_latency_seconds' }],
    routed: [
      { name: 'vllm:request_latency_seconds_count', ...S, note: 'requests finished through the router (production-stack ≥ 2026-05)' },
    ],
    inflight: [{ name: 'vllm:num_requests_running', matcher: 'server!=""', ...S, note: 'router-side: sent, not yet finished' }],
    health: [{ name: 'vllm:healthy_pods_total', ...S }],
  },
};
