import { describe, expect, it } from 'vitest';
import { detectRouters } from '../../catalog';
import type { VectorSample } from '../../prometheus';
import { buildEndpointTable } from './endpoint-rows';
import { endpointsCsv } from './endpoints-panel';

const v = (metric: Record<string, string>, value: number): VectorSample => ({ metric, value: [0, String(value)] });
const router = (names: string[]) => {
  const [r] = detectRouters(new Set(names));
  if (!r) throw new Error('no router');
  return r;
};

describe('per-endpoint rows', () => {
  it('joins URL endpoints to instances, marks the skewed one, states the spread', () => {
    const r = router(['vllm:current_qps', 'vllm:request_latency_seconds_count', 'vllm:num_requests_running', 'vllm:healthy_pods_total']);
    const t = buildEndpointTable(r, {
      routed: [v({ server: 'http://10.0.0.1:8000' }, 850), v({ server: 'http://10.0.0.2:8000' }, 80), v({ server: 'http://10.0.0.3:8000' }, 70)],
      inflight: [v({ server: 'http://10.0.0.1:8000' }, 30)],
      health: null,
      engine: { running: [v({ instance: '10.0.0.1:8000' }, 28), v({ instance: '10.0.0.2:8000' }, 3), v({ instance: '10.0.0.3:8000' }, 2)] },
    });
    expect(t.joined).toBe(3);
    expect(t.by).toBe('instance');
    expect(t.rows.map((x) => x.share)).toEqual([0.85, 0.08, 0.07]);
    expect(t.rows[0]?.outliers.fair).toBeDefined();
    expect(t.rows[1]?.outliers.fair).toBeUndefined();
    expect(t.rows[0]?.figures.running).toBe(28);
    expect(t.cv).toBeGreaterThan(1);
  });

  it('keeps unjoined endpoints as rows with the reason: Service DNS names, localhost', () => {
    const r = router(['sgl_router_processed_requests_total', 'sgl_router_running_requests']);
    const t = buildEndpointTable(r, {
      routed: [v({ worker: 'http://sglang-svc.llm.svc:30000' }, 5), v({ worker: 'http://localhost:30001' }, 5), v({ worker: 'http://10.0.0.7:30000' }, 5)],
      inflight: null,
      health: null,
      engine: { running: [v({ instance: '10.0.0.7:30000' }, 1)] },
    });
    expect(t.joined).toBe(1);
    expect(t.rows.map((x) => [x.endpoint, x.reason])).toEqual([
      ['http://10.0.0.7:30000', null],
      ['http://localhost:30001', 'localhost'],
      ['http://sglang-svc.llm.svc:30000', 'dns-name'],
    ]);
  });

  it('drops smg workers parked at −1 and keeps hostile label values as they are (rendered as text)', () => {
    const r = router(['smg_worker_requests_active', 'smg_worker_health', 'smg_worker_cb_outcomes_total']);
    const hostile = 'http://10.0.0.9:1/"><script>alert(1)</script>';
    const t = buildEndpointTable(r, {
      routed: [v({ worker: 'http://10.0.0.8:30000' }, 10), v({ worker: hostile }, 10)],
      inflight: [v({ worker: 'http://10.0.0.8:30000' }, 2), v({ worker: 'http://10.0.0.5:30000' }, 0)],
      health: [v({ worker: 'http://10.0.0.8:30000' }, 1), v({ worker: 'http://10.0.0.5:30000' }, -1), v({ worker: hostile }, 1)],
      engine: {},
    });
    expect(t.dropped).toBe(1);
    expect(t.rows.map((x) => x.endpoint)).toEqual(['http://10.0.0.8:30000', hostile]);
  });

  it('merges the EPP’s two names of one pod (attempts: plain pod, gauges: pod-rank-N) and joins by pod', () => {
    const r = router(['llm_d_epp_request_total', 'llm_d_epp_scheduler_attempts_total', 'llm_d_epp_inflight_requests']);
    const t = buildEndpointTable(r, {
      routed: [v({ endpoint_name: 'vllm-0', namespace: 'llm' }, 10), v({ endpoint_name: 'vllm-1', namespace: 'llm' }, 10)],
      inflight: [v({ endpoint_name: 'vllm-0-rank-0' }, 4), v({ endpoint_name: 'vllm-1-rank-0' }, 3)],
      health: null,
      engine: { running: [v({ pod: 'vllm-0', namespace: 'llm' }, 4)] },
    });
    expect(t.rows.map((x) => [x.endpoint, x.inflight, x.engine])).toEqual([
      ['vllm-0', 4, 'vllm-0'],
      ['vllm-1', 3, null],
    ]);
    expect(t.rows[1]?.reason).toBe('no-engine-series');
  });

  it('joins by pod within the namespace when both sides carry one (two namespaces each run vllm-0)', () => {
    const r = router(['llm_d_epp_request_total', 'llm_d_epp_scheduler_attempts_total']);
    const t = buildEndpointTable(r, {
      routed: [v({ endpoint_name: 'vllm-0', namespace: 'prod' }, 10), v({ endpoint_name: 'vllm-1', namespace: 'prod' }, 10)],
      inflight: null,
      health: null,
      engine: { running: [v({ pod: 'vllm-0', namespace: 'staging' }, 99), v({ pod: 'vllm-0', namespace: 'prod' }, 4), v({ pod: 'vllm-1', namespace: 'staging' }, 7)] },
    });
    expect(t.rows.map((x) => [x.endpoint, x.figures.running ?? null])).toEqual([
      ['vllm-0', 4],
      ['vllm-1', null],
    ]);
    expect(t.joined).toBe(1);
  });

  it('a router scraped with honor_labels: false: its own namespace in `namespace`, the endpoint’s in `exported_namespace`', () => {
    const r = router(['llm_d_epp_request_total', 'llm_d_epp_scheduler_attempts_total']);
    const t = buildEndpointTable(r, {
      routed: [v({ endpoint_name: 'vllm-0', exported_namespace: 'llm', namespace: 'gateway' }, 10)],
      inflight: null,
      health: null,
      engine: { running: [v({ pod: 'vllm-0', namespace: 'llm' }, 4)] },
    });
    expect(t.rows[0]?.figures.running).toBe(4);
  });
});

describe('the endpoint CSV', () => {
  it('writes hostile label values as text: quoted, never a formula', () => {
    const r = router(['smg_worker_requests_active', 'smg_worker_cb_outcomes_total']);
    const hostile = '=HYPERLINK("http://x")<script>';
    const t = buildEndpointTable(r, { routed: [v({ worker: hostile }, 10)], inflight: null, health: null, engine: {} });
    const csv = endpointsCsv([r], [{ state: 'ok', table: t, figures: {}, exprs: [], window: { startSec: 0, endSec: 1, stepSec: 1 } }]);
    const line = csv.split('\r\n')[1] ?? '';
    expect(line.startsWith('smg,')).toBe(true);
    expect(line).not.toContain(',=HYPERLINK');
    expect(line).toContain('""http://x""');
  });
});
