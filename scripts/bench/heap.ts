// The heap-plateau figures of the long refresh run (issue 15: heap growth from tick 300 to tick
// 1000 within 2 %). A single heap sample after GC moves by up to ±1 MB (±5 %) with what the query
// cache holds at that instant: the answers of the current window plus those of the windows it left
// in the last 60 s (gcTime), 3 to 5 windows of ~1 MB each depending on where the gc timers stand
// against the tick. Comparing two single samples therefore measures that phase more than growth
// (docs/performance-history.md, "Heap plateau, session 4"). The run samples every few ticks and reads:
// - `growthPct`: the old figure, one sample at the base tick vs one at the last tick;
// - `windowMedianGrowthPct`: the median of the samples in the first `window` ticks from the base
//   vs the median of those in the last `window` ticks (each median over ~10 samples, which spans
//   3 to 4 cycles of the query cache);
// - `trendPct`: the least-squares line through every sample from the base tick on, its rise from
//   the base tick to the last tick as a percentage of its value at the base tick.

export interface HeapSample {
  tick: number;
  bytes: number;
}

export interface HeapFigures {
  /** Last sample at or before `baseTick` vs the last sample (the old single-sample figure). */
  growthPct: number;
  windowMedianGrowthPct: number;
  trendPct: number;
  /** Median bytes of the samples in [baseTick, baseTick + window) and (last - window, last]. */
  baseMedian: number;
  endMedian: number;
  /** Samples that went into the medians (each side) and the trend. */
  windowSamples: [number, number];
  trendSamples: number;
}

const pct = (a: number, b: number): number => Math.round(((b - a) / a) * 1000) / 10;

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

/** Slope and intercept of the least-squares line through (tick, bytes). */
function fit(samples: readonly HeapSample[]): { slope: number; at: (tick: number) => number } {
  const n = samples.length;
  const mx = samples.reduce((a, s) => a + s.tick, 0) / n;
  const my = samples.reduce((a, s) => a + s.bytes, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const s of samples) {
    sxy += (s.tick - mx) * (s.bytes - my);
    sxx += (s.tick - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, at: (tick) => my + slope * (tick - mx) };
}

export function heapFigures(samples: readonly HeapSample[], baseTick: number, window = 50): HeapFigures {
  const sorted = [...samples].sort((a, b) => a.tick - b.tick);
  const last = sorted[sorted.length - 1];
  const base = [...sorted].reverse().find((s) => s.tick <= baseTick) ?? sorted[0];
  if (!last || !base) throw new Error('heapFigures: no samples');
  const from = sorted.filter((s) => s.tick >= baseTick);
  const head = from.filter((s) => s.tick < baseTick + window);
  const tail = from.filter((s) => s.tick > last.tick - window);
  const baseMedian = medianOf(head.map((s) => s.bytes));
  const endMedian = medianOf(tail.map((s) => s.bytes));
  const line = fit(from);
  return {
    growthPct: pct(base.bytes, last.bytes),
    windowMedianGrowthPct: pct(baseMedian, endMedian),
    trendPct: pct(line.at(baseTick), line.at(last.tick)),
    baseMedian,
    endMedian,
    windowSamples: [head.length, tail.length],
    trendSamples: from.length,
  };
}
