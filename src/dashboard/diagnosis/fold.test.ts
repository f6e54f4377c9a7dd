// The last pass on hand-made diagnoses: headroom "none" under a queueing verdict and counted from
// the busiest instance of an uneven pool; an outlier's own findings folded under it; failures tied
// to the queue that explains them; a storm before its KV queueing; actions in the engine's flags.
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../catalog';
import { en } from '../../i18n/diagnosis';
import { zh } from '../../i18n/zh/diagnosis';
import { diagnose } from './diagnose';
import { settle } from './fold';
import type { InstanceFigures, ModelFigures } from './inputs';
import { actionText } from './region';

/** 5 req/s, 40 ms TTFT, no queueing, KV mean 30 %. */
const base: ModelFigures = { requests: 5, ttft_sum: 0.2, ttft_count: 5, queue_sum: 0, queue_count: 5, e2e_sum: 18, e2e_count: 5, kv_max: 0.5, kv_mean: 0.3, preemptions: 0 };
const inst = (instance: string, values: Record<string, number>, model = 'a'): InstanceFigures => ({ model, instance, values: { ttft_p95: 0.1, itl_mean: 0.02, kv_now: 0.3, kv_mean: 0.3, ...values }, kvCapacityTokens: 60_000 });
/** KV-capacity queueing at red TTFT, all along. */
const kvBound: ModelFigures = { ...base, kv_max: 0.99, kv_mean: 0.8, ttft_sum: 40, queue_sum: 35, ttft_p95: 12, queued_share: 0.9 };

describe('headroom', () => {
  it('leads with "none: already queueing" when a capacity verdict fires on the model', () => {
    const d = settle(diagnose(new Map([['a', kvBound]]), []));
    expect(d.findings[0]?.id).toBe('kv-capacity');
    // The mean-usage estimate alone would say ≈ 12 % more.
    expect(d.models[0]?.capacity?.headroom).toBeCloseTo(0.9 / 0.8 - 1);
    expect(d.models[0]?.capacity?.limitedBy).toBe('kv-capacity');
    expect(en.diagnosis.capacity.limited('a', en.diagnosis.names['kv-capacity'])).toMatch(/^Headroom on a: none — already queueing/);
  });

  it('counts from the busiest instance on an uneven pool (a full server beside an idle one)', () => {
    const d = diagnose(new Map([['a', { ...base, kv_mean: 0.5, kv_max: 0.99 }]]), [inst('h:1', { kv_mean: 0.97 }), inst('h:2', { kv_mean: 0.03 })]);
    const h = d.models[0]!.capacity!;
    expect(h.busiest).toEqual({ instance: 'h:1', kvMean: 0.97 });
    // Not 0.9 ÷ 0.5 − 1 = 80 % more: the busy one is past saturation already.
    expect(h.headroom).toBeLessThan(0);
    // An even pool counts from the model's mean.
    const even = diagnose(new Map([['a', base]]), [inst('h:1', { kv_mean: 0.32 }), inst('h:2', { kv_mean: 0.28 })]).models[0]!.capacity!;
    expect(even.busiest).toBeNull();
    expect(even.headroom).toBeCloseTo(0.9 / 0.3 - 1);
  });
});

describe('folding under an outlier', () => {
  // One slow instance of two: its KV at 99 %, its peer's at 2 % (58.8k of 60k tokens free).
  const slow = inst('h:1', { ttft_p95: 20, itl_mean: 0.3, kv_now: 0.99, kv_mean: 0.95 });
  const peer = inst('h:2', { ttft_p95: 0.2, itl_mean: 0.02, kv_now: 0.02, kv_mean: 0.05 });
  const peers = [inst('h:3', { kv_mean: 0.1, kv_now: 0.1 }), inst('h:4', { kv_mean: 0.1, kv_now: 0.1 })];

  it("a KV finding that is the outlier's alone folds under it, and the outlier carries its severity", () => {
    const d = settle(diagnose(new Map([['a', kvBound]]), [slow, peer, ...peers]));
    expect(d.findings.map((f) => f.id)).toEqual(['instance-outlier']);
    const o = d.findings[0]!;
    expect(o.folded?.map((f) => f.id)).toEqual(['kv-capacity']);
    expect(o.folded?.[0]?.evidence.peers?.value).toBeCloseTo(0.1);
    expect(o.severity).toBe('critical');
    // Headroom names the listed lead, not the finding folded under it.
    expect(d.models[0]?.capacity?.limitedBy).toBe('instance-outlier');
  });

  it('stays a finding of its own when the peers are full too', () => {
    const full = [inst('h:3', { kv_mean: 0.9, kv_now: 0.95 }), inst('h:4', { kv_mean: 0.85, kv_now: 0.9 })];
    const d = settle(diagnose(new Map([['a', kvBound]]), [slow, peer, ...full]));
    expect(d.findings.map((f) => f.id)).toEqual(['instance-outlier', 'kv-capacity']);
    expect(d.findings[0]?.folded).toBeUndefined();
  });
});

describe('failures', () => {
  it('are a finding of their own, tied to the queue that explains them', () => {
    const d = settle(diagnose(new Map([['a', { ...kvBound, failures: 2 }]]), []));
    const f = d.findings.find((x) => x.id === 'request-failures');
    expect(f).toMatchObject({ severity: 'critical', explainedBy: 'kv-capacity' });
    // Evidence of the cause: listed after it, even when more severe.
    expect(d.findings.map((x) => x.id)).toEqual(['kv-capacity', 'request-failures']);
    // Without a cause on the model, nothing explains them.
    const alone = settle(diagnose(new Map([['a', { ...base, failures: 0.5 }]]), []));
    expect(alone.findings.find((x) => x.id === 'request-failures')?.explainedBy).toBeUndefined();
  });

  it('behind an imbalanced router, with a long queue, the router explains them', () => {
    const router = { id: 'router-imbalance' as const, model: '', instance: 'vllm-0', router: 'EPP', severity: 'critical' as const, score: 1, confidence: 'high' as const, evidence: {}, bucketBounds: false, inferred: false, panel: 'routing-endpoints', inputs: [] };
    const d = settle(diagnose(new Map([['a', { ...base, queue_sum: 40, ttft_sum: 45, failures: 2 }]]), []), [router]);
    expect(d.findings[0]?.id).toBe('router-imbalance');
    expect(d.findings.find((x) => x.id === 'request-failures')?.explainedBy).toBe('router-imbalance');
  });
});

describe('order', () => {
  it('a preemption storm comes before the KV-capacity queueing it comes with', () => {
    const d = settle(diagnose(new Map([['a', { ...kvBound, preemptions: 2, itl_p95: 0.02 }]]), []));
    expect(d.findings.map((f) => f.id).slice(0, 2)).toEqual(['preemption-storm', 'kv-capacity']);
  });
});

describe('actions per engine', () => {
  const action = (engine: keyof typeof catalogs, id: keyof typeof en.diagnosis.action, t = en.diagnosis) => actionText(t.action[id], catalogs[engine].roles?.knobs ?? {}, t.flag);

  it("name the engine's own flags", () => {
    expect(action('vllm', 'kv-capacity')).toContain('(--gpu-memory-utilization)');
    expect(action('vllm', 'kv-capacity')).toContain('(--max-num-seqs)');
    const sglang = action('sglang', 'kv-capacity');
    for (const flag of ['--mem-fraction-static', '--context-length', '--max-running-requests']) expect(sglang).toContain(flag);
    expect(sglang).not.toMatch(/gpu-memory-utilization|max-model-len|max-num-seqs/);
    expect(action('sglang', 'prefill-bound')).toContain('--chunked-prefill-size');
    expect(action('sglang', 'spec-decode-costly')).toContain('--speculative-num-draft-tokens');
    expect(action('sglang', 'preemption-storm')).toContain('--schedule-conservativeness');
    expect(action('lmdeploy', 'kv-capacity')).toContain('--cache-max-entry-count');
    expect(action('trtllm', 'kv-capacity')).toContain('--kv_cache_free_gpu_memory_fraction');
    expect(action('sglang', 'kv-capacity', zh.diagnosis)).toContain('（参数 --mem-fraction-static）');
  });

  it('give the generic words, no invented flag, where the engine has none', () => {
    // trtllm-serve sets speculation in its YAML options; LMDeploy's flag is not confirmed.
    expect(action('trtllm', 'spec-decode-costly')).toBe(
      'Speculation likely costs more than it saves at this acceptance: fewer speculative tokens, a draft model closer to the target, or turn it off; check with the compare mode (spec on vs off).',
    );
    expect(action('lmdeploy', 'decode-bound')).not.toMatch(/speculative decoding \(/);
    for (const engine of Object.keys(catalogs) as Array<keyof typeof catalogs>) {
      for (const id of Object.keys(en.diagnosis.action) as Array<keyof typeof en.diagnosis.action>) expect(action(engine, id)).not.toMatch(/[{}]/);
    }
  });
});

describe('evidence sentences', () => {
  it("say an extra once, and SGLang's retractions in its own word", async () => {
    const { evidenceText } = await import('./region');
    const storm = diagnose(new Map([['m', { requests: 1.38, preemptions: 0.872, kv_max: 1 }]]), []).findings.find((f) => f.id === 'preemption-storm')!;
    const e = { perRequest: '0.632', preemptions: '0.872 /s', requests: '1.38 req/s', kvMax: '100 %' };
    const t = en.diagnosis;
    const sglang = { ...t, evidence: { ...t.evidence, 'preemption-storm': t.retraction.evidence }, extra: { ...t.extra, preemptions: t.retraction.extra } };
    // The storm's sentence quotes the counter already: no "; 0.872 /s preemptions" after it.
    expect(evidenceText(storm, e, sglang, false)).toBe('0.632 retractions per finished request (0.872 /s against 1.38 req/s); KV peaked at 100 %.');
    // On another finding the counter is an extra, named as the engine names it.
    const kv = { ...storm, id: 'kv-capacity' as const };
    expect(evidenceText(kv, { ...e, kvMax: '100 %', queueShare: '99 %', queueMean: '44 s', ttftMean: '44.4 s' }, sglang, false)).toContain('; 0.872 /s retractions.');
  });
});

describe('folding under decode-bound', () => {
  // The demo's decode-bound: 200 running, ITL p95 383 ms (mean 281 ms), decode 99 % of E2E; TTFT
  // 500 ms of prefill with a p95 of 1.75 s, no queue.
  const decodeBound = (prefill: number): ModelFigures => ({
    ...base,
    ttft_sum: prefill * 5,
    ttft_p95: 1.75,
    prefill_sum: prefill * 5,
    prefill_count: 5,
    e2e_sum: 200,
    decode_sum: 197,
    decode_count: 5,
    itl_p95: 0.383,
    itl_sum: 28.1,
    itl_count: 100,
    running_mean: 200,
  });

  it('prefill-bound whose prefill is a few slow decode steps folds under it', () => {
    const d = settle(diagnose(new Map([['a', decodeBound(0.5)]]), []));
    expect(d.findings.map((f) => f.id)).toEqual(['decode-bound']);
    const folded = d.findings[0]!.folded!;
    expect(folded.map((f) => f.id)).toEqual(['prefill-bound']);
    expect(folded[0]!.evidence.steps?.value).toBeCloseTo(0.5 / 0.281);
  });

  it('a prefill of many steps (long prompts) stays a finding of its own', () => {
    const d = settle(diagnose(new Map([['a', { ...decodeBound(27), ttft_p95: 39 }]]), []));
    expect(d.findings.map((f) => f.id).sort()).toEqual(['decode-bound', 'prefill-bound']);
    expect(d.findings.every((f) => f.folded === undefined)).toBe(true);
  });
});
