// Invariants of the simulation model and of the counters/histograms derived from it.
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { EngineModel, type ModelSink, type TickStats } from './model/engine-model.ts';
import { DEFAULT_LOAD } from './model/load.ts';
import { DEFAULT_MIX } from './model/requests.ts';
import { Prng } from './prng.ts';
import { parseExposition, sumOf } from './parse-exposition.ts';
import { VllmEngineMetrics } from './engines/vllm.ts';

const T0 = Date.UTC(2025, 0, 1, 12);
const TICK = 250;

class Recorder implements ModelSink {
  preemptUsage: number[] = [];
  done = 0;
  scheduled(): void {}
  firstToken(): void {}
  tokens(): void {}
  finished(): void {
    this.done++;
  }
  abortedWaiting(): void {}
  preempted(_r: unknown, usageBefore: number): void {
    this.preemptUsage.push(usageBefore);
  }
  tick(_s: TickStats): void {}
}

function model(sink: ModelSink, seed = 7): EngineModel {
  return new EngineModel(
    {
      policy: 'vllm',
      role: 'unified',
      kvCapacityTokens: 60_000,
      maxNumSeqs: 256,
      maxBatchedTokens: 8192,
      stepBaseMs: 14,
      stepPerSeqMs: 0.09,
      stepPerPrefillTokenMs: 0.04,
      tokensPerStep: 1,
      mix: { ...DEFAULT_MIX, maxModelLen: 131072 },
      load: { ...DEFAULT_LOAD, baseRps: 3, multiplier: 1 },
    },
    new Prng(seed),
    sink,
  );
}

describe('engine model', () => {
  it('keeps KV usage in [0,1] and preempts only when the cache is full', () => {
    const rec = new Recorder();
    const m = model(rec);
    for (let t = T0; t < T0 + 3_600_000; t += TICK) {
      m.tick(t, TICK);
      expect(m.kvUsage).toBeGreaterThanOrEqual(0);
      expect(m.kvUsage).toBeLessThanOrEqual(1);
      expect(m.kvUsedTokens).toBeLessThanOrEqual(m.cfg.kvCapacityTokens);
    }
    for (const u of rec.preemptUsage) expect(u).toBeGreaterThan(1);
  });

  it('builds a queue and preempts under a burst', () => {
    const rec = new Recorder();
    const m = model(rec, 11);
    for (let t = T0; t < T0 + 600_000; t += TICK) m.tick(t, TICK);
    const calmPreemptions = rec.preemptUsage.length;
    m.loadGen.forceBurst(T0 + 600_000, 10, 4);
    let maxWaiting = 0;
    for (let t = T0 + 600_000; t < T0 + 1_200_000; t += TICK) {
      m.tick(t, TICK);
      maxWaiting = Math.max(maxWaiting, m.waiting.length);
    }
    expect(maxWaiting).toBeGreaterThan(20);
    expect(rec.preemptUsage.length).toBeGreaterThan(calmPreemptions);
  });
});

describe('metrics derived from the model', () => {
  const fleet = createFleet({ startMs: T0, seed: 3 });
  // One parsed exposition per snapshot and instance (series only need to be unique per target).
  const snapshots: ReturnType<typeof parseExposition>[][] = [];
  for (let i = 1; i <= 6; i++) {
    for (const inst of fleet.instances) inst.advanceTo(T0 + i * 300_000);
    snapshots.push(fleet.instances.map((x) => parseExposition(x.renderText())));
  }

  it('counters, histogram counts and buckets never decrease', () => {
    const key = (s: { name: string; labels: Record<string, string> }): string => `${s.name}${JSON.stringify(s.labels)}`;
    const monotonic = (name: string, type: string | undefined): boolean =>
      type === 'counter' || (type === 'histogram' && /_(bucket|count|sum)$/.test(name));
    for (let i = 1; i < snapshots.length; i++) {
      for (let j = 0; j < fleet.instances.length; j++) {
        const prev = new Map((snapshots[i - 1]?.[j]?.samples ?? []).map((s) => [key(s), s.value]));
        const cur = snapshots[i]?.[j];
        if (!cur) continue;
        for (const s of cur.samples) {
          const fam = [...cur.types.keys()].find((f) => s.name === f || s.name.startsWith(`${f}_`));
          if (!monotonic(s.name, fam ? cur.types.get(fam) : undefined)) continue;
          const before = prev.get(key(s));
          if (before !== undefined) expect(s.value, key(s)).toBeGreaterThanOrEqual(before);
        }
      }
    }
  });

  it('vLLM: request counts agree across counters and histograms; tokens agree after draining', () => {
    const inst = fleet.instances[0];
    if (!inst) throw new Error('no instance');
    let t = inst.nowMs;
    while (inst.models.some((m) => m.running.length + m.waiting.length > 0)) {
      for (const m of inst.models) m.tick(t, TICK, false);
      t += TICK;
    }
    const exp = parseExposition(inst.renderText());
    const aborted = inst.adapters.reduce((a, x) => a + (x instanceof VllmEngineMetrics ? x.abortedBeforeStart : 0), 0);
    const finished = sumOf(exp, 'vllm:request_success_total');
    expect(finished).toBeGreaterThan(1000);
    expect(sumOf(exp, 'vllm:e2e_request_latency_seconds_count')).toBe(finished - aborted);
    expect(sumOf(exp, 'vllm:request_prompt_tokens_count')).toBe(finished - aborted);
    expect(sumOf(exp, 'vllm:prompt_tokens_total')).toBe(sumOf(exp, 'vllm:request_prompt_tokens_sum'));
    expect(sumOf(exp, 'vllm:generation_tokens_total')).toBe(sumOf(exp, 'vllm:request_generation_tokens_sum'));
    const bySource = sumOf(exp, 'vllm:prompt_tokens_by_source_total');
    expect(bySource).toBe(sumOf(exp, 'vllm:prompt_tokens_total'));
    expect(sumOf(exp, 'vllm:request_success_total', { finished_reason: 'abort' })).toBeGreaterThan(0);
  });

  it('SGLang: token counters equal the per-request histograms at any time', () => {
    const last = snapshots[snapshots.length - 1]?.[2];
    if (!last) throw new Error('no snapshot');
    expect(sumOf(last, 'sglang:prompt_tokens_total')).toBe(sumOf(last, 'sglang:prompt_tokens_histogram_sum'));
    expect(sumOf(last, 'sglang:generation_tokens_total')).toBe(sumOf(last, 'sglang:generation_tokens_histogram_sum'));
    expect(sumOf(last, 'sglang:num_requests_total')).toBe(sumOf(last, 'sglang:e2e_request_latency_seconds_count'));
    for (const s of last.samples.filter((x) => x.name === 'sglang:token_usage' || x.name === 'vllm:kv_cache_usage_perc')) {
      expect(s.value).toBeGreaterThanOrEqual(0);
      expect(s.value).toBeLessThanOrEqual(1);
    }
  });
});
