import { describe, expect, it } from 'vitest';
import { advanceFleet, createFleet } from '../fleet.ts';
import { parseExposition, sumOf } from '../parse-exposition.ts';
import { RouterCore } from './core.ts';
import { routerFamily } from './index.ts';
import { NOISY_SHARE, parseTenants, UNATTRIBUTED_SHARE } from './tenants.ts';

const T0 = Date.UTC(2026, 0, 1, 12);
const MIX = 'acme:0.6:1,globex:0.3,initech:0.1:-1';

function run(noisy: boolean, minutes = 15) {
  const fleet = createFleet({ engines: [{ id: 'vllm', instances: 2 }], models: ['Qwen/Qwen3-8B'], startMs: T0, seed: 11 });
  const core = new RouterCore(fleet, 'vllm', 'round-robin', 11);
  const family = routerFamily(core, { kind: 'epp', eppGeneration: 'llm-d-0.9', tenants: parseTenants(MIX), noisyTenant: noisy }, T0 / 1000);
  const end = T0 + minutes * 60_000;
  for (let t = T0; t <= end; t += 1000) {
    advanceFleet(fleet, t);
    core.rebalance();
  }
  const epp = parseExposition(family.render('/metrics', end / 1000) ?? '');
  const engines = fleet.instances.map((i) => parseExposition(i.renderText()));
  return { epp, engines };
}

const byTenant = (exp: ReturnType<typeof parseExposition>, name: string): Map<string, number> => {
  const out = new Map<string, number>();
  for (const s of exp.samples) if (s.name === name) out.set(s.labels.fairness_id ?? '?', (out.get(s.labels.fairness_id ?? '?') ?? 0) + s.value);
  return out;
};

describe('EPP tenant mix', () => {
  it('parses id:share[:priority], normalises shares and names a bad item', () => {
    expect(parseTenants('a:3,b:1:2')).toEqual([
      { id: 'a', share: 0.75, priority: 0 },
      { id: 'b', share: 0.25, priority: 2 },
    ]);
    expect(() => parseTenants('a:x')).toThrow(/"a:x"/);
    expect(() => parseTenants('a:1,a:2')).toThrow(/twice/);
    expect(() => parseTenants('')).toThrow(/no tenant/);
  });

  it('labels requests by fairness_id and priority in the mix, a few with no id, and their tokens add up to the engines’ own', () => {
    const { epp, engines } = run(false);
    const req = byTenant(epp, 'llm_d_epp_request_total');
    const total = [...req.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(1000);
    expect((req.get('') ?? 0) / total).toBeCloseTo(UNATTRIBUTED_SHARE, 1);
    expect((req.get('acme') ?? 0) / total).toBeCloseTo(0.6 * (1 - UNATTRIBUTED_SHARE), 1);
    expect((req.get('initech') ?? 0) / total).toBeCloseTo(0.1 * (1 - UNATTRIBUTED_SHARE), 1);
    const acme = epp.samples.find((s) => s.name === 'llm_d_epp_request_total' && s.labels.fairness_id === 'acme');
    expect(acme?.labels.priority).toBe('1');
    // Requested model → target: the alias is routed to the served model.
    expect(new Set(epp.samples.filter((s) => s.name === 'llm_d_epp_request_total').map((s) => `${s.labels.model_name}→${s.labels.target_model_name}`))).toEqual(new Set(['chat→Qwen/Qwen3-8B', 'Qwen/Qwen3-8B→Qwen/Qwen3-8B']));
    // Tokens: the EPP counts a request's tokens when it finishes, the engine as it generates: equal
    // up to the requests still running at the end.
    const eppOut = sumOf(epp, 'llm_d_epp_request_output_tokens_sum');
    const engineOut = engines.reduce((a, e) => a + sumOf(e, 'vllm:generation_tokens_total'), 0);
    expect(eppOut / engineOut).toBeGreaterThan(0.97);
    expect(eppOut / engineOut).toBeLessThanOrEqual(1);
    const eppIn = sumOf(epp, 'llm_d_epp_request_input_tokens_sum');
    const engineIn = engines.reduce((a, e) => a + sumOf(e, 'vllm:prompt_tokens_total'), 0);
    expect(eppIn / engineIn).toBeGreaterThan(0.97);
    expect(eppIn / engineIn).toBeLessThanOrEqual(1.0001);
    // The legacy twin counts the same tokens (dual emission).
    expect(sumOf(epp, 'inference_objective_output_tokens_sum')).toBe(eppOut);
    // No flood: nothing rejected, everything dispatched within milliseconds.
    expect(sumOf(epp, 'llm_d_epp_flow_control_requests_total', { outcome: 'RejectedCapacity' })).toBe(0);
    expect(sumOf(epp, 'llm_d_epp_flow_control_requests_total', { outcome: 'Dispatched' })).toBe(total);
    const waited = sumOf(epp, 'llm_d_epp_flow_control_request_queue_duration_seconds_sum') / sumOf(epp, 'llm_d_epp_flow_control_request_queue_duration_seconds_count');
    expect(waited).toBeLessThan(0.05);
  });

  it('noisy-tenant: the first tenant takes most of the tokens, the others wait seconds and are rejected for capacity', () => {
    const { epp } = run(true);
    const out = byTenant(epp, 'llm_d_epp_request_output_tokens_sum');
    const total = [...out.values()].reduce((a, b) => a + b, 0);
    expect((out.get('acme') ?? 0) / total).toBeGreaterThan(NOISY_SHARE * (1 - UNATTRIBUTED_SHARE) - 0.05);
    const wait = (id: string) =>
      sumOf(epp, 'llm_d_epp_flow_control_request_queue_duration_seconds_sum', { fairness_id: id }) / sumOf(epp, 'llm_d_epp_flow_control_request_queue_duration_seconds_count', { fairness_id: id });
    expect(wait('globex')).toBeGreaterThan(1);
    expect(wait('acme')).toBeLessThan(0.2);
    const rejected = byTenant(epp, 'llm_d_epp_request_error_total');
    expect(rejected.get('acme') ?? 0).toBe(sumOf(epp, 'llm_d_epp_request_error_total', { fairness_id: 'acme', error_code: 'Internal' }));
    expect(sumOf(epp, 'llm_d_epp_request_error_total', { fairness_id: 'globex', error_code: 'ResourceExhausted' })).toBeGreaterThan(10);
    expect(sumOf(epp, 'llm_d_epp_flow_control_requests_total', { outcome: 'RejectedCapacity' })).toBe(sumOf(epp, 'llm_d_epp_request_error_total', { error_code: 'ResourceExhausted' }));
  });
});
