import { describe, expect, it } from 'vitest';
import { detectRouters, p95Expr, rateExpr, routedExpr } from '.';
import { imbalance, joinKey, unjoinedReason, urlToInstance } from './join';

const legacyV15 = ['inference_objective_request_total', 'inference_extension_scheduler_attempts_total', 'inference_pool_per_pod_queue_size', 'inference_objective_request_duration_seconds_bucket'];
const canonical = (p: string) => [`${p}request_total`, `${p}scheduler_attempts_total`, `${p}per_endpoint_queue_size`, `${p}request_duration_seconds_bucket`];

describe('router detection', () => {
  it.each([
    ['GIE ≤ v1.0', ['inference_model_request_total', 'inference_pool_per_pod_queue_size'], 'inference_model_', undefined],
    ['GIE v1.1–v1.5', legacyV15, 'inference_objective_', 'inference_extension_scheduler_attempts_total'],
    ['llm-d-router main', canonical('llm_d_router_epp_'), 'llm_d_router_epp_', 'llm_d_router_epp_scheduler_attempts_total'],
    // v0.9 dual emission: both sets present, the new one read.
    ['llm-d v0.9', [...canonical('llm_d_epp_'), ...legacyV15], 'llm_d_epp_', 'llm_d_epp_scheduler_attempts_total'],
    ['llm-d v0.10', [...canonical('llm_d_epp_'), ...legacyV15, 'llm_d_epp_inflight_requests'], 'llm_d_epp_', 'llm_d_epp_scheduler_attempts_total'],
  ])('EPP %s: one prefix per role', (_, names, prefix, routed) => {
    const [r] = detectRouters(new Set(names));
    expect(r?.catalog.id).toBe('epp');
    expect(r?.generation).toContain(prefix);
    expect(r?.picks.requests?.name.startsWith(prefix)).toBe(true);
    expect(r?.picks.routed?.name).toBe(routed);
  });

  it('v0.10 reads in-flight per endpoint, earlier ones the queue the EPP scraped', () => {
    expect(detectRouters(new Set([...canonical('llm_d_epp_'), 'llm_d_epp_inflight_requests']))[0]?.picks.inflight?.name).toBe('llm_d_epp_inflight_requests');
    expect(detectRouters(new Set(canonical('llm_d_epp_')))[0]?.picks.inflight?.endpoint).toBe('model_server_endpoint');
  });

  it('production-stack by its own names, its in-flight copy selected by server', () => {
    const [r] = detectRouters(new Set(['vllm:current_qps', 'vllm:num_requests_running', 'vllm:request_latency_seconds_count']));
    expect(r?.catalog.id).toBe('production-stack');
    expect(r?.picks.inflight?.matcher).toBe('server!=""');
    expect(r && r.picks.routed && routedExpr(r.picks.routed, 3600)).toBe('sum by (server) (increase(vllm:request_latency_seconds_count[3600s]))');
  });

  it('no router names, no router (an engine alone)', () => {
    expect(detectRouters(new Set(['vllm:num_requests_running', 'vllm:kv_cache_usage_perc']))).toEqual([]);
  });

  it('tells the 2025 and 2026 sgl-router apart by their per-worker names', () => {
    expect(detectRouters(new Set(['sgl_router_processed_requests_total']))[0]?.picks.routed?.endpoint).toBe('worker');
    expect(detectRouters(new Set(['sgl_router_worker_requests_total', 'sgl_router_requests_total']))[0]?.picks.routed?.endpoint).toBe('worker_url');
  });

  it('a router rate is its increase over its own lifetime inside the range, so a young router does not read idle', () => {
    const e = rateExpr({ name: 'vllm:num_incoming_requests_total' }, 1800);
    expect(e).toContain('increase(vllm:num_incoming_requests_total[1800s])');
    expect(e).toContain('min_over_time(timestamp(group by (cluster, job, instance) (vllm:num_incoming_requests_total))[2100s:9s])');
    expect(e).toContain(', 1800), 1)');
    expect(e).not.toContain('$__');
  });

  it('Dynamo overhead in ms is read in seconds', () => {
    const [r] = detectRouters(new Set(['dynamo_frontend_requests_total', 'dynamo_router_overhead_total_ms_bucket']));
    expect(r && r.picks.overhead && p95Expr(r.picks.overhead, 60)).toMatch(/\/ 1000$/);
  });
});

describe('endpoint join', () => {
  it('maps URLs and pod names to the engine keys', () => {
    expect(urlToInstance('http://10.0.0.5:8000/')).toBe('10.0.0.5:8000');
    expect(urlToInstance('grpc://10.0.0.5:30000@1')).toBe('10.0.0.5:30000');
    expect(joinKey('vllm-0-rank-1', 'pod-rank')).toEqual({ by: 'pod', key: 'vllm-0' });
    expect(joinKey('7587888062343214347', 'opaque')).toBeNull();
  });

  it('says why an endpoint cannot join', () => {
    expect(unjoinedReason('http://vllm-svc.llm.svc.cluster.local:8000', 'url', true)).toBe('dns-name');
    expect(unjoinedReason('http://localhost:30000', 'url', true)).toBe('localhost');
    expect(unjoinedReason('http://10.0.0.9:8000', 'url', true)).toBe('no-engine-series');
    expect(unjoinedReason('vllm-0', 'pod', false)).toBe('no-pod-label');
  });

  it('share ÷ fair share and the std/mean index', () => {
    const r = imbalance([85, 10, 5]);
    expect(r.shares[0]).toBeCloseTo(0.85);
    expect(r.ratio[0]).toBeCloseTo(2.55);
    expect(r.cv).toBeCloseTo(Math.sqrt(((85 - 100 / 3) ** 2 + (10 - 100 / 3) ** 2 + (5 - 100 / 3) ** 2) / 3) / (100 / 3));
    expect(imbalance([0, 0]).cv).toBeNull();
  });
});
