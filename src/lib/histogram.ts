// Classic-histogram arithmetic that the charts and tiles share: cumulative bucket values → per
// bucket counts, and where a `histogram_quantile` answer really lies given the bucket bounds.
// Pure; bounds are numbers (see buckets.ts for parsing `le`, "1.0" and "1" alike).

/** One bucket as an interval (low, high]; `high` is +Infinity for the `+Inf` bucket. */
export interface BucketRange {
  low: number;
  high: number;
}

export interface Decumulated {
  /** Per-bucket counts, aligned to the input; null where the bucket's value is missing or partial. */
  counts: Array<number | null>;
  /** The cumulative value of the highest bucket present (the total when `+Inf` is there). */
  total: number | null;
  /**
   * Buckets whose cumulative value is below a lower bucket's: in `sum by (le)` over servers with
   * different bucket lists (vLLM's length buckets stop at each server's max_model_len), a bound only
   * some servers have sums only their counts. Left out (null); the bucket above holds their count.
   */
  partial: number;
  /** Buckets that also hold the count of missing buckets just below them. */
  merged: number;
}

/**
 * Below this share of the running cumulative value, a bucket lower than the one below it is noise
 * (`increase`/`rate` extrapolate each bucket series on its own; float sums), not a partial bound.
 */
export const CUMULATIVE_TOLERANCE = 1e-3;

/**
 * Differences between neighbouring cumulative bucket values (sorted by bound, ascending). A
 * missing (null, NaN, ±Inf) value leaves its bucket null and its share goes to the next present
 * bucket (`merged`). A value below the running cumulative value is either noise (within
 * CUMULATIVE_TOLERANCE: a count of 0) or a bound not every summed series has (`partial`: null, its
 * count in the next bucket up); never a negative count. A restart is not a cause: `increase` and
 * `rate` already handle counter resets per series.
 *
 * @example
 * decumulate([2, 5, null, 9])    // { counts: [2, 3, null, 4], total: 9, partial: 0, merged: 1 }
 * decumulate([4, 2, 6])          // { counts: [4, null, 2], total: 6, partial: 1, merged: 0 }
 * decumulate([4, 3.9999999, 6])  // { counts: [4, 0, 2], total: 6, partial: 0, merged: 0 }
 */
export function decumulate(cumulative: ReadonlyArray<number | null>): Decumulated {
  const counts: Array<number | null> = [];
  let prev = 0;
  let total: number | null = null;
  let partial = 0;
  let merged = 0;
  let skipped = false;
  for (const raw of cumulative) {
    if (raw === null || !Number.isFinite(raw)) {
      counts.push(null);
      skipped = true;
      continue;
    }
    if (raw < prev - CUMULATIVE_TOLERANCE * prev) {
      counts.push(null);
      partial += 1;
      continue;
    }
    counts.push(Math.max(0, raw - prev));
    if (skipped && total !== null) merged += 1;
    skipped = false;
    prev = Math.max(prev, raw);
    total = prev;
  }
  return { counts, total, partial, merged };
}

/** Buckets for sorted bounds (ascending, +Inf last if present): (0, b0], (b0, b1], … */
export function bucketRanges(bounds: readonly number[]): BucketRange[] {
  return bounds.map((high, i) => ({ low: i === 0 ? Math.min(0, high) : (bounds[i - 1] ?? 0), high }));
}

/** Wider than this factor (high / low), a bucket says too little for a line to be drawn through it. */
export const WIDE_BUCKET_FACTOR = 4;

/**
 * Where a quantile computed by `histogram_quantile` actually lies.
 *   - `first`: in the first bucket (0, b0]; the value is an interpolation inside it: say "< b0".
 *   - `overflow`: in the `+Inf` bucket; histogram_quantile then returns the highest finite bound:
 *     say "≥ b".
 *   - `wide`: in a bucket (low, high] with high > 4 × low: show the interval.
 *   - `precise`: in a bucket narrow enough for the number to mean what it says (or no bounds known).
 */
export type QuantilePrecision =
  | { kind: 'precise' }
  | { kind: 'first'; low: number; high: number }
  | { kind: 'overflow'; low: number }
  | { kind: 'wide'; low: number; high: number };

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const PRECISE: QuantilePrecision = Object.freeze({ kind: 'precise' });

type Classify = (value: number) => QuantilePrecision;

// A panel classifies every point of every quantile line (~700 per line per window) against the
// same bounds: they are sorted once per bounds array, and each bucket's answer is built once and
// shared (read it, never write it), so a point costs a scan of the bounds and no allocation.
const classifiers = new WeakMap<readonly number[], Classify>();

/** `classifyQuantile` against fixed bounds, for many values. */
export function quantileClassifier(bounds: readonly number[]): Classify {
  const known = classifiers.get(bounds);
  if (known) return known;
  const finite = [...new Set(bounds.filter((b) => Number.isFinite(b)))].sort((a, b) => a - b);
  const hasInf = bounds.some((b) => b === Infinity);
  const highest = finite[finite.length - 1];
  const overflow: QuantilePrecision = highest === undefined ? PRECISE : Object.freeze({ kind: 'overflow', low: highest });
  const perBucket = finite.map((high, i): QuantilePrecision => {
    const low = i === 0 ? 0 : finite[i - 1]!;
    // A bucket with le ≤ 0 (SGLang's le="0.0") holds exact zeros: the value is what it says.
    if (high <= 0) return PRECISE;
    if (low <= 0) return Object.freeze({ kind: 'first', low: 0, high });
    if (high > WIDE_BUCKET_FACTOR * low) return Object.freeze({ kind: 'wide', low, high });
    return PRECISE;
  });
  const classify: Classify = (value) => {
    if (!Number.isFinite(value) || highest === undefined) return PRECISE;
    // histogram_quantile answers exactly the highest finite bound when the rank is in +Inf.
    if (hasInf && (value > highest || close(value, highest))) return overflow;
    for (let i = 0; i < finite.length; i++) {
      const high = finite[i]!;
      if (value < high || close(value, high)) return perBucket[i]!;
    }
    return PRECISE;
  };
  classifiers.set(bounds, classify);
  return classify;
}

/**
 * Classifies `value` (a histogram_quantile answer) against the histogram's bounds (numbers, any
 * order, +Inf allowed). Worked example, vLLM queue time bounds [0.3, 0.5, 0.8, …, 7680, +Inf]:
 * 0.15 → first (0, 0.3]; 7680 → overflow ≥ 7680; bounds [1, 8, 16]: 5 → wide (1, 8].
 */
export function classifyQuantile(value: number, bounds: readonly number[]): QuantilePrecision {
  return quantileClassifier(bounds)(value);
}
