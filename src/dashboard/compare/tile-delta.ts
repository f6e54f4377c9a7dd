// A stat tile's change against the earlier window (compare=1h…), range against range: the mean of
// the tile's points over each window, so one quiet instant ("Aborts −100 %") does not decide it.
// Ratios change in percentage points (+9.6 pp, not "+33 %"); counts (instances) get no change;
// the change is coloured by the metric's bad direction, read from its thresholds. Pure.
import type { Threshold, Unit } from '../../catalog/types';

export type TileDelta =
  | { kind: 'relative'; value: number }
  /** Percentage points: `value` is the difference of two 0–1 shares (0.096 = +9.6 pp). */
  | { kind: 'points'; value: number }
  /** The earlier window has no data. */
  | { kind: 'no-data' };

/** Mean of the non-null values, or null when there are none. */
export function meanOfPoints(points: ReadonlyArray<readonly [number, number | null]>): number | null {
  let sum = 0;
  let n = 0;
  for (const [, v] of points) {
    if (v === null || !Number.isFinite(v)) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}

/** The change to show, or null for none (a count; the current window has no value; 0 before, non-zero now). */
export function tileDelta(unit: Unit, now: number | null, before: number | null): TileDelta | null {
  if (unit === 'count' || now === null) return null;
  if (before === null) return { kind: 'no-data' };
  if (unit === 'ratio') return { kind: 'points', value: now - before };
  if (before === 0) return now === 0 ? { kind: 'relative', value: 0 } : null;
  return { kind: 'relative', value: (now - before) / Math.abs(before) };
}

/** Which way is bad, from the thresholds: red/amber above green → 'higher'; below → 'lower'; none → null. */
export function badDirection(thresholds: readonly Threshold[] | undefined): 'higher' | 'lower' | null {
  if (!thresholds || thresholds.length < 2) return null;
  const sorted = [...thresholds].sort((a, b) => a.value - b.value);
  const first = sorted[0]!.color;
  const last = sorted[sorted.length - 1]!.color;
  if (first === 'green' && last !== 'green') return 'higher';
  if (last === 'green' && first !== 'green') return 'lower';
  return null;
}

/** 'bad' when the change goes the bad way, 'good' the other way, null when it is 0 or has no direction. */
export function deltaTone(d: TileDelta | null, worse: 'higher' | 'lower' | null): 'bad' | 'good' | null {
  if (!d || d.kind === 'no-data' || d.value === 0 || worse === null) return null;
  return (d.value > 0) === (worse === 'higher') ? 'bad' : 'good';
}

/** "+9.6 pp" (one decimal below 10 pp). */
export function formatPoints(value: number, locale: string): string {
  const pp = value * 100;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: Math.abs(pp) < 10 ? 1 : 0, signDisplay: 'exceptZero' }).format(pp)} pp`;
}
