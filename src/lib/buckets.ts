// Classic-histogram bucket bounds (`le`) as numbers. Prometheus ≤ 2.x keeps the exposition's
// spelling ("1.0", "0.005", "+Inf"); Prometheus 3 normalises on ingestion ("1.0" → "1"); remote
// pipelines write either. Compare bounds numerically, and when a bound must go back into PromQL,
// use the spelling the backend itself reported (`BucketBound.raw`).

export interface BucketBound {
  /** The bound as a number; +Inf for the `+Inf` bucket. */
  value: number;
  /** The label value exactly as the backend stores it, for `le="…"` matchers. */
  raw: string;
}

/** `"1.0"`, `"1"`, `"1e-3"`, `"+Inf"`, `"Inf"` → number; null for anything else. */
export function parseLe(raw: string): number | null {
  const s = raw.trim();
  if (/^\+?inf$/i.test(s)) return Infinity;
  if (s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/**
 * Label values of `le` → sorted, de-duplicated bounds. When two spellings of one bound are present
 * ("1.0" and "1", e.g. across a Prometheus upgrade), the first seen is kept as `raw`; use
 * `leMatcher` to match every spelling.
 */
export function parseBounds(values: readonly string[]): BucketBound[] {
  const byValue = new Map<number, BucketBound>();
  for (const raw of values) {
    const value = parseLe(raw);
    if (value === null || value < 0 || byValue.has(value)) continue;
    byValue.set(value, { value, raw });
  }
  return [...byValue.values()].sort((a, b) => a.value - b.value);
}

/** Every spelling of `value` among the backend's label values, as a PromQL regex matcher body. */
export function leMatcher(value: number, values: readonly string[]): string {
  const spellings = [...new Set(values.filter((v) => parseLe(v) === value))];
  return spellings.map((s) => s.replace(/[.+*?^$()[\]{}|\\]/g, '\\$&')).join('|');
}

export type ThresholdPosition =
  | { kind: 'exact'; bound: BucketBound }
  | { kind: 'between'; lower: BucketBound | null; upper: BucketBound }
  | { kind: 'above'; highest: BucketBound }
  | { kind: 'none' };

/**
 * Where a threshold falls among finite bounds. Worked example, bounds [0.1, 0.5, 1, +Inf]:
 * 0.5 → exact 0.5; 0.3 → between 0.1 and 0.5; 0.05 → between null (0) and 0.1; 2 → above 1.
 */
export function locateThreshold(threshold: number, bounds: readonly BucketBound[]): ThresholdPosition {
  const finite = bounds.filter((b) => Number.isFinite(b.value));
  if (finite.length === 0) return { kind: 'none' };
  let lower: BucketBound | null = null;
  for (const b of finite) {
    if (Math.abs(b.value - threshold) <= 1e-12 * Math.max(1, Math.abs(threshold))) return { kind: 'exact', bound: b };
    if (b.value > threshold) return { kind: 'between', lower, upper: b };
    lower = b;
  }
  return { kind: 'above', highest: finite[finite.length - 1]! };
}
