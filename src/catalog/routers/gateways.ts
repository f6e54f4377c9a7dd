// Dynamo's frontend and KV router (docs/routing.md), and the gen_ai gateways (Envoy AI
// Gateway, agentgateway: §6). Dynamo's per-worker gauges are keyed by `worker_id`, which no metric
// maps to a pod; the gen_ai gateways name no endpoint at all: both are shown, never joined.
import type { RouterCatalog } from './types';

export const dynamoFrontend: RouterCatalog = {
  id: 'dynamo',
  label: 'NVIDIA Dynamo frontend',
  detect: [{ name: 'dynamo_frontend_requests_total' }, { name: 'nv_llm_http_service_requests_total', generation: 'nv_llm_http_service_* (DYN_METRICS_PREFIX)' }],
  roles: {
    requests: [{ name: 'dynamo_frontend_requests_total' }, { name: 'nv_llm_http_service_requests_total' }],
    errors: [{ name: 'dynamo_frontend_requests_total', matcher: 'status="error"' }, { name: 'nv_llm_http_service_requests_total', matcher: 'status="error"' }],
    e2e: [{ name: 'dynamo_frontend_request_duration_seconds' }, { name: 'nv_llm_http_service_request_duration_seconds' }],
    ttft: [{ name: 'dynamo_frontend_time_to_first_token_seconds' }, { name: 'nv_llm_http_service_time_to_first_token_seconds' }],
    overhead: [{ name: 'dynamo_router_overhead_total_ms', scale: 1000 }],
    queue: [{ name: 'dynamo_frontend_queued_requests', note: 'requests waiting for their first token' }],
    inflight: [{ name: 'dynamo_frontend_worker_active_decode_blocks', endpoint: 'worker_id', shape: 'opaque', note: 'the router’s predicted decode blocks, not requests' }],
  },
  joinNote: 'Dynamo names workers by worker_id (a lease id); no metric maps it to a pod or address.',
};

export const genAiGateway: RouterCatalog = {
  id: 'gen-ai',
  label: 'gen_ai gateway (Envoy AI Gateway, agentgateway)',
  detect: [{ name: 'gen_ai_server_request_duration_count' }, { name: 'gen_ai_server_request_duration_seconds_count' }, { name: 'agentgateway_gen_ai_server_request_duration_count' }],
  roles: {
    e2e: [{ name: 'gen_ai_server_request_duration' }, { name: 'gen_ai_server_request_duration_seconds' }, { name: 'agentgateway_gen_ai_server_request_duration' }],
    ttft: [{ name: 'gen_ai_server_time_to_first_token' }, { name: 'gen_ai_server_time_to_first_token_seconds' }, { name: 'agentgateway_gen_ai_server_time_to_first_token' }],
  },
  joinNote: 'gen_ai gateways name no engine endpoint: they can be compared with the engines by model only.',
};
