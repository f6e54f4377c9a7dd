// The per-instance split: bounded queries (topk by mean TTFT, and a count for "N more"), and rows
// decomposed from hand-made answers like a model's, slowest first.
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../catalog';
import type { VectorSample } from '../../prometheus';
import { COUNT_SIGNAL, instanceSplitRows, instanceSplitSignals } from './instance-split';
import { SIGNAL_LABEL } from './signals';

const sample = (id: string, v: number, instance?: string): VectorSample => ({
  metric: { [SIGNAL_LABEL]: id, ...(instance === undefined ? {} : { instance }) },
  value: [1000, String(v)],
});

/** One instance's figures: per second, `n` requests with the given mean seconds per phase. */
function inst(instance: string, n: number, means: Record<string, number>): VectorSample[] {
  return Object.entries(means).flatMap(([phase, m]) => [sample(`${phase}_sum`, n * m, instance), sample(`${phase}_count`, n, instance)]);
}

describe('per-instance latency split', () => {
  it('asks each phase only for the top instances by mean TTFT, and counts them all', () => {
    const s = instanceSplitSignals(catalogs.vllm, 7);
    expect(s.map((x) => x.id)).toEqual(['ttft_sum', 'ttft_count', 'queue_sum', 'queue_count', 'prefill_sum', 'prefill_count', 'decode_sum', 'decode_count', 'e2e_sum', 'e2e_count', COUNT_SIGNAL]);
    for (const x of s.slice(0, -1)) expect(x.expr).toMatch(/ and on \(\$__by\) topk\(7, sum by \(\$__by\) \(rate\(\{\{\w+_sum\}\}\[\$__range\]\)\) \/ \(sum by \(\$__by\) \(rate\(\{\{\w+_count\}\}\[\$__range\]\)\) > 0\)\)$/);
    expect(s.at(-1)!.expr).toMatch(/^count\(/);
    // SGLang has no prefill/decode histograms: not asked (inferred from TTFT and E2E instead).
    expect(instanceSplitSignals(catalogs.sglang).map((x) => x.id)).not.toContain('prefill_sum');
  });

  it('decomposes each instance like a model, slowest mean TTFT first, and says how many are left out', () => {
    const samples = [
      ...inst('a:8000', 2, { ttft: 0.2, queue: 0.02, prefill: 0.15, decode: 3, e2e: 3.3 }),
      // The slow one: queueing dominates its TTFT.
      ...inst('b:8000', 1, { ttft: 1.0, queue: 0.7, prefill: 0.2, decode: 4, e2e: 5.1 }),
      sample(COUNT_SIGNAL, 5),
    ];
    const { rows, more } = instanceSplitRows(samples, 'instance');
    expect(rows.map((r) => r.instance)).toEqual(['b:8000', 'a:8000']);
    const b = rows[0]!;
    expect(b.ttftMean).toBeCloseTo(1.0, 9);
    expect(b.ttft!.dominant).toBe('queue');
    const q = b.ttft!.terms.find((t) => t.term === 'queue')!;
    expect(q.mean).toBeCloseTo(0.7, 9);
    expect(q.share).toBeCloseTo(0.7, 9);
    expect(b.ttft!.terms.find((t) => t.term === 'rest')!.mean).toBeCloseTo(0.1, 9);
    expect(b.e2e!.dominant).toBe('decode');
    expect(rows[1]!.ttft!.dominant).toBe('prefill');
    // Five instances have a TTFT mean, two are shown.
    expect(more).toBe(3);
  });

  it('infers prefill and decode where the engine lacks their histograms, and caps the rows', () => {
    const samples = Array.from({ length: 4 }, (_, i) => inst(`s${i}`, 1, { ttft: 0.5 + i, queue: 0.1, e2e: 4 + i })).flat();
    const { rows, more } = instanceSplitRows(samples, 'instance', 3);
    expect(rows.map((r) => r.instance)).toEqual(['s3', 's2', 's1']);
    // No count signal came back: the rows it saw are the count.
    expect(more).toBe(1);
    const pre = rows[0]!.ttft!.terms.find((t) => t.term === 'prefill')!;
    expect(pre.source).toBe('inferred');
    expect(pre.mean).toBeCloseTo(3.4, 9);
    expect(rows[0]!.e2e!.terms.find((t) => t.term === 'decode')).toMatchObject({ source: 'inferred', mean: 3.5 });
  });

  it('leaves out an instance without a TTFT mean (no request finished a first token)', () => {
    const { rows } = instanceSplitRows([...inst('idle', 0, { ttft: 0, queue: 0 }), ...inst('busy', 1, { ttft: 0.3, queue: 0.1 })], 'instance');
    expect(rows.map((r) => r.instance)).toEqual(['busy']);
  });
});
