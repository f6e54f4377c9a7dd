// Latency decomposed over the selected range, per model: mean TTFT = queue + prefill + rest, mean
// E2E = queue + prefill + decode + rest, each term measured (its own histogram) or inferred (a
// difference of two measured means), its share, and the dominant term. Means add up; p95s do not,
// so they are listed beside, never summed. Little's law: the mean number of requests in a phase is
// rate(<phase>_seconds_sum) (arrival rate × mean time), compared with the engine's own gauges. Pure.
import type { ModelFigures } from './inputs';

export type Term = 'queue' | 'prefill' | 'decode' | 'rest';

export interface DecompTerm {
  term: Term;
  /** Mean seconds per request. */
  mean: number;
  share: number;
  /** `measured`: the phase's own histogram; `inferred`: a difference of measured means. */
  source: 'measured' | 'inferred';
  /** p95 of the phase's own histogram (a bucket estimate), when there is one. */
  p95: number | null;
}

export interface Decomposition {
  total: number;
  totalP95: number | null;
  terms: DecompTerm[];
  dominant: Term;
  /**
   * How far the measured parts exceed the total (s), 0 when they do not: the residual a clamped
   * term hides. Over a range each histogram counts the requests observed in it (queue and prefill
   * when scheduled or at the first token, TTFT and E2E when they end), not quite the same ones.
   */
  excess: number;
}

export interface LatencyBreakdown {
  ttft: Decomposition | null;
  e2e: Decomposition | null;
  concurrency: Concurrency;
}

export interface Concurrency {
  /** Mean requests in each phase by Little's law (rate of the phase's _sum). */
  queue: number | null;
  prefill: number | null;
  decode: number | null;
  /** Prefill + decode; without those histograms rate(e2e_sum) − rate(queue_sum) (inferred). */
  busy: number | null;
  busyInferred: boolean;
  /** The engine's own gauges, averaged over the range and summed over instances. */
  waitingGauge: number | null;
  runningGauge: number | null;
}

export const mean = (f: ModelFigures, phase: string): number | null => {
  const sum = f[`${phase}_sum`];
  const count = f[`${phase}_count`];
  return sum === undefined || count === undefined || count <= 0 ? null : sum / count;
};

const p95 = (f: ModelFigures, phase: string): number | null => f[`${phase}_p95`] ?? null;

function build(total: number, totalP95: number | null, parts: Array<Omit<DecompTerm, 'share'>>): Decomposition {
  const terms = parts.map((p) => ({ ...p, share: total > 0 ? p.mean / total : 0 }));
  let dominant: DecompTerm = terms[0]!;
  for (const t of terms) if (t.mean > dominant.mean) dominant = t;
  const sum = terms.reduce((a, t) => a + t.mean, 0);
  return { total, totalP95, terms, dominant: dominant.term, excess: Math.max(0, sum - total) };
}

/**
 * The rest is what no histogram covers (tokenization, the API server, detokenizing; with a router,
 * its time). A term inferred as a difference is clamped at 0: histograms observed at different
 * moments of a request can make the difference slightly negative over a short range.
 */
export function decompose(f: ModelFigures): LatencyBreakdown {
  const ttft = mean(f, 'ttft');
  const queue = mean(f, 'queue');
  const prefill = mean(f, 'prefill');
  const decode = mean(f, 'decode');
  const e2e = mean(f, 'e2e');
  const pos = (v: number) => Math.max(0, v);

  let ttftD: Decomposition | null = null;
  if (ttft !== null && queue !== null) {
    const pre: Omit<DecompTerm, 'share'> =
      prefill !== null
        ? { term: 'prefill', mean: prefill, source: 'measured', p95: p95(f, 'prefill') }
        : { term: 'prefill', mean: pos(ttft - queue), source: 'inferred', p95: null };
    const rest = prefill !== null ? pos(ttft - queue - prefill) : 0;
    const parts: Array<Omit<DecompTerm, 'share'>> = [{ term: 'queue', mean: queue, source: 'measured', p95: p95(f, 'queue') }, pre];
    if (prefill !== null) parts.push({ term: 'rest', mean: rest, source: 'inferred', p95: null });
    ttftD = build(ttft, p95(f, 'ttft'), parts);
  }

  let e2eD: Decomposition | null = null;
  if (e2e !== null && queue !== null) {
    const parts: Array<Omit<DecompTerm, 'share'>> = [{ term: 'queue', mean: queue, source: 'measured', p95: p95(f, 'queue') }];
    if (prefill !== null && decode !== null) {
      parts.push({ term: 'prefill', mean: prefill, source: 'measured', p95: p95(f, 'prefill') });
      parts.push({ term: 'decode', mean: decode, source: 'measured', p95: p95(f, 'decode') });
      parts.push({ term: 'rest', mean: pos(e2e - queue - prefill - decode), source: 'inferred', p95: null });
    } else if (ttft !== null) {
      // No phase histograms (SGLang): prefill ≈ TTFT − queue, decode ≈ E2E − TTFT.
      parts.push({ term: 'prefill', mean: pos(ttft - queue), source: 'inferred', p95: null });
      parts.push({ term: 'decode', mean: pos(e2e - ttft), source: 'inferred', p95: null });
    }
    if (parts.length > 1) e2eD = build(e2e, p95(f, 'e2e'), parts);
  }

  return {
    ttft: ttftD,
    e2e: e2eD,
    concurrency: {
      queue: f.queue_sum ?? null,
      prefill: f.prefill_sum ?? null,
      decode: f.decode_sum ?? null,
      ...busy(f),
      waitingGauge: f.waiting_mean ?? null,
      runningGauge: f.running_mean ?? null,
    },
  };
}

function busy(f: ModelFigures): { busy: number | null; busyInferred: boolean } {
  if (f.prefill_sum !== undefined && f.decode_sum !== undefined) return { busy: f.prefill_sum + f.decode_sum, busyInferred: false };
  if (f.e2e_sum !== undefined && f.queue_sum !== undefined) return { busy: Math.max(0, f.e2e_sum - f.queue_sum), busyInferred: true };
  return { busy: null, busyInferred: false };
}

/** The share of mean TTFT spent queueing (null without both histograms). */
export function queueShare(f: ModelFigures): number | null {
  const ttft = mean(f, 'ttft');
  const queue = mean(f, 'queue');
  return ttft === null || queue === null || ttft <= 0 ? null : Math.min(1, queue / ttft);
}
