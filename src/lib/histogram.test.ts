import { describe, expect, it } from 'vitest';
import { CUMULATIVE_TOLERANCE, bucketRanges, classifyQuantile, decumulate } from './histogram';

// vLLM's request-latency buckets (queue, prefill, decode, e2e), from spec/metrics/vllm.json.
const VLLM_LATENCY = [0.3, 0.5, 0.8, 1, 1.5, 2, 2.5, 5, 10, 15, 20, 30, 40, 50, 60, 120, 240, 480, 960, 1920, 7680, Infinity];
// vLLM's iteration-token buckets: powers of two, so every bucket after the first is a factor 2.
const ITER = [1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, Infinity];

describe('decumulate', () => {
  it('turns cumulative bucket values into per-bucket counts', () => {
    expect(decumulate([1, 3, 6, 6])).toEqual({ counts: [1, 2, 3, 0], total: 6, partial: 0, merged: 0 });
  });

  it('gives a missing bucket no count and its share to the next bucket present', () => {
    expect(decumulate([2, 5, null, 9])).toEqual({ counts: [2, 3, null, 4], total: 9, partial: 0, merged: 1 });
  });

  it('treats NaN and ±Inf as missing', () => {
    expect(decumulate([NaN, 2, Infinity, 4, -Infinity])).toEqual({ counts: [null, 2, null, 2, null], total: 4, partial: 0, merged: 1 });
  });

  it('leaves out a bound only some summed servers have (its value below a lower bucket), counted', () => {
    // The demo's vLLM prompt lengths: two servers' buckets stop at 20000, two go on to 100000;
    // `sum by (le)` at 50000 holds only half the requests.
    const d = decumulate([1356, 20121.6, 9979.7, 9979.7, 20121.6]);
    expect(d.counts).toEqual([1356, 20121.6 - 1356, null, null, 0]);
    expect(d.partial).toBe(2);
    expect(d.merged).toBe(0);
    expect(d.counts.every((c) => c === null || c >= 0)).toBe(true);
  });

  it('takes a drop within the tolerance (per-series extrapolation, float sums) as no change, not a note', () => {
    const d = decumulate([20028.5, 20028.49, 20028.5 * (1 - CUMULATIVE_TOLERANCE / 2), 20030]);
    expect(d.partial).toBe(0);
    expect(d.counts).toEqual([20028.5, 0, 0, 20030 - 20028.5]);
  });

  it('handles a single bucket plus +Inf, and nothing at all', () => {
    expect(decumulate([3, 5]).counts).toEqual([3, 2]);
    expect(decumulate([])).toEqual({ counts: [], total: null, partial: 0, merged: 0 });
    expect(decumulate([null, null]).total).toBeNull();
  });

  it('handles 40+ buckets', () => {
    const cum = Array.from({ length: 45 }, (_v, i) => i * 2);
    const d = decumulate(cum);
    expect(d.counts.slice(1).every((c) => c === 2)).toBe(true);
    expect(d.total).toBe(88);
  });
});

describe('bucketRanges', () => {
  it('starts the first bucket at zero and ends with +Inf', () => {
    expect(bucketRanges([0.3, 0.5, Infinity])).toEqual([
      { low: 0, high: 0.3 },
      { low: 0.3, high: 0.5 },
      { low: 0.5, high: Infinity },
    ]);
  });
});

describe('classifyQuantile', () => {
  it('says "first bucket" for a midpoint answer inside (0, b0]: the demo queue-time p50', () => {
    expect(classifyQuantile(0.15, VLLM_LATENCY)).toEqual({ kind: 'first', low: 0, high: 0.3 });
    expect(classifyQuantile(0.3, VLLM_LATENCY)).toEqual({ kind: 'first', low: 0, high: 0.3 });
    expect(classifyQuantile(0, VLLM_LATENCY)).toEqual({ kind: 'first', low: 0, high: 0.3 });
  });

  it('says "above the highest bucket" when the answer is the highest finite bound', () => {
    expect(classifyQuantile(7680, VLLM_LATENCY)).toEqual({ kind: 'overflow', low: 7680 });
    expect(classifyQuantile(16384, ITER)).toEqual({ kind: 'overflow', low: 16384 });
  });

  it('gives the interval for a bucket wider than a factor of 4', () => {
    expect(classifyQuantile(5, ITER)).toEqual({ kind: 'wide', low: 1, high: 8 });
    // 7680 / 1920 = 4: not wider than 4.
    expect(classifyQuantile(3000, VLLM_LATENCY)).toEqual({ kind: 'precise' });
  });

  it('leaves a value in a narrow bucket alone', () => {
    expect(classifyQuantile(0.4, VLLM_LATENCY)).toEqual({ kind: 'precise' });
    expect(classifyQuantile(100, ITER)).toEqual({ kind: 'precise' });
  });

  it('does not depend on the order of the bounds or on +Inf being last', () => {
    expect(classifyQuantile(0.1, [Infinity, 1, 0.5])).toEqual({ kind: 'first', low: 0, high: 0.5 });
  });

  it('treats a le="0" bucket (exact zeros, SGLang) as precise and the next one as the first', () => {
    const sglangQueue = [0, 0.001, 0.005, 0.01, Infinity];
    expect(classifyQuantile(0, sglangQueue)).toEqual({ kind: 'precise' });
    expect(classifyQuantile(0.0005, sglangQueue)).toEqual({ kind: 'first', low: 0, high: 0.001 });
    expect(classifyQuantile(0.003, sglangQueue)).toEqual({ kind: 'wide', low: 0.001, high: 0.005 });
  });

  it('without +Inf, a value above the bounds is not called an overflow', () => {
    expect(classifyQuantile(2, [0.5, 1])).toEqual({ kind: 'precise' });
  });

  it('a single bucket plus +Inf: below is first, at the bound is overflow', () => {
    expect(classifyQuantile(0.5, [1, Infinity])).toEqual({ kind: 'first', low: 0, high: 1 });
    expect(classifyQuantile(1, [1, Infinity])).toEqual({ kind: 'overflow', low: 1 });
  });

  it('says nothing without bounds or for a non-finite value', () => {
    expect(classifyQuantile(0.2, [])).toEqual({ kind: 'precise' });
    expect(classifyQuantile(NaN, VLLM_LATENCY)).toEqual({ kind: 'precise' });
  });
});
