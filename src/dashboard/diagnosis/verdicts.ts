// The verdict rules as data: one object per verdict, its inputs (signal ids, signals.ts), the
// panel to look at, and a pure `evaluate` from one model's figures to a finding or nothing.
// Thresholds and sources: docs/verdicts.md. Router imbalance reads the Routing section's table
// instead of these figures (router-verdict.ts).
import type { Unit } from '../../lib/units';
import { mean, queueShare } from './decompose';
import type { ModelFigures } from './inputs';
import { MORE_RULES } from './more-rules';

export type Severity = 'info' | 'warning' | 'critical';
export type Confidence = 'high' | 'medium' | 'low';

export const VERDICT_IDS = [
  'kv-capacity',
  'preemption-storm',
  'prefill-bound',
  'decode-bound',
  'prefix-cache-thrash',
  'prefix-counter-broken',
  'instance-outlier',
  'router-imbalance',
  'request-failures',
  'littles-law-mismatch',
  'spec-decode-costly',
  'slo-burn',
  'gpu-health',
] as const;
export type VerdictId = (typeof VERDICT_IDS)[number];

export interface EvidenceItem {
  value: number;
  unit: Unit;
}

export interface RuleResult {
  severity: Severity;
  /** How far past its threshold (1 = at it); orders findings of one severity. */
  score: number;
  confidence: Confidence;
  /** Named figures the finding's sentence quotes (i18n/diagnosis.ts). */
  evidence: Record<string, EvidenceItem>;
  /** Some evidence is a histogram_quantile estimate: a bound between two bucket edges, not a measurement. */
  bucketBounds: boolean;
  /** Terms computed as differences of means, not measured (SGLang's prefill). */
  inferred: boolean;
}

export interface ModelRule {
  id: VerdictId;
  panel: string;
  /** Signal ids read (their PromQL is shown with the finding). */
  inputs: readonly string[];
  /**
   * Alternative sets of signals the rule cannot fire without (any one set, all of it, present): a
   * rule missing them is not run and not listed as checked. Default: any one input.
   */
  needs?: ReadonlyArray<readonly string[]>;
  evaluate: (f: ModelFigures) => RuleResult | null;
}

/** The rule can judge this model: one of its `needs` sets is all there (or, without `needs`, any input). */
export function checkable(rule: ModelRule, f: ModelFigures): boolean {
  const has = (i: string) => f[i] !== undefined;
  return rule.needs ? rule.needs.some((set) => set.every(has)) : rule.inputs.some(has);
}

/** Thresholds (docs/verdicts.md). TTFT and ITL floors are the stat tiles' amber (STAT_THRESHOLDS). */
export const T = {
  kvFull: 0.9,
  kvCritical: 0.95,
  queueDominates: 0.5,
  signatureRatio: 20,
  preemptPerRequest: 0.2,
  preemptCritical: 1,
  prefillShare: 0.5,
  ttftSlowP95: 1,
  decodeShare: 0.6,
  itlSlowP95: 0.1,
  thrashHitRate: 0.1,
  thrashKv: 0.8,
  /** Prefix queries per second (tokens) below which a zero hit counter says nothing. */
  brokenMinQueries: 100,
  /** Requests per second below which no verdict is given (a few requests are no evidence). */
  minRequests: 0.01,
} as const;

/**
 * User impact, against the stat tiles' colours (STAT_THRESHOLDS, catalog/define.ts; a test checks
 * they agree): amber and red of TTFT p95 and ITL p95. Severity follows it (docs/verdicts.md,
 * "Severity"): a rule says what the cause is, the impact how bad it is for users.
 */
export const IMPACT = {
  ttft: { amber: 1, red: 3 },
  itl: { amber: 0.1, red: 0.25 },
  /** Share of the range with requests waiting at or above which queueing is sustained, not a burst. */
  sustained: 0.5,
} as const;

/** 0 green, 1 amber, 2 red. */
export type Level = 0 | 1 | 2;

export function level(v: number | null | undefined, t: { amber: number; red: number }): Level {
  if (v === undefined || v === null) return 0;
  return v >= t.red ? 2 : v >= t.amber ? 1 : 0;
}

/**
 * Critical only when users feel it at the tiles' red **and** it lasted (`sustained`; null when
 * nothing measures it); amber, or red over a short stretch, is a warning; green is info: the
 * cause is there, the users do not feel it yet.
 */
export function severityOf(impact: Level, sustained: boolean | null): Severity {
  if (impact === 2 && sustained !== false) return 'critical';
  return impact >= 1 ? 'warning' : 'info';
}

/** TTFT's side: its p95, or the mean queue time when that is worse (the queue is part of TTFT). */
export function ttftImpact(f: ModelFigures): Level {
  return Math.max(level(f.ttft_p95, IMPACT.ttft), level(mean(f, 'queue'), IMPACT.ttft)) as Level;
}

/** Queueing lasted most of the range (the waiting gauge's share of time ≥ 1), or null when not measured. */
export function queueSustained(f: ModelFigures): boolean | null {
  return f.queued_share === undefined ? null : f.queued_share >= IMPACT.sustained;
}

const ev = (value: number, unit: Unit): EvidenceItem => ({ value, unit });
const confidence = (inferred: boolean, bounds: boolean): Confidence => (inferred ? 'medium' : bounds ? 'medium' : 'high');

export const MODEL_RULES: readonly ModelRule[] = [
  {
    id: 'kv-capacity',
    panel: 'kv-cache-usage',
    needs: [['kv_max', 'queue_sum', 'ttft_sum']],
    inputs: ['kv_max', 'queue_sum', 'queue_count', 'ttft_sum', 'ttft_count', 'ttft_p95', 'queued_share', 'preemptions', 'requests', 'ttft_p05', 'ttft_p99'],
    evaluate(f) {
      const kv = f.kv_max;
      const share = queueShare(f);
      if (kv === undefined || share === null || kv < T.kvFull || share < T.queueDominates) return null;
      const evidence: Record<string, EvidenceItem> = { kvMax: ev(kv, 'ratio'), queueShare: ev(share, 'ratio'), queueMean: ev(mean(f, 'queue') ?? 0, 'seconds'), ttftMean: ev(mean(f, 'ttft') ?? 0, 'seconds') };
      if (f.preemptions !== undefined) evidence.preemptions = ev(f.preemptions, 'ops');
      const lo = f.ttft_p05;
      const hi = f.ttft_p99;
      const signature = lo !== undefined && hi !== undefined && lo > 0 ? hi / lo : null;
      if (signature !== null) evidence.signature = ev(signature, 'count');
      if (f.ttft_p95 !== undefined) evidence.ttftP95 = ev(f.ttft_p95, 'seconds');
      if (f.queued_share !== undefined) evidence.queuedShare = ev(f.queued_share, 'ratio');
      return {
        // A KV peak says the cause; how bad it is comes from TTFT and how long requests waited.
        severity: severityOf(ttftImpact(f), queueSustained(f)),
        score: share / T.queueDominates,
        confidence: signature !== null && signature > T.signatureRatio ? 'high' : 'medium',
        evidence,
        bucketBounds: signature !== null,
        inferred: false,
      };
    },
  },
  {
    id: 'preemption-storm',
    panel: 'preemptions',
    inputs: ['preemptions', 'requests', 'ttft_p95', 'itl_p95', 'queue_sum', 'queue_count', 'queued_share'],
    needs: [['preemptions', 'requests']],
    evaluate(f) {
      const p = f.preemptions;
      const req = f.requests;
      if (p === undefined || req === undefined || req <= 0) return null;
      const per = p / req;
      if (per < T.preemptPerRequest) return null;
      return {
        // Preempted requests wait again (TTFT) or recompute (ITL). It lasted: a preemption per finished
        // request, or requests waiting most of the range (SGLang's 0.63 retractions per request with
        // a 44 s queue all along was a WARNING lead above its own CRITICAL KV-capacity queueing).
        severity: severityOf(Math.max(ttftImpact(f), level(f.itl_p95, IMPACT.itl)) as Level, per >= T.preemptCritical || queueSustained(f) === true),
        score: per / T.preemptPerRequest,
        confidence: 'high',
        evidence: { perRequest: ev(per, 'count'), preemptions: ev(p, 'ops'), requests: ev(req, 'reqps'), kvMax: ev(f.kv_max ?? 0, 'ratio') },
        bucketBounds: false,
        inferred: false,
      };
    },
  },
  {
    id: 'prefill-bound',
    panel: 'ttft',
    inputs: ['ttft_sum', 'ttft_count', 'ttft_p95', 'queue_sum', 'queue_count', 'prefill_sum', 'prefill_count'],
    needs: [['ttft_sum', 'ttft_p95', 'queue_sum']],
    evaluate(f) {
      const ttft = mean(f, 'ttft');
      const queue = mean(f, 'queue');
      const p95 = f.ttft_p95;
      if (ttft === null || queue === null || ttft <= 0 || p95 === undefined || p95 < T.ttftSlowP95) return null;
      const measured = mean(f, 'prefill');
      const prefill = measured ?? Math.max(0, ttft - queue);
      const share = prefill / ttft;
      if (share < T.prefillShare || queue / ttft >= T.queueDominates) return null;
      return {
        severity: severityOf(level(p95, IMPACT.ttft), ttft >= IMPACT.ttft.amber),
        score: (share / T.prefillShare) * (p95 / T.ttftSlowP95),
        confidence: confidence(measured === null, true),
        // The queue's own figure, not "little queueing": under half of TTFT can still be seconds.
        evidence: { prefillShare: ev(share, 'ratio'), prefillMean: ev(prefill, 'seconds'), ttftMean: ev(ttft, 'seconds'), ttftP95: ev(p95, 'seconds'), queueShare: ev(queue / ttft, 'ratio'), queueMean: ev(queue, 'seconds') },
        bucketBounds: true,
        inferred: measured === null,
      };
    },
  },
  {
    id: 'decode-bound',
    panel: 'itl',
    inputs: ['e2e_sum', 'e2e_count', 'decode_sum', 'decode_count', 'ttft_sum', 'ttft_count', 'itl_p95', 'itl_sum', 'itl_count'],
    needs: [['e2e_sum', 'itl_p95']],
    evaluate(f) {
      const e2e = mean(f, 'e2e');
      const itlP95 = f.itl_p95;
      if (e2e === null || e2e <= 0 || itlP95 === undefined || itlP95 < T.itlSlowP95) return null;
      const measured = mean(f, 'decode');
      const ttft = mean(f, 'ttft');
      const decode = measured ?? (ttft === null ? null : Math.max(0, e2e - ttft));
      if (decode === null) return null;
      const share = decode / e2e;
      if (share < T.decodeShare) return null;
      const itlMean = mean(f, 'itl');
      return {
        // Red at the tail and slow on average too (the mean of the whole range, not a burst).
        severity: severityOf(level(itlP95, IMPACT.itl), itlMean === null ? null : itlMean >= IMPACT.itl.amber),
        score: itlP95 / T.itlSlowP95,
        confidence: confidence(measured === null, true),
        evidence: { decodeShare: ev(share, 'ratio'), itlP95: ev(itlP95, 'seconds'), itlMean: ev(itlMean ?? 0, 'seconds'), running: ev(f.running_mean ?? 0, 'requests') },
        bucketBounds: true,
        inferred: measured === null,
      };
    },
  },
  {
    id: 'prefix-cache-thrash',
    panel: 'prefix-cache-hit-rate',
    inputs: ['prefix_hits', 'prefix_queries', 'prefix_hit_gauge', 'kv_max'],
    needs: [
      ['prefix_hits', 'prefix_queries', 'kv_max'],
      ['prefix_hit_gauge', 'kv_max'],
    ],
    evaluate(f) {
      const kv = f.kv_max;
      const rate = hitRate(f);
      if (kv === undefined || rate === null || rate === 0 || rate >= T.thrashHitRate || kv < T.thrashKv) return null;
      return {
        severity: 'warning',
        score: T.thrashHitRate / Math.max(rate, 0.001),
        confidence: 'medium',
        evidence: { hitRate: ev(rate, 'ratio'), kvMax: ev(kv, 'ratio') },
        bucketBounds: false,
        inferred: false,
      };
    },
  },
  {
    id: 'prefix-counter-broken',
    panel: 'prefix-cache-hit-rate',
    inputs: ['prefix_hits', 'prefix_queries', 'prefix_hit_gauge', 'prompt_tokens'],
    // Counters (vLLM), or a hit-rate gauge beside the prompt-token rate (SGLang: a gauge that stays
    // at exactly 0 under prompt traffic is "hits exactly 0"; its cached-tokens counter never appears).
    needs: [
      ['prefix_hits', 'prefix_queries'],
      ['prefix_hit_gauge', 'prompt_tokens'],
    ],
    evaluate(f) {
      const counters = f.prefix_queries !== undefined;
      const q = counters ? f.prefix_queries : f.prompt_tokens;
      const hits = counters ? f.prefix_hits : f.prefix_hit_gauge;
      if (hits !== 0 || q === undefined || q < T.brokenMinQueries) return null;
      return {
        severity: 'info',
        score: 1,
        confidence: 'low',
        evidence: { queries: ev(q, 'tokps'), hits: ev(0, 'tokps') },
        bucketBounds: false,
        inferred: false,
      };
    },
  },
  ...MORE_RULES,
];

/** Hit share over the range: hits ÷ queries from counters, else the engine's hit-rate gauge averaged. */
export function hitRate(f: ModelFigures): number | null {
  if (f.prefix_queries !== undefined && f.prefix_hits !== undefined) return f.prefix_queries > 0 ? f.prefix_hits / f.prefix_queries : null;
  return f.prefix_hit_gauge ?? null;
}

/** Requests per second over the range (the fallback counter where the engine has only that). */
export function requestRate(f: ModelFigures): number | null {
  return f.requests ?? f.requests_fallback ?? null;
}
