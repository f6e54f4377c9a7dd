// SLO arithmetic on classic histograms, pure: attainment at a threshold (exact on a bucket bound,
// an interval between bounds), goodput bounds across SLOs, and error-budget burn rates.
// docs/slo.md explains every number, its assumptions and its limits.
import { parseLe, type BucketBound, type ThresholdPosition } from './buckets';

export const SLO_KINDS = ['ttft', 'itl', 'e2e'] as const;
export type SloKind = (typeof SLO_KINDS)[number];
/** TTFT and E2E are observed once per request; ITL once per output token. */
export const SLO_PER_TOKEN: Record<SloKind, boolean> = { ttft: false, itl: true, e2e: false };

/** Label value the SLO query gives the total (`_count`) so that it travels in the same vector as the buckets. */
export const COUNT_LE = 'count';
/** Multi-window, multi-burn-rate alerting (Google SRE workbook, ch. 5, 30-day budget): 14.4× over
 * 1 h and 6× over 6 h both page; the workbook's ticket is 1× over 3 days. */
export const BURN_PAGE = 14.4;
export const BURN_PAGE_6H = 6;
export const BURN_WINDOWS = ['1h', '6h'] as const;
type BurnWindow = (typeof BURN_WINDOWS)[number];
/** The burn rate that pages over each window. */
export const PAGE_AT: Record<BurnWindow, number> = { '1h': BURN_PAGE, '6h': BURN_PAGE_6H };
export const DEFAULT_OBJECTIVE = 0.99;
/** A latency threshold above one day is a typo, not an objective. */
export const MAX_THRESHOLD_SEC = 86_400;

export type Attainment =
  /** The total is zero (or absent) in the window: nothing was observed, so nothing was met or missed. */
  | { kind: 'no-traffic' }
  /** Neither `_count` nor a `+Inf` bucket: the share cannot be computed. */
  | { kind: 'no-total' }
  /** No finite bucket bound, or the bucket series needed is missing. */
  | { kind: 'no-buckets' }
  | {
      kind: 'value';
      /** Headline: exact on a bound; between bounds the linear interpolation (histogram_quantile's assumption). */
      value: number;
      /** The attainment is known to lie in [low, high]; low === high when exact. */
      low: number;
      high: number;
      exact: boolean;
      /** Bucket bounds the interval comes from (null lower = 0 s, null upper = unknown, i.e. +Inf). */
      lowerBound: number | null;
      upperBound: number | null;
      /** Observations per second in the window (requests/s, or tokens/s for ITL). */
      total: number;
    };

export interface LeSample {
  /** The `le` label value as the backend returned it, or COUNT_LE for the total. */
  le: string;
  value: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * Attainment from one instant's per-`le` rates (several spellings of one bound are added up, e.g.
 * "1" and "1.0" across a Prometheus upgrade). The total is the COUNT_LE sample when present,
 * else the `+Inf` bucket. Worked example, bounds 0.1/0.5/1, rates {0.1: 50, 0.5: 80, 1: 95, +Inf: 100}:
 * threshold 0.5 → 0.80 exact; 0.3 → [0.50, 0.80], headline 0.65; 2 → [0.95, 1], headline 0.95.
 */
export function attainmentFrom(samples: readonly LeSample[], threshold: number, position: ThresholdPosition): Attainment {
  let count: number | null = null;
  const byLe = new Map<number, number>();
  for (const s of samples) {
    if (!Number.isFinite(s.value)) continue;
    if (s.le === COUNT_LE) {
      count = (count ?? 0) + s.value;
      continue;
    }
    const v = parseLe(s.le);
    if (v !== null) byLe.set(v, (byLe.get(v) ?? 0) + s.value);
  }
  const total = count ?? byLe.get(Infinity) ?? null;
  if (total === null) return byLe.size === 0 ? { kind: 'no-traffic' } : { kind: 'no-total' };
  if (!(total > 0)) return { kind: 'no-traffic' };
  const at = (b: BucketBound | null): number | null => {
    if (b === null) return 0;
    const r = byLe.get(b.value);
    return r === undefined ? null : clamp01(r / total);
  };
  const base = { total };
  switch (position.kind) {
    case 'none':
      return { kind: 'no-buckets' };
    case 'exact': {
      const a = at(position.bound);
      if (a === null) return { kind: 'no-buckets' };
      return { kind: 'value', value: a, low: a, high: a, exact: true, lowerBound: position.bound.value, upperBound: position.bound.value, ...base };
    }
    case 'between': {
      const lo = at(position.lower);
      const hi = at(position.upper);
      if (lo === null || hi === null) return { kind: 'no-buckets' };
      const loB = position.lower?.value ?? 0;
      const frac = (threshold - loB) / (position.upper.value - loB);
      const value = lo + (hi - lo) * Math.min(1, Math.max(0, frac));
      return { kind: 'value', value, low: lo, high: hi, exact: false, lowerBound: position.lower?.value ?? null, upperBound: position.upper.value, ...base };
    }
    case 'above': {
      // Past the last finite bound nothing says how the +Inf bucket's observations spread: the
      // headline is the lower end (what is known to be met), like histogram_quantile capping at it.
      const lo = at(position.highest);
      if (lo === null) return { kind: 'no-buckets' };
      return { kind: 'value', value: lo, low: lo, high: 1, exact: false, lowerBound: position.highest.value, upperBound: null, ...base };
    }
  }
}

export interface GoodputBounds {
  /** Share of requests meeting every request-level SLO: low ≤ goodput ≤ high. */
  low: number;
  high: number;
  /** The same as requests/s (share × `requestRate`), null when the rate is unknown. */
  lowRate: number | null;
  highRate: number | null;
}

/**
 * Requests meeting all SLOs at once cannot be read from separate histograms; only bounds can:
 * at best every violation falls on the same requests (goodput = min attainment), at worst on
 * different ones (goodput = 1 − Σ violation shares, floored at 0). The interval ends of each
 * attainment are used, so the bounds hold whatever the spread inside a bucket.
 * Example: TTFT [0.95, 0.97], E2E [0.90, 0.90] → goodput in [0.85, 0.90].
 */
export function goodputBounds(attainments: ReadonlyArray<{ low: number; high: number }>, requestRate: number | null): GoodputBounds | null {
  if (attainments.length === 0) return null;
  const low = Math.max(0, 1 - attainments.reduce((s, a) => s + (1 - a.low), 0));
  const high = Math.min(...attainments.map((a) => a.high));
  const rate = requestRate !== null && Number.isFinite(requestRate) ? requestRate : null;
  return { low, high, lowRate: rate === null ? null : low * rate, highRate: rate === null ? null : high * rate };
}

/** Error-budget burn rate: 1 = spending the budget exactly over the SLO period; 14.4 = 2 % of 30 days in 1 h. */
export function burnRate(attainment: number, objective: number): number {
  return (1 - attainment) / (1 - objective);
}

export type BurnColor = 'green' | 'amber' | 'red' | 'none';

/** Red at the window's paging burn rate (14.4× over 1 h, 6× over 6 h), amber from 1× (the budget
 * goes faster than it accrues), green below. */
export function burnColor(burn: number | null, win: BurnWindow = '1h'): BurnColor {
  if (burn === null || !Number.isFinite(burn)) return 'none';
  return burn >= PAGE_AT[win] ? 'red' : burn >= 1 ? 'amber' : 'green';
}

/** Burn rate of an attainment interval: the headline, and the interval (a higher attainment burns less). */
export function burnOf(a: Attainment, objective: number): { value: number; low: number; high: number } | null {
  if (a.kind !== 'value') return null;
  return { value: burnRate(a.value, objective), low: burnRate(a.high, objective), high: burnRate(a.low, objective) };
}

/** Why an SLO input was refused: a code, worded per language by the UI (`slo.problem` in i18n). */
export type SloInputProblem = 'not-duration' | 'not-positive' | 'over-day' | 'not-number' | 'not-ratio';
export type ParsedNumber = { ok: true; value: number } | { ok: false; reason: SloInputProblem };

/** English wording of a problem, for config.json messages (written for whoever hosts the board). */
export const SLO_PROBLEM_EN: Record<SloInputProblem, string> = {
  'not-duration': 'not a duration (use seconds, e.g. 0.5, or 500ms)',
  'not-positive': 'must be more than 0 seconds',
  'over-day': 'more than one day',
  'not-number': 'not a number (use 0.99 or 99.9%)',
  'not-ratio': 'must be between 0 and 1 (or 0 % and 100 %), exclusive',
};

/**
 * A latency threshold: seconds (`0.5`) or with a unit (`500ms`, `2s`, `1.5m`). Zero, negative,
 * non-numbers and anything above one day are refused with a reason.
 */
export function parseThreshold(raw: string): ParsedNumber {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?\s*(ms|s|m|min|h)?\s*$/.exec(raw);
  if (!m) return { ok: false, reason: 'not-duration' };
  const n = Number(`${m[1]}${m[2] !== undefined ? `e${m[2]}` : ''}`);
  const unit = m[3] ?? 's';
  const sec = n * ({ ms: 0.001, s: 1, m: 60, min: 60, h: 3600 } as Record<string, number>)[unit]!;
  if (!Number.isFinite(sec) || sec <= 0) return { ok: false, reason: 'not-positive' };
  if (sec > MAX_THRESHOLD_SEC) return { ok: false, reason: 'over-day' };
  // 0.1 * 3 style float noise would break "exact on a bound"; 12 significant digits are plenty.
  return { ok: true, value: Number(sec.toPrecision(12)) };
}

/** An objective: a ratio in (0, 1) (`0.99`), or a percentage (`99`, `99.9%`) in (1, 100). */
export function parseObjective(raw: string): ParsedNumber {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*$/.exec(raw);
  if (!m) return { ok: false, reason: 'not-number' };
  const n = Number(m[1]);
  const ratio = m[2] === '%' || n > 1 ? n / 100 : n;
  if (!(ratio > 0 && ratio < 1)) return { ok: false, reason: 'not-ratio' };
  return { ok: true, value: Number(ratio.toPrecision(12)) };
}
