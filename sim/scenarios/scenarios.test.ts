// Scenario parsing and assignment, and that each scenario moves the engine model the way its
// verdict needs (the e2e checks the board names it; here the model's own figures).
import { describe, expect, it } from 'vitest';
import { createFleet, advanceFleet, instanceSpecs, type EngineFleet } from '../fleet.ts';
import { RouterCore } from '../routers/core.ts';
import { assignScenarios, parseScenarios, withScenarioPeers } from './index.ts';

describe('scenarios', () => {
  it('parse a name or name@model list, and refuse unknown names', () => {
    expect(parseScenarios('kv-bound')).toEqual([{ scenario: 'kv-bound' }]);
    expect(parseScenarios('outlier@a/b, decode-bound@c')).toEqual([
      { scenario: 'outlier', model: 'a/b' },
      { scenario: 'decode-bound', model: 'c' },
    ]);
    expect(() => parseScenarios('router-skw')).toThrow(/unknown scenario "router-skw"/);
  });

  it('outlier slows only the first instance of its model', () => {
    const specs = [{ model: 'a' }, { model: 'b' }, { model: 'a' }];
    // An outlier's peers run steady: the healthy baseline it is compared with.
    expect(assignScenarios(specs, parseScenarios('outlier@a,kv-bound@b'))).toEqual(['outlier', 'kv-bound', 'steady']);
    expect(assignScenarios(specs, parseScenarios('kv-bound'))).toEqual(['kv-bound', 'kv-bound', 'kv-bound']);
    // Per engine: the first SGLang server of the model is its engine's outlier too.
    const two = [{ engine: 'vllm', model: 'a' }, { engine: 'vllm', model: 'a' }, { engine: 'sglang', model: 'a' }, { engine: 'sglang', model: 'a' }];
    expect(assignScenarios(two, parseScenarios('outlier@a'))).toEqual(['outlier', 'steady', 'outlier', 'steady']);
  });

  it('outlier brings the peers it needs: two servers per model on each engine unless a count is given', () => {
    const engines = withScenarioPeers<EngineFleet>([{ id: 'vllm' }, { id: 'sglang', instances: 1 }], 'outlier', 2, 2);
    expect(engines).toEqual([{ id: 'vllm', instances: 4 }, { id: 'sglang', instances: 1 }]);
    expect(withScenarioPeers<EngineFleet>([{ id: 'vllm' }], 'kv-bound', 2, 2)).toEqual([{ id: 'vllm' }]);
    // The default demo's two models: each has a slow first server and a steady peer on vLLM.
    const specs = instanceSpecs({ engines: [engines[0]!], scenario: 'outlier' });
    const byModel = new Map<string, string[]>();
    for (const s of specs) byModel.set(s.model, [...(byModel.get(s.model) ?? []), s.scenario ?? '']);
    expect([...byModel.values()]).toEqual([
      ['outlier', 'steady'],
      ['outlier', 'steady'],
    ]);
  });

  it('kv-bound fills the KV cache and queues; the default does neither', () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    const run = (scenario?: string) => {
      const fleet = createFleet({ engines: [{ id: 'vllm', instances: 1 }], models: ['m'], scenario, startMs: t0, seed: 5 });
      let kvMax = 0;
      let waitingMax = 0;
      for (let t = t0; t <= t0 + 6 * 60_000; t += 5000) {
        advanceFleet(fleet, t);
        const m = fleet.instances[0]!.models[0]!;
        kvMax = Math.max(kvMax, m.kvUsage);
        waitingMax = Math.max(waitingMax, m.waiting.length);
      }
      return { kvMax, waitingMax };
    };
    const kv = run('kv-bound');
    expect(kv.kvMax).toBeGreaterThan(0.9);
    expect(kv.waitingMax).toBeGreaterThan(5);
    const healthy = run();
    expect(healthy.kvMax).toBeLessThan(0.9);
  });

  it('router-skew: behind a skewed router fronting only its model, the first server queues, its peer does not (at the daily trough too)', () => {
    const t0 = Date.UTC(2026, 0, 1, 3);
    // Servers 1 and 3 serve m (server 1 runs two DP engines): the router fronts those two only.
    const fleet = createFleet({ engines: [{ id: 'vllm', instances: 4 }], models: ['a', 'm'], scenario: 'router-skew@m', startMs: t0, seed: 5 });
    const core = new RouterCore(fleet, 'vllm', 'skewed', 42, false, ['m']);
    expect(core.endpoints.map((e) => e.model)).toEqual(['m', 'm']);
    let waiting = [0, 0];
    for (let t = t0; t <= t0 + 3 * 60_000; t += 1000) {
      advanceFleet(fleet, t);
      core.rebalance();
      waiting = core.endpoints.map((e) => e.inst.models.reduce((s, m) => s + m.waiting.length, 0));
    }
    expect(waiting[0]).toBeGreaterThan(20);
    expect(waiting[1]).toBe(0);
  });

  it('spec-costly turns speculative decoding on with drafts rarely accepted: ~1.17 tokens per step, slower steps', () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    const fleet = createFleet({ engines: [{ id: 'vllm', instances: 2 }], models: ['s', 'h'], scenario: 'spec-costly@s', startMs: t0, seed: 5 });
    for (let t = t0; t <= t0 + 3 * 60_000; t += 5000) advanceFleet(fleet, t);
    const [costly, healthy] = fleet.instances;
    const text = costly!.renderText();
    const total = (name: string) => Number(new RegExp(`^${name}_total\\{[^}]*\\} (\\S+)`, 'm').exec(text)?.[1]);
    const drafts = total('vllm:spec_decode_num_drafts');
    const accepted = total('vllm:spec_decode_num_accepted_tokens');
    expect(drafts).toBeGreaterThan(100);
    // Tokens per decode step per request, as the board computes it (1 + accepted ÷ drafts): below the verdict's 1.3.
    expect(1 + accepted / drafts).toBeGreaterThan(1.1);
    expect(1 + accepted / drafts).toBeLessThan(1.25);
    const cfg = costly!.models[0]!.cfg;
    expect(cfg.stepPerSeqMs).toBeGreaterThan(healthy!.models[0]!.cfg.stepPerSeqMs);
    expect(cfg.stepBaseMs).toBeGreaterThan(healthy!.models[0]!.cfg.stepBaseMs);
    // The healthy model runs without speculation (the fleet's features are left alone).
    expect(healthy!.renderText()).not.toContain('spec_decode');
  });
});

describe('scenario KV capacity', () => {
  it('is the exported capacity too: the capacity gauges agree with the usage under kv-bound and decode-bound', async () => {
    const { parseExposition } = await import('../parse-exposition.ts');
    const t0 = Date.UTC(2026, 0, 1, 12);
    for (const [scenario, scale] of [['kv-bound', 0.25], ['decode-bound', 6], [undefined, 1]] as const) {
      const fleet = createFleet({ engines: [{ id: 'vllm', instances: 1 }, { id: 'sglang', instances: 1 }], models: ['meta-llama/Llama-3.1-8B-Instruct'], scenario, startMs: t0, seed: 5 });
      for (let t = t0; t <= t0 + 4 * 60_000; t += 5000) advanceFleet(fleet, t);
      const [vllm, sglang] = fleet.instances;
      // vLLM: cache_config_info's blocks × 16 is the engine model's capacity (60k tokens × the scenario's scale).
      const info = parseExposition(vllm!.renderText()).samples.find((s) => s.name === 'vllm:cache_config_info')!;
      expect(Number(info.labels.num_gpu_blocks) * 16).toBe(Math.floor(vllm!.models[0]!.cfg.kvCapacityTokens / 16) * 16);
      expect(vllm!.models[0]!.cfg.kvCapacityTokens).toBe(Math.round(60_000 * scale));
      // SGLang: num_used_tokens never above max_total_num_tokens (358k of 60k under decode-bound before).
      const s = parseExposition(sglang!.renderText()).samples;
      const max = s.find((x) => x.name === 'sglang:max_total_num_tokens')!.value;
      const used = Math.max(...s.filter((x) => x.name === 'sglang:num_used_tokens').map((x) => x.value));
      expect(max).toBe(sglang!.models[0]!.cfg.kvCapacityTokens);
      expect(used).toBeLessThanOrEqual(max);
    }
  });
});
