import { describe, expect, it } from 'vitest';
import { advanceFleet, createFleet } from '../fleet.ts';
import { parseExposition, sumOf } from '../parse-exposition.ts';
import { RouterCore, SKEWED_SHARE, type RouterPolicy } from './core.ts';
import { EPP_GENERATIONS } from './epp.ts';
import { openRouter, routerFamily, type RouterOptions } from './index.ts';

const T0 = Date.UTC(2026, 0, 1, 12);

/** Three vLLM servers of one model (the second has two DP engines), routed for `minutes`. */
function run(policy: RouterPolicy, o: Omit<RouterOptions, 'port'>, minutes = 10, engine: 'vllm' | 'sglang' = 'vllm') {
  const fleet = createFleet({ engines: [{ id: engine, instances: 3 }], models: ['Qwen/Qwen3-8B'], startMs: T0, seed: 7 });
  const core = new RouterCore(fleet, engine, policy, 7);
  const family = routerFamily(core, o, T0 / 1000);
  for (let t = T0; t <= T0 + minutes * 60_000; t += 1000) {
    advanceFleet(fleet, t);
    core.rebalance();
  }
  return { fleet, core, family, text: (path = '/metrics') => family.render(path, (T0 + minutes * 60_000) / 1000) ?? '' };
}

describe('simulated routers', () => {
  it('split the request stream: the skewed policy sends its share to the first endpoint', () => {
    const { core } = run('skewed', { kind: 'production-stack' });
    const routed = core.stats.map((s) => s.routed);
    const total = routed.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(500);
    expect((routed[0] ?? 0) / total).toBeCloseTo(SKEWED_SHARE, 1);
    // The engines' own load follows: the first one holds the most.
    expect(core.endpoints[0]?.inst.models.reduce((a, m) => a + m.arrived, 0)).toBe(routed[0]);
  });

  it('round-robin gives every endpoint about a third', () => {
    const { core } = run('round-robin', { kind: 'production-stack' });
    const routed = core.stats.map((s) => s.routed);
    const total = routed.reduce((a, b) => a + b, 0);
    for (const r of routed) expect(r / total).toBeGreaterThan(0.25);
  });

  it('production-stack serves engine names keyed by server URL, vllm:num_requests_waiting declared only', () => {
    const { text, core } = run('least-load', { kind: 'production-stack' });
    const body = text();
    const exp = parseExposition(body);
    const running = exp.samples.filter((s) => s.name === 'vllm:num_requests_running');
    expect(running.map((s) => s.labels.server)).toEqual(core.endpoints.map((e) => e.url));
    expect(running.every((s) => s.labels.model_name === undefined)).toBe(true);
    expect(exp.types.get('vllm:gpu_prefix_cache_hits_total')).toBe('gauge');
    expect(body).toContain('# TYPE vllm:num_requests_waiting gauge');
    expect(exp.samples.some((s) => s.name === 'vllm:num_requests_waiting')).toBe(false);
    expect(body).toContain('vllm:num_incoming_requests_created');
  });

  it.each(EPP_GENERATIONS)('EPP %s: its own names, with pod-keyed endpoints', (generation) => {
    const { text } = run('prefix-aware', { kind: 'epp', eppGeneration: generation }, 3);
    const exp = parseExposition(text());
    const names = new Set(exp.samples.map((s) => s.name));
    const prefix = { 'gie-1.0': 'inference_model_', 'gie-1.5': 'inference_objective_', 'llm-d-router-main': 'llm_d_router_epp_', 'llm-d-0.9': 'llm_d_epp_', 'llm-d-0.10': 'llm_d_epp_' }[generation];
    expect([...names].some((n) => n.startsWith(`${prefix}request_total`))).toBe(true);
    // v0.9+: dual emission, the legacy twin of the same event too.
    const dual = generation.startsWith('llm-d-0.');
    expect(names.has('inference_objective_request_total')).toBe(generation === 'gie-1.5' || dual);
    if (generation !== 'gie-1.0') {
      const attempts = exp.samples.filter((s) => /scheduler_attempts_total$/.test(s.name));
      expect(attempts.map((s) => s.labels.pod_name ?? s.labels.endpoint_name)).toContain('vllm-server-0');
      const queue = exp.samples.find((s) => /per_(pod|endpoint)_queue_size$/.test(s.name));
      expect(queue?.labels.model_server_pod ?? queue?.labels.model_server_endpoint).toMatch(/-rank-0$/);
    }
  });

  it('smg re-serves the engines on /engine_metrics in underscore form with worker_addr', () => {
    const { text, core } = run('round-robin', { kind: 'sgl-router', sglForm: 'smg' }, 2, 'sglang');
    const exp = parseExposition(text('/engine_metrics'));
    const running = exp.samples.filter((s) => s.name === 'sglang_num_running_reqs');
    expect(new Set(running.map((s) => s.labels.worker_addr))).toEqual(new Set(core.endpoints.map((e) => e.url)));
    expect(exp.samples.some((s) => s.name.includes(':'))).toBe(false);
    expect(sumOf(parseExposition(text()), 'smg_worker_health')).toBe(3);
  });

  it('backfills: snapshots from the past as OpenMetrics with the scrape labels, then live scrapes continue the counters', async () => {
    const start = Date.now() - 5 * 60_000;
    const fleet = createFleet({ engines: [{ id: 'vllm', instances: 2 }], models: ['Qwen/Qwen3-8B'], startMs: start, seed: 7, host: '127.0.0.1' });
    const r = await openRouter(fleet, { kind: 'epp', port: 0, policy: 'skewed' });
    try {
      const url = `http://${r.target}/metrics`;
      expect((await fetch(url)).status, 'no scrape before start(): the backfill owns the fleet').toBe(503);
      const out: string[] = [];
      for (let t = start + 5000; t <= Date.now() - 5000; t += 5000) {
        advanceFleet(fleet, t);
        r.snapshot(out, t, { job: 'epp', instance: r.target }, (t / 1000).toFixed(3));
      }
      const total = out.filter((l) => l.startsWith('llm_d_epp_request_total{'));
      expect(total.length).toBeGreaterThan(10);
      expect(total.at(-1)).toContain(`instance="${r.target}"`);
      expect(total.at(-1)).toContain('job="epp"');
      const backfilled = Math.max(...total.map((l) => Number(l.split(' ')[1])));
      expect(backfilled).toBeGreaterThan(0);
      r.start();
      const live = sumOf(parseExposition(await (await fetch(url)).text()), 'llm_d_epp_request_total');
      expect(live).toBeGreaterThanOrEqual(backfilled);
    } finally {
      await r.close();
    }
  });
});

