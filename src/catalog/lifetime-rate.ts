// Rates over the range that do not make a young replica look idle. `rate(x[$__range])` divides a
// series' increase by the whole range, so a replica one minute old in a 30-minute range reads about
// 30× below what it serves. These divide each series' increase by the part of the range its
// instance has existed: from the instance's first sample of the metric in the range (found with a
// subquery) to the range's end, at most the range. docs/architecture.md, "Range rates".
//
// - An instance older than the range gets exactly `rate(x[$__range])`.
// - One that stopped reporting inside the range is averaged from its first sample to the range's
//   end: its silent tail counts, so a dead replica does not keep its busy rate.
// - The lifetime is the instance's (the earliest series of the metric on it), not each series':
//   a labelled series created at its first event (the first abort) is not averaged over seconds.
// - `increase` extrapolates up to half a scrape interval past the first sample, so a replica a
//   minute old reads a few per cent high at 5 s scrapes; it fades as the replica ages.
// `cluster` keeps two clusters' equal `instance` values apart under a topology; absent, it is ''.

const INSTANCE = 'cluster, job, instance';

/**
 * Seconds each instance has existed inside the range, by `cluster, job, instance`: from its
 * earliest sample of `sel` (or up to 5 min before the range's start) to the range's end, capped at
 * the range and at least one second.
 *
 * The start is the first step of the subquery at which the instance has a sample (any series of
 * `sel` on it, within the lookback): `timestamp` of an aggregation is the step's own time. That
 * places the first sample at most one subquery step late (range/240: 17 s for an hour), where
 * `min_over_time(timestamp(x)[…])` (the sample's own time, this before) was exact to a scrape but
 * cost 10–15× more: Prometheus evaluates `timestamp` of a bare selector step by step, each step
 * reading every series again from the subquery's start (3–19 s on the 250-instance fleet against
 * 0.3 s; docs/performance.md, "Lifetime rates"). An instance older than the range gets exactly the
 * range either way.
 */
export const lifetimeSeconds = (sel: string): string =>
  `clamp_min(clamp_max(time() - min_over_time(timestamp(group by (${INSTANCE}) (${sel}))[$__lifetime_window]), $__range_seconds), 1)`;

/** Per-series rate of `sel` over its instance's lifetime inside the range (`life`: the same metric without a narrowing matcher). */
export const lifetimeRate = (sel: string, life: string = sel): string =>
  `increase(${sel}[$__range]) / on (${INSTANCE}) group_left () ${lifetimeSeconds(life)}`;

/** `sum by ($__by)` of the per-series lifetime rates. */
export const sumLifetimeRate = (sel: string, life: string = sel): string => `sum by ($__by) (${lifetimeRate(sel, life)})`;
