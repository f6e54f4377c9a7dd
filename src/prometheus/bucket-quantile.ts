// Quantiles from bucket rates, computed where the answer is decoded (the data worker): a panel's
// p50, p95 and p99 lines ask Prometheus for the same `sum by (le, …) (rate(…_bucket[…]))` three
// times, each wrapped in its own `histogram_quantile`. The client sends that inner expression once
// and computes each quantile here with Prometheus's own rules (promql/quantile.go, `BucketQuantile`),
// so the server evaluates the rates once instead of three times. The page, its cache and its PromQL
// menu still know the three `histogram_quantile` expressions; only the wire differs.
// docs/architecture.md, "Quantiles from one bucket request".
import { parseSampleValue } from './sample-value';
import type { ColumnarMatrix } from './columnar';
import type { ColumnarSeries, Labels, MatrixSeries } from './types';

export interface BucketQuantileQuery {
  /** φ, 0 ≤ φ ≤ 1. */
  readonly q: number;
  /** The bucket expression inside `histogram_quantile(φ, …)`, as written. */
  readonly inner: string;
}

/**
 * Labels that name one scrape target (or a GPU, a rank): grouping by one of them multiplies the
 * bucket series by the fleet's size, so such a quantile is left to the server (it returns one
 * series per group, the buckets would return ~20).
 */
const PER_TARGET_LABELS = new Set(['instance', 'pod', 'pod_name', 'kubernetes_pod_name', 'node', 'hostname', 'Hostname', 'gpu', 'UUID', 'rank', 'dp_rank', 'tp_rank', 'pp_rank', 'worker', 'container_id', 'engine_id']);

/**
 * `histogram_quantile(<number>, sum by (<labels>) (<expr>))` as the whole expression, with `le`
 * among the labels and none of them per-target: its φ and inner expression; anything else null.
 * String literals are skipped when matching parentheses (a label value may hold `)` or `,`).
 *
 * @example parseBucketQuantile('histogram_quantile(0.95, sum by (le, model_name) (rate(x_bucket[1m])))')
 * // → { q: 0.95, inner: 'sum by (le, model_name) (rate(x_bucket[1m]))' }
 */
export function parseBucketQuantile(expr: string): BucketQuantileQuery | null {
  // Every window change asks the same expressions again: read each once.
  const known = parsed.get(expr);
  if (known !== undefined) return known;
  const q = parseUncached(expr);
  if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
  parsed.set(expr, q);
  return q;
}

const PARSED_MAX = 512;
const parsed = new Map<string, BucketQuantileQuery | null>();

function parseUncached(expr: string): BucketQuantileQuery | null {
  const head = /^\s*histogram_quantile\s*\(\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*,/.exec(expr);
  if (!head) return null;
  const q = Number(head[1]);
  if (!(q >= 0 && q <= 1)) return null;
  const open = expr.indexOf('(');
  const close = matchingParen(expr, open);
  if (close < 0 || expr.slice(close + 1).trim() !== '') return null;
  const inner = expr.slice(head[0].length, close).trim();
  const sum = /^sum\s+by\s*\(([^()"'`]*)\)\s*\(/.exec(inner);
  if (!sum) return null;
  const labels = (sum[1] ?? '').split(',').map((l) => l.trim()).filter((l) => l !== '');
  if (!labels.includes('le') || labels.some((l) => PER_TARGET_LABELS.has(l))) return null;
  // The aggregation's own parentheses close at the end of the inner expression: `sum by (le) (a) + b` is not one.
  const body = inner.indexOf('(', sum[0].length - 1);
  if (matchingParen(inner, body) !== inner.length - 1) return null;
  return { q, inner };
}

/** Index of the `)` closing the `(` at `open`, skipping string literals; -1 when unbalanced. */
function matchingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i += 1) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') {
      // Go string literals: backslash escapes in "…" and '…', none in `…`.
      for (i += 1; i < s.length && s[i] !== c; i += 1) if (s[i] === '\\' && c !== '`') i += 1;
      continue;
    }
    if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A bucket's `le` as Go's strconv.ParseFloat reads it; null where Prometheus skips the series. */
function upperBound(le: string | undefined): number | null {
  if (le === undefined || le.trim() === '') return null;
  const v = parseSampleValue(le);
  if (!Number.isNaN(v)) return v;
  return /^[+-]?nan$/i.test(le) ? Number.NaN : null;
}

/** Relative tolerance under which two cumulative counts are the same (float noise of `sum(rate)`). */
const SMALL_DELTA_TOLERANCE = 1e-12;

/** The smallest positive normal float64 (Go's `minNormal` in util/almost). */
const MIN_NORMAL = 2.2250738585072014e-308;

/** Prometheus's `almost.Equal` (util/almost): relative, with NaN equal to NaN. */
function almostEqual(a: number, b: number, epsilon: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  const absSum = Math.abs(a) + Math.abs(b);
  const diff = Math.abs(a - b);
  if (a === 0 || b === 0 || absSum < MIN_NORMAL) return diff < epsilon * MIN_NORMAL;
  return diff / Math.min(absSum, Number.MAX_VALUE) < epsilon;
}

/**
 * φ-quantile of one group's buckets at one instant, as Prometheus computes it: sorted by upper
 * bound, equal bounds merged (`1.0` and `1`), small float deltas ignored and decreases removed, NaN
 * without a `+Inf` bucket, with fewer than two buckets or no observations; the upper bound of the
 * last finite bucket when the rank falls in `+Inf`; else linear interpolation in the bucket (from 0
 * for the first one). `bounds` and `counts` are reordered in place.
 */
export function bucketQuantile(q: number, bounds: number[], counts: number[]): number {
  if (Number.isNaN(q)) return Number.NaN;
  if (q < 0) return Number.NEGATIVE_INFINITY;
  if (q > 1) return Number.POSITIVE_INFINITY;
  const n0 = bounds.length;
  if (n0 === 0) return Number.NaN;
  // Insertion sort on the bounds (a group has ~10–40 buckets, mostly in order already).
  for (let i = 1; i < n0; i += 1) {
    const b = bounds[i] as number;
    const c = counts[i] as number;
    let j = i - 1;
    while (j >= 0 && (bounds[j] as number) > b) {
      bounds[j + 1] = bounds[j] as number;
      counts[j + 1] = counts[j] as number;
      j -= 1;
    }
    bounds[j + 1] = b;
    counts[j + 1] = c;
  }
  if (bounds[n0 - 1] !== Number.POSITIVE_INFINITY) return Number.NaN;
  // Merge equal bounds.
  let n = 0;
  for (let i = 0; i < n0; i += 1) {
    if (n > 0 && bounds[n - 1] === bounds[i]) counts[n - 1] = (counts[n - 1] as number) + (counts[i] as number);
    else {
      bounds[n] = bounds[i] as number;
      counts[n] = counts[i] as number;
      n += 1;
    }
  }
  // Monotonic counts: float noise ignored, decreases removed (`prev` not moved by either).
  let prev = counts[0] as number;
  for (let i = 1; i < n; i += 1) {
    const curr = counts[i] as number;
    if (curr === prev) continue;
    if (almostEqual(prev, curr, SMALL_DELTA_TOLERANCE) || curr < prev) {
      counts[i] = prev;
      continue;
    }
    prev = curr;
  }
  if (n < 2) return Number.NaN;
  const observations = counts[n - 1] as number;
  if (observations === 0) return Number.NaN;
  let rank = q * observations;
  // The first bucket, of the first n - 1, whose count reaches the rank (Go's sort.Search).
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((counts[mid] as number) >= rank) hi = mid;
    else lo = mid + 1;
  }
  const b = lo;
  if (b === n - 1) return bounds[n - 2] as number;
  if (b === 0 && (bounds[0] as number) <= 0) return bounds[0] as number;
  let start = 0;
  const end = bounds[b] as number;
  let count = counts[b] as number;
  if (b > 0) {
    start = bounds[b - 1] as number;
    count -= counts[b - 1] as number;
    rank -= counts[b - 1] as number;
  }
  return start + (end - start) * (rank / count);
}

/** The labels of a quantile's output series: the bucket series' without `le` and the metric name. */
function groupLabels(metric: Labels): Labels {
  const out: Labels = {};
  for (const k of Object.keys(metric).sort()) if (k !== 'le' && k !== '__name__') out[k] = metric[k] as string;
  return out;
}

/** Prometheus's order of a range answer's series: label sets compared name by name, then value. */
function compareLabels(a: Labels, b: Labels): number {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  for (let i = 0; i < Math.min(ka.length, kb.length); i += 1) {
    const na = ka[i] as string;
    const nb = kb[i] as string;
    if (na !== nb) return na < nb ? -1 : 1;
    const va = a[na] as string;
    const vb = b[nb] as string;
    if (va !== vb) return va < vb ? -1 : 1;
  }
  return ka.length - kb.length;
}

interface Group {
  metric: Labels;
  /** Per instant (key: its time), the bounds and counts of the buckets with a sample then. */
  at: Map<number, { bounds: number[]; counts: number[] }>;
}

/**
 * `histogram_quantile(q, <inner>)` over a range answer of `<inner>`, as typed arrays: one series per
 * group of bucket series (their labels but `le`), a sample at each instant where one of its buckets
 * has one. Series without a parsable `le` are skipped, as Prometheus does.
 */
export function quantileOverRange(q: number, buckets: readonly MatrixSeries[]): ColumnarMatrix {
  const groups = new Map<string, Group>();
  for (const s of buckets) {
    const bound = upperBound(s.metric.le);
    if (bound === null) continue;
    const metric = groupLabels(s.metric);
    const key = JSON.stringify(metric);
    let g = groups.get(key);
    if (g === undefined) {
      g = { metric, at: new Map() };
      groups.set(key, g);
    }
    const pairs = s.values as unknown[];
    for (let j = 0; j < pairs.length; j += 1) {
      const pair = pairs[j];
      if (!Array.isArray(pair) || typeof pair[0] !== 'number') continue;
      let slot = g.at.get(pair[0]);
      if (slot === undefined) {
        slot = { bounds: [], counts: [] };
        g.at.set(pair[0], slot);
      }
      slot.bounds.push(bound);
      slot.counts.push(parseSampleValue(pair[1]));
    }
  }
  const ordered = [...groups.values()].filter((g) => g.at.size > 0).sort((a, b) => compareLabels(a.metric, b.metric));
  let total = 0;
  for (const g of ordered) total += g.at.size;
  const times = new Float64Array(total);
  const values = new Float64Array(total);
  const result: ColumnarSeries[] = [];
  let at = 0;
  for (const g of ordered) {
    const from = at;
    for (const t of [...g.at.keys()].sort((a, b) => a - b)) {
      const slot = g.at.get(t) as { bounds: number[]; counts: number[] };
      times[at] = t;
      values[at] = bucketQuantile(q, slot.bounds, slot.counts);
      at += 1;
    }
    result.push({ metric: g.metric, t: times.subarray(from, at), v: values.subarray(from, at) });
  }
  return { result, buffers: [times.buffer, values.buffer], seriesTotal: result.length };
}
