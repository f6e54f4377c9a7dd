// The llm-d / Gateway API Inference Extension endpoint picker under its five name generations
// (docs/routing.md). Since llm-d-router v0.9 every legacy name is emitted beside the new
// one: each role lists `llm_d_epp_` first, then `llm_d_router_epp_`, then the GIE names, so one
// prefix is read per role. Scheduler attempts name the plain pod (`endpoint_name`/`pod_name` +
// `namespace`); the per-endpoint queue and in-flight gauges name `<pod>-rank-<i>` (GIE ≥ v1.1).
import type { RouterCatalog, RouterSeries } from './types';

const P = ['llm_d_epp_', 'llm_d_router_epp_'] as const;
const each = (f: (p: string) => RouterSeries): RouterSeries[] => P.map(f);

export const eppRouter: RouterCatalog = {
  id: 'epp',
  label: 'llm-d / GIE endpoint picker (EPP)',
  detect: [
    { name: 'llm_d_epp_request_total', generation: 'llm_d_epp_* (llm-d-router ≥ v0.9, legacy names also emitted)' },
    { name: 'llm_d_router_epp_request_total', generation: 'llm_d_router_epp_* (llm-d-router main, May–June 2026)' },
    { name: 'inference_objective_request_total', generation: 'inference_objective_* (GIE v1.1–v1.5)' },
    { name: 'inference_model_request_total', generation: 'inference_model_* (GIE ≤ v1.0)' },
    { name: 'inference_pool_ready_pods', generation: 'inference_pool_* (GIE)' },
  ],
  roles: {
    requests: [...each((p) => ({ name: `${p}request_total` })), { name: 'inference_objective_request_total' }, { name: 'inference_model_request_total' }],
    errors: [...each((p) => ({ name: `${p}request_error_total` })), { name: 'inference_objective_request_error_total' }, { name: 'inference_model_request_error_total' }],
    e2e: [...each((p) => ({ name: `${p}request_duration_seconds` })), { name: 'inference_objective_request_duration_seconds' }, { name: 'inference_model_request_duration_seconds' }],
    ttft: each((p) => ({ name: `${p}request_ttft_seconds` })),
    overhead: [...each((p) => ({ name: `${p}scheduler_e2e_duration_seconds` })), { name: 'inference_extension_scheduler_e2e_duration_seconds' }],
    queue: [
      ...each((p) => ({ name: `${p}flow_control_pool_saturation`, matcher: 'stage="effective"', note: 'flow-control saturation, 0–1', saturation: true })),
      { name: 'inference_extension_flow_control_pool_saturation', note: 'flow-control saturation, 0–1', saturation: true },
    ],
    routed: [
      ...each((p) => ({ name: `${p}scheduler_attempts_total`, matcher: 'status="success"', endpoint: 'endpoint_name', shape: 'pod' as const, note: 'scheduling decisions (primary endpoint)' })),
      { name: 'inference_extension_scheduler_attempts_total', matcher: 'status="success"', endpoint: 'pod_name', shape: 'pod', note: 'scheduling decisions (GIE ≥ v1.5)' },
    ],
    inflight: [
      { name: 'llm_d_epp_inflight_requests', endpoint: 'endpoint_name', shape: 'pod-rank', note: 'in-flight as tracked by the EPP (v0.10+)' },
      ...each((p) => ({ name: `${p}per_endpoint_queue_size`, endpoint: 'model_server_endpoint', shape: 'pod-rank' as const, note: 'the engine queue as the EPP last scraped it' })),
      { name: 'inference_pool_per_pod_queue_size', endpoint: 'model_server_pod', shape: 'pod-rank', note: 'the engine queue as the EPP last scraped it' },
    ],
  },
};
