// Capacity and headroom per model (docs/verdicts.md has the model and a worked example).
//
// Below saturation, Little's law makes the KV tokens in use ≈ arrival rate × tokens held per
// request × time held, so at a constant request mix the mean KV usage grows in proportion to the
// request rate. The rate at which queueing is expected to start is the observed rate scaled until
// the mean usage reaches KV_FULL (vLLM's scheduler stops admitting near there, SGLang retracts):
//   saturation rate = rate × KV_FULL ÷ mean usage, headroom = KV_FULL ÷ mean usage − 1.
// The same with the peak usage of the range is the pessimistic end (bursts reach it first): the
// estimate is given as that range. It ignores that time held grows with the batch (steps slow down
// as batches grow), so it is an upper bound when compute, not KV, saturates first. On an uneven
// pool (one instance's mean usage well above the model's) it counts from the busiest instance: at
// the same split, that one saturates first. When a verdict says the model already queues, there is
// no headroom whatever the estimate (`limitedBy`, set by fold.ts). Pure.
import type { InstanceFigures, ModelFigures } from './inputs';
import { requestRate, type VerdictId } from './verdicts';

export const KV_FULL = 0.9;

/** The busiest instance's mean usage at least this many times the model's: the pool is uneven. */
export const UNEVEN = 1.25;

export interface InstanceHeadroom {
  instance: string;
  capacityTokens: number | null;
  /** capacity × (1 − usage at the end of the range). */
  freeTokens: number | null;
  usageNow: number | null;
}

export interface Headroom {
  rate: number;
  kvMean: number;
  kvMax: number;
  /** Request rate at which mean KV usage reaches KV_FULL. */
  saturationRate: number;
  /** Extra share of the rate before that (0.4 = 40 % more); the mean-usage estimate (the busiest instance's on an uneven pool). */
  headroom: number;
  /** The same from the peak usage (the pessimistic end); negative when peaks already pass KV_FULL. */
  peakHeadroom: number;
  instances: InstanceHeadroom[];
  /** An uneven pool: the instance the estimate counts from and its mean usage over the range. */
  busiest: { instance: string; kvMean: number } | null;
  /** A verdict on the model that says it already queues (capacity, imbalance, outlier, decode): no headroom. */
  limitedBy: VerdictId | null;
}

export function headroom(f: ModelFigures, instances: readonly InstanceFigures[]): Headroom | null {
  const rate = requestRate(f);
  const kvMean = f.kv_mean;
  const kvMax = f.kv_max;
  const list = instances.map((i): InstanceHeadroom => {
    const usage = i.values.kv_now ?? null;
    const cap = i.kvCapacityTokens;
    return { instance: i.instance, capacityTokens: cap, usageNow: usage, freeTokens: cap !== null && usage !== null ? cap * Math.max(0, 1 - usage) : null };
  });
  if (rate === null || rate <= 0 || kvMean === undefined || kvMax === undefined || kvMean <= 0) return null;
  let busiest: Headroom['busiest'] = null;
  for (const i of instances) {
    const m = i.values.kv_mean;
    if (m !== undefined && m >= UNEVEN * kvMean && (busiest === null || m > busiest.kvMean)) busiest = { instance: i.instance, kvMean: m };
  }
  const base = busiest?.kvMean ?? kvMean;
  return {
    rate,
    kvMean,
    kvMax,
    saturationRate: (rate * KV_FULL) / base,
    headroom: KV_FULL / base - 1,
    peakHeadroom: kvMax > 0 ? KV_FULL / kvMax - 1 : KV_FULL / base - 1,
    instances: list,
    busiest,
    limitedBy: null,
  };
}
