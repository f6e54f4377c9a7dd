// SGLang's router family and its Rust fork (docs/routing.md): sgl-router 2025
// (`sgl_router_*{worker}`), the 2026 experimental sgl-router (`sgl_router_*{worker_url}`), SGLang
// Model Gateway (`smg_*{worker}`, removed workers parked at −1) and vllm-project/router
// (`vllm_router_*{worker}`). Every endpoint label is the worker's URL.
import type { RouterCatalog } from './types';

const W = { endpoint: 'worker', shape: 'url' } as const;

export const sglRouter: RouterCatalog = {
  id: 'sgl-router',
  label: 'SGLang router',
  detect: [
    { name: 'sgl_router_processed_requests_total', generation: 'sgl_router_* {worker} (2025)' },
    { name: 'sgl_router_worker_requests_total', generation: 'sgl_router_* {worker_url} (2026 experimental)' },
    { name: 'sgl_router_requests_total' },
  ],
  roles: {
    requests: [{ name: 'sgl_router_requests_total' }],
    errors: [{ name: 'sgl_router_request_errors_total' }],
    e2e: [{ name: 'sgl_router_request_duration_seconds' }],
    ttft: [{ name: 'sgl_router_ttft_seconds' }],
    routed: [
      { name: 'sgl_router_processed_requests_total', ...W },
      { name: 'sgl_router_worker_requests_total', endpoint: 'worker_url', shape: 'url' },
    ],
    inflight: [
      { name: 'sgl_router_running_requests', ...W },
      { name: 'sgl_router_worker_inflight_requests', endpoint: 'worker_url', shape: 'url' },
    ],
    health: [{ name: 'sgl_router_worker_health', ...W }],
  },
};

export const smgRouter: RouterCatalog = {
  id: 'smg',
  label: 'SGLang Model Gateway (smg)',
  detect: [{ name: 'smg_worker_requests_active' }, { name: 'smg_worker_health' }, { name: 'smg_http_requests_total' }],
  roles: {
    requests: [{ name: 'smg_http_requests_total' }],
    errors: [{ name: 'smg_http_requests_total', matcher: 'status_code=~"5.."' }],
    e2e: [{ name: 'smg_http_request_duration_seconds' }],
    ttft: [{ name: 'smg_router_ttft_seconds' }],
    routed: [{ name: 'smg_worker_cb_outcomes_total', ...W, note: 'finished requests per worker (circuit-breaker outcomes)' }],
    inflight: [{ name: 'smg_worker_requests_active', ...W }],
    health: [{ name: 'smg_worker_health', ...W }],
  },
};

export const vllmProjectRouter: RouterCatalog = {
  id: 'vllm-router',
  label: 'vllm-project/router',
  detect: [{ name: 'vllm_router_processed_requests_total' }, { name: 'vllm_router_requests_total' }],
  roles: {
    requests: [{ name: 'vllm_router_requests_total' }],
    errors: [{ name: 'vllm_router_request_errors_total' }],
    e2e: [{ name: 'vllm_router_request_duration_seconds' }],
    routed: [{ name: 'vllm_router_processed_requests_total', ...W }],
    inflight: [{ name: 'vllm_router_running_requests', ...W }],
    health: [{ name: 'vllm_router_worker_health', ...W }],
  },
};
