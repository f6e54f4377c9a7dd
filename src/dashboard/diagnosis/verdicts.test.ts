// Each verdict rule on hand-made figures: it fires on its signature, stays quiet just below its
// thresholds, and says when its evidence is a bucket estimate or an inferred term.
import { describe, expect, it } from 'vitest';
import type { ModelFigures } from './inputs';
import { MODEL_RULES, T, type VerdictId } from './verdicts';

const rule = (id: VerdictId) => {
  const r = MODEL_RULES.find((x) => x.id === id);
  if (!r) throw new Error(id);
  return r;
};
/** A healthy vLLM model: 5 req/s, TTFT 40 ms (no queueing), ITL 20 ms, KV peaking at 35 %, 37 % prefix hits. */
const healthy: ModelFigures = {
  requests: 5,
  ttft_sum: 0.2,
  ttft_count: 5,
  queue_sum: 0,
  queue_count: 5,
  prefill_sum: 0.19,
  prefill_count: 5,
  decode_sum: 18,
  decode_count: 5,
  e2e_sum: 18.5,
  e2e_count: 5,
  itl_sum: 16,
  itl_count: 800,
  ttft_p95: 0.09,
  ttft_p05: 0.01,
  ttft_p99: 0.2,
  itl_p95: 0.03,
  kv_max: 0.35,
  kv_mean: 0.12,
  preemptions: 0,
  prefix_hits: 900,
  prefix_queries: 2400,
  running_mean: 20,
};

describe('verdict rules', () => {
  it('a healthy model fires none', () => {
    expect(MODEL_RULES.filter((r) => r.evaluate(healthy)).map((r) => r.id)).toEqual([]);
  });

  it('kv-capacity: KV near full and queueing most of TTFT, sure with the p99 ÷ p5 signature', () => {
    const f = { ...healthy, kv_max: 0.99, queue_sum: 1.5, ttft_sum: 2, ttft_p05: 0.02, ttft_p99: 3, preemptions: 0.1 };
    const r = rule('kv-capacity').evaluate(f);
    expect(r?.evidence.queueShare?.value).toBeCloseTo(0.75);
    expect(r?.evidence.signature?.value).toBe(150);
    expect(r?.confidence).toBe('high');
    expect(r?.bucketBounds).toBe(true);
    // KV full but queueing under half of TTFT: not this verdict.
    expect(rule('kv-capacity').evaluate({ ...f, queue_sum: 0.9 })).toBeNull();
    expect(rule('kv-capacity').evaluate({ ...f, kv_max: 0.85 })).toBeNull();
  });

  it('severity follows user impact and duration, not the KV peak', () => {
    const kv = (x: ModelFigures) => rule('kv-capacity').evaluate({ ...healthy, kv_max: 0.99, ...x })?.severity;
    // One sample at 99 % with a 142 ms mean TTFT (71 ms of it queueing), p95 300 ms: users feel nothing yet.
    expect(kv({ ttft_sum: 0.71, queue_sum: 0.355, ttft_p95: 0.3, queued_share: 0.05 })).toBe('info');
    // TTFT p95 past the tile's red, queueing all along: critical.
    expect(kv({ ttft_sum: 40, queue_sum: 35, ttft_p95: 12, queued_share: 0.9 })).toBe('critical');
    // The same red p95 from a 2.4-minute burst in 15 minutes: a warning.
    expect(kv({ ttft_sum: 40, queue_sum: 35, ttft_p95: 12, queued_share: 0.16 })).toBe('warning');
    // Amber (p95 between 1 and 3 s): a warning, whatever the peak.
    expect(kv({ ttft_sum: 5, queue_sum: 4, ttft_p95: 2, queued_share: 0.9 })).toBe('warning');
    // A mean queue past the red is red even when the p95 is not known.
    expect(kv({ ttft_sum: 20, queue_sum: 18, queued_share: 0.8 })).toBe('critical');
    // Router imbalance and decode: by the tail and the mean of the whole range.
    expect(rule('decode-bound').evaluate({ ...healthy, itl_p95: 0.3, itl_sum: 160 })?.severity).toBe('critical');
    expect(rule('decode-bound').evaluate({ ...healthy, itl_p95: 0.3 })?.severity).toBe('warning');
    expect(rule('prefill-bound').evaluate({ ...healthy, ttft_sum: 20, prefill_sum: 19.8, ttft_p95: 6 })?.severity).toBe('critical');
    expect(rule('prefill-bound').evaluate({ ...healthy, ttft_sum: 20, prefill_sum: 19.8, ttft_p95: 2 })?.severity).toBe('warning');
  });

  it('the impact thresholds are the stat tiles\' amber and red', async () => {
    const { STAT_THRESHOLDS } = await import('../../catalog/define');
    const { IMPACT } = await import('./verdicts');
    const { ROUTER_T } = await import('./router-verdict');
    const { MORE_T } = await import('./more-rules');
    expect([IMPACT.ttft.amber, IMPACT.ttft.red]).toEqual(STAT_THRESHOLDS.ttft.slice(1).map((x) => x.value));
    expect([IMPACT.itl.amber, IMPACT.itl.red]).toEqual(STAT_THRESHOLDS.itl.slice(1).map((x) => x.value));
    expect(ROUTER_T.criticalWaiting).toBe(STAT_THRESHOLDS.waiting[2]!.value);
    expect(ROUTER_T.criticalTtft).toBe(IMPACT.ttft.red);
    expect(MORE_T.failedShare).toBe(STAT_THRESHOLDS.errors[2]!.value);
  });

  it('preemption-storm: a fifth of the requests preempted; critical at one per request with red latency', () => {
    expect(rule('preemption-storm').evaluate({ ...healthy, preemptions: 0.9 })).toBeNull();
    // Green TTFT and ITL: the cause is there, users do not feel it yet.
    expect(rule('preemption-storm').evaluate({ ...healthy, preemptions: 8 })?.severity).toBe('info');
    expect(rule('preemption-storm').evaluate({ ...healthy, preemptions: 1, itl_p95: 0.15 })?.severity).toBe('warning');
    expect(rule('preemption-storm').evaluate({ ...healthy, preemptions: 8, itl_p95: 0.4 })?.severity).toBe('critical');
    expect(rule('preemption-storm').evaluate({ ...healthy, preemptions: 2, itl_p95: 0.4 })?.severity).toBe('warning');
    // Under one per request, but requests waited most of the range behind a red TTFT: it lasted (SGLang's
    // 0.63 retractions per request with a 44 s queue was a WARNING lead above a CRITICAL KV finding).
    const queued = { ...healthy, preemptions: 3.2, queue_sum: 220, ttft_sum: 222, ttft_p95: 70 };
    expect(rule('preemption-storm').evaluate({ ...queued, queued_share: 1 })?.severity).toBe('critical');
    expect(rule('preemption-storm').evaluate({ ...queued, queued_share: 0.2 })?.severity).toBe('warning');
    // No requests finished: no ratio, no verdict.
    expect(rule('preemption-storm').evaluate({ ...healthy, requests: 0, preemptions: 8 })).toBeNull();
  });

  it('request-failures: a failed or aborted share past the tile\'s red, critical from a quarter', () => {
    expect(rule('request-failures').evaluate({ ...healthy, failures: 0.2 })).toBeNull();
    const r = rule('request-failures').evaluate({ ...healthy, failures: 0.72, queue_sum: 20 });
    expect(r).toMatchObject({ severity: 'warning', confidence: 'high' });
    expect(r?.evidence.failedShare?.value).toBeCloseTo(0.144);
    expect(r?.evidence.waitMean?.value).toBeCloseTo(4);
    expect(rule('request-failures').evaluate({ ...healthy, failures: 2.03 })?.severity).toBe('critical');
    // An engine without a failures role: not asked, not checked.
    expect(rule('request-failures').evaluate(healthy)).toBeNull();
  });

  it('prefill-bound: slow TTFT made of prefill; inferred (medium) without a prefill histogram', () => {
    const f = { ...healthy, ttft_sum: 20, prefill_sum: 19.8, ttft_p95: 6 };
    expect(rule('prefill-bound').evaluate(f)?.evidence.prefillShare?.value).toBeCloseTo(0.99);
    expect(rule('prefill-bound').evaluate({ ...f, ttft_p95: 0.9 })).toBeNull();
    // The queue is quoted as it is (SGLang said "with little queueing" beside a 9.19 s mean queue).
    expect(rule('prefill-bound').evaluate({ ...f, queue_sum: 9 })?.evidence.queueMean?.value).toBeCloseTo(1.8);
    const sglang: ModelFigures = { ...f };
    delete sglang.prefill_sum;
    delete sglang.prefill_count;
    const r = rule('prefill-bound').evaluate(sglang);
    expect(r?.inferred).toBe(true);
    expect(r?.confidence).toBe('medium');
    // Slow TTFT that is queueing is kv-capacity's, not prefill's.
    expect(rule('prefill-bound').evaluate({ ...f, queue_sum: 15, prefill_sum: 4.8 })).toBeNull();
  });

  it('decode-bound: decode most of E2E and ITL p95 past the tile amber (100 ms)', () => {
    expect(rule('decode-bound').evaluate({ ...healthy, itl_p95: 0.18 })?.evidence.decodeShare?.value).toBeCloseTo(18 / 18.5);
    expect(rule('decode-bound').evaluate({ ...healthy, itl_p95: 0.09 })).toBeNull();
  });

  it('prefix-cache-thrash: hits under 10 % while KV runs near full', () => {
    const f = { ...healthy, prefix_hits: 100, kv_max: 0.97 };
    expect(rule('prefix-cache-thrash').evaluate(f)?.evidence.hitRate?.value).toBeCloseTo(100 / 2400);
    expect(rule('prefix-cache-thrash').evaluate({ ...f, kv_max: 0.5 })).toBeNull();
    // A hit-rate gauge (SGLang, LMDeploy, trtllm-serve) is read when there are no counters.
    expect(rule('prefix-cache-thrash').evaluate({ requests: 5, kv_max: 0.97, prefix_hit_gauge: 0.03 })).not.toBeNull();
  });

  it('prefix-counter-broken: queries flowing, hits exactly 0; never on a trickle', () => {
    expect(rule('prefix-counter-broken').evaluate({ ...healthy, prefix_hits: 0 })?.severity).toBe('info');
    expect(rule('prefix-counter-broken').evaluate({ ...healthy, prefix_hits: 0, prefix_queries: T.brokenMinQueries - 1 })).toBeNull();
    expect(rule('prefix-counter-broken').evaluate({ ...healthy, prefix_hits: 1 })).toBeNull();
    // SGLang: a hit-rate gauge at exactly 0 for the whole range under 1.67k prompt tok/s.
    const sglang: ModelFigures = { requests: 5, ttft_sum: 1, ttft_count: 5, prefix_hit_gauge: 0, prompt_tokens: 1670 };
    expect(rule('prefix-counter-broken').evaluate(sglang)?.evidence.queries?.value).toBe(1670);
    expect(rule('prefix-counter-broken').evaluate({ ...sglang, prefix_hit_gauge: 0.02 })).toBeNull();
  });

  it('a rule whose inputs are missing is not run, so not listed as checked', async () => {
    const { checkable } = await import('./verdicts');
    const { diagnose } = await import('./diagnose');
    // trtllm-serve-like: no preemption counter, no ITL histogram, a hit-rate gauge without prompt tokens.
    const f: ModelFigures = { requests: 5, ttft_sum: 0.2, ttft_count: 5, ttft_p95: 0.1, queue_sum: 0, queue_count: 5, e2e_sum: 18, e2e_count: 5, kv_max: 0.3, kv_mean: 0.1, prefix_hit_gauge: 0.4 };
    expect(checkable(rule('preemption-storm'), f)).toBe(false);
    expect(checkable(rule('decode-bound'), f)).toBe(false);
    expect(checkable(rule('prefix-counter-broken'), f)).toBe(false);
    expect(checkable(rule('kv-capacity'), f)).toBe(true);
    const d = diagnose(new Map([['m', f]]), []);
    expect(d.checked).toEqual(expect.arrayContaining(['kv-capacity', 'prefill-bound', 'prefix-cache-thrash']));
    expect(d.checked).not.toEqual(expect.arrayContaining(['preemption-storm']));
    expect(d.checked).not.toContain('decode-bound');
    expect(d.checked).not.toContain('prefix-counter-broken');
    expect(d.checked).not.toContain('request-failures');
  });
});
