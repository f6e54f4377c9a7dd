// Query resolution: step from panel width, range alignment, Grafana's rate window, PromQL durations.

/** Prometheus refuses a range query with more than 11,000 points per series. */
export const MAX_POINTS = 11_000;

/** Pixels per point: about one point per 2–3 px is as dense as a line chart can show. */
export const PX_PER_POINT = 2.5;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Steps a person can read in a legend and that line up with clock boundaries. */
export const NICE_STEPS_SEC: readonly number[] = [
  1, 2, 5, 10, 15, 30,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR,
  DAY, 2 * DAY, 7 * DAY,
];

/** The smallest nice step ≥ `sec` (beyond a week: whole days). */
function niceAtLeast(sec: number): number {
  for (const s of NICE_STEPS_SEC) if (s >= sec) return s;
  return Math.ceil(sec / DAY) * DAY;
}

/** The nice step nearest to `sec`, compared on a log scale (12 s → 10 s, 13 s → 15 s). */
function niceNearest(sec: number): number {
  let best = NICE_STEPS_SEC[0] ?? 1;
  for (const s of NICE_STEPS_SEC) {
    if (Math.abs(Math.log(s / sec)) < Math.abs(Math.log(best / sec))) best = s;
  }
  return sec > (NICE_STEPS_SEC[NICE_STEPS_SEC.length - 1] ?? DAY) ? niceAtLeast(sec) : best;
}

export interface StepInput {
  startMs: number;
  endMs: number;
  /** The plot's width in CSS pixels. */
  widthPx: number;
  /** Usually the scrape interval: a finer step only repeats samples. */
  minStepSec?: number;
  maxPoints?: number;
}

/**
 * The `step` (seconds) for a range query: about one point per 2.5 px, rounded to a nice value,
 * then raised to at least `minStepSec` and to at least range / `maxPoints`.
 *
 * @example computeStep({ startMs: 0, endMs: 3_600_000, widthPx: 600 }) // 15 (240 points)
 * @example computeStep({ startMs: 0, endMs: 7 * 86_400_000, widthPx: 1400 }) // 900 (672 points)
 */
export function computeStep({ startMs, endMs, widthPx, minStepSec, maxPoints = MAX_POINTS }: StepInput): number {
  const rangeSec = Math.max(0, (endMs - startMs) / 1000);
  const points = Math.max(1, Math.floor((Number.isFinite(widthPx) && widthPx > 0 ? widthPx : 1000) / PX_PER_POINT));
  let step = niceNearest(Math.max(rangeSec / points, 1));
  if (minStepSec !== undefined && minStepSec > 0 && step < minStepSec) step = niceAtLeast(minStepSec);
  const cap = maxPoints > 0 ? maxPoints : MAX_POINTS;
  // +1 because a range [start, end] holds range/step + 1 points.
  if (rangeSec / step + 1 > cap) step = niceAtLeast(rangeSec / (cap - 1));
  return step;
}

/**
 * Floors start and end to multiples of the step, so that successive refreshes ask for the same
 * grid and the backend (and any results cache in front of it) can reuse its work.
 *
 * @example alignRange(1003, 1999, 15) // { start: 990, end: 1995 }
 */
export function alignRange(startSec: number, endSec: number, stepSec: number): { start: number; end: number } {
  if (!(stepSec > 0)) return { start: startSec, end: endSec };
  return { start: Math.floor(startSec / stepSec) * stepSec, end: Math.floor(endSec / stepSec) * stepSec };
}

/**
 * Grafana's `$__rate_interval`: max(step + scrape, 4 × scrape). The 4× guarantees enough samples
 * inside each window for `rate()` even with a missed scrape; step + scrape makes adjacent windows
 * overlap so no sample falls between them.
 *
 * @example rateInterval({ stepSec: 15, scrapeIntervalSec: 15 }) // 60
 * @example rateInterval({ stepSec: 120, scrapeIntervalSec: 15 }) // 135
 */
export function rateInterval({ stepSec, scrapeIntervalSec }: { stepSec: number; scrapeIntervalSec: number }): number {
  return Math.max(stepSec + scrapeIntervalSec, 4 * scrapeIntervalSec);
}

const UNITS: readonly (readonly [string, number])[] = [
  ['d', DAY],
  ['h', HOUR],
  ['m', MINUTE],
  ['s', 1],
];

/**
 * Seconds → a PromQL duration made of d/h/m/s/ms parts, largest first (valid since Prometheus 2.x
 * accepted compound durations, and in VictoriaMetrics). Sub-millisecond parts are rounded.
 *
 * @example formatPromDuration(90) // "1m30s"
 * @example formatPromDuration(1.5) // "1s500ms"
 * @example formatPromDuration(0) // "0s"
 */
export function formatPromDuration(sec: number): string {
  if (!Number.isFinite(sec) || sec < 0) throw new RangeError(`not a duration: ${sec}`);
  let ms = Math.round(sec * 1000);
  if (ms === 0) return '0s';
  let out = '';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(ms / (size * 1000));
    if (n > 0) {
      out += `${n}${unit}`;
      ms -= n * size * 1000;
    }
  }
  if (ms > 0) out += `${ms}ms`;
  return out;
}

export { parsePromDuration } from '../lib/duration';
