import { describe, expect, it } from 'vitest';
import { catalogs } from '../index';
import { detectRouters } from './index';
import { routingPanels, type RoutingPanelText } from './panels';

const word = { title: 't', description: 'd' };
const TEXT: RoutingPanelText = {
  panels: { 'routing-requests': word, 'routing-latency': word, 'routing-overhead': word, 'routing-saturation': word, 'routing-queued': word, 'routing-endpoints': word },
  legend: { requests: 'req', errors: 'err', ttftRouter: 'ttft r', e2eRouter: 'e2e r', ttftEngine: 'ttft e', e2eEngine: 'e2e e', overhead: 'o', saturation: 's', queued: 'q' },
};

describe('Routing panels as catalog data', () => {
  it('one series per router and figure, under the name the router stores; the engine lines by catalog reference', () => {
    const routers = detectRouters(
      new Set([
        'vllm:current_qps',
        'vllm:num_incoming_requests_total',
        'vllm:request_errors_total',
        'vllm:request_latency_seconds_bucket',
        'llm_d_epp_request_total',
        'inference_objective_request_total',
        'llm_d_epp_request_ttft_seconds_bucket',
        'llm_d_epp_scheduler_e2e_duration_seconds_bucket',
        'llm_d_epp_flow_control_pool_saturation',
      ]),
    );
    const panels = routingPanels(routers, catalogs.vllm.roles, TEXT);
    expect(panels.map((p) => p.id)).toEqual(['routing-requests', 'routing-latency', 'routing-overhead', 'routing-saturation', 'routing-endpoints']);
    const req = panels[0]!;
    expect(req.queries.map((q) => q.alternatives[0]?.expr)).toEqual([
      'sum(rate(vllm:num_incoming_requests_total[$__rate_interval]))',
      'sum(rate(llm_d_epp_request_total[$__rate_interval]))',
      'sum(rate(vllm:request_errors_total[$__rate_interval]))',
    ]);
    const latency = panels[1]!.queries.map((q) => q.alternatives[0]?.expr ?? '');
    expect(latency).toContain('histogram_quantile(0.95, sum by (le) (rate(llm_d_epp_request_ttft_seconds_bucket[$__rate_interval])))');
    expect(latency.filter((e) => e.includes('{{'))).toHaveLength(2);
    expect(panels[3]!.queries[0]?.alternatives[0]?.expr).toBe('max(llm_d_epp_flow_control_pool_saturation{stage="effective"})');
  });

  it('no router, no panel; a queue that counts requests (Dynamo) is its own panel, in requests', () => {
    expect(routingPanels([], catalogs.vllm.roles, TEXT)).toEqual([]);
    const dynamo = detectRouters(new Set(['dynamo_frontend_requests_total', 'dynamo_frontend_queued_requests']));
    const panels = routingPanels(dynamo, catalogs.vllm.roles, TEXT);
    expect(panels.map((p) => [p.id, p.unit])).toEqual([
      ['routing-requests', 'reqps'],
      ['routing-queued', 'requests'],
      ['routing-endpoints', 'ratio'],
    ]);
  });
});
