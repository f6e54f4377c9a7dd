// The PromQL behind "what left the fleet": instances seen in the range that are not reporting at
// its end, with when each last reported. Pure. The tiles aggregate whatever reports, so when
// replicas die their load and their (often bad) latency leave the figures: the board says so
// instead of looking healthier than before.

const INST = 'cluster, job, instance';

/** Instances (by `cluster, job, instance`) with a sample of the presence metric in the range. */
export const seenExpr = (ref: string): string => `count(group by (${INST}) (last_over_time(${ref}[$__range])))`;

/**
 * Per instance seen in the range but not reporting at its end: when it last reported, as the first
 * step of a subquery over the range plus 5 min (`$__lifetime_window`, ~240 steps) at or after its
 * last sample, so up to one step (range/240) late. At each step `last_over_time(x[step])` holds the
 * instances with a sample within that step, and `timestamp` of the aggregation is the step's time.
 * Not `max_over_time(timestamp(x)[…])`: `timestamp` of a bare selector returns each sample's own
 * time (exact), but Prometheus then re-reads every series from the subquery's start at every step
 * (3.8–4.8 s on the 250-instance fleet; src/catalog/lifetime-rate.ts has the same change).
 */
export const goneExpr = (ref: string): string =>
  `max by (${INST}) (max_over_time(timestamp(group by (${INST}) (last_over_time(${ref}[$__lifetime_step])))[$__lifetime_window]))` +
  ` and on (${INST}) group by (${INST}) (last_over_time(${ref}[$__range]))` +
  ` unless on (${INST}) group by (${INST}) (${ref})`;

export interface CapacityLeft {
  seen: number;
  gone: number;
  /** Unix seconds of the latest last sample among the instances gone. */
  lastSeenSec: number;
}

/** Nothing to say unless an instance seen in the range is gone at its end. */
export function capacityLeft(seen: number | null, lastSeen: readonly number[]): CapacityLeft | null {
  const ts = lastSeen.filter((t) => Number.isFinite(t));
  if (seen === null || !Number.isFinite(seen) || ts.length === 0) return null;
  return { seen: Math.max(seen, ts.length), gone: ts.length, lastSeenSec: Math.max(...ts) };
}
