// A range answer's samples as typed arrays: two Float64Arrays for the whole answer (times, values),
// each series a pair of views on them. Built where the JSON is parsed (the data worker), they cross
// to the main thread by transfer, without a copy, and the main thread never holds a per-sample
// array or string. Memory is 16 bytes per sample the backend sent, whatever the step grid: a dense
// per-series grid would cost series × points even for series with one sample each (a hostile or
// runaway answer of a million series).
import { parseSampleValue } from './sample-value';
import type { ColumnarSeries, MatrixSeries } from './types';

export interface ColumnarMatrix {
  result: ColumnarSeries[];
  /** The buffers under every view, to transfer (each once). */
  buffers: ArrayBuffer[];
  /** Series the backend sent; more than `result.length` when the answer went past the budget. */
  seriesTotal: number;
}

/**
 * What the page takes from one range answer: the first series in the backend's order (Prometheus
 * sorts by label set) until either bound is reached. The byte cap (64 MB) alone let one answer of
 * 25,000 series × 100 points through, which froze the main thread for 4.4 s shaping and collecting
 * it although no panel draws more than 50 lines. 10,000 series is what the legend shapes
 * (MAX_SHAPED_SERIES in charts); 500,000 samples are ~8 MB of typed arrays, a few hundred ms of
 * main-thread work at worst (docs/performance.md, "hostile answers").
 */
export const ANSWER_BUDGET = { series: 10_000, samples: 500_000 } as const;

/**
 * Decodes a validated matrix (series-level checks done by `decodeMatrix`) into typed arrays.
 * A sample that is not a `[number, value]` pair is dropped.
 *
 * @example
 * toColumnar([{ metric: { job: 'a' }, values: [[10, '1'], [25, '+Inf']] }]).result[0]
 * // → { metric: { job: 'a' }, t: Float64Array [10, 25], v: Float64Array [1, Infinity] }
 */
export function toColumnar(series: readonly MatrixSeries[], budget: { series: number; samples: number } = ANSWER_BUDGET): ColumnarMatrix {
  let total = 0;
  let keep = 0;
  for (; keep < series.length && keep < budget.series; keep += 1) {
    const n = (series[keep] as MatrixSeries).values.length;
    if (total + n > budget.samples && keep > 0) break;
    total += n;
  }
  const seriesTotal = series.length;
  series = keep < series.length ? series.slice(0, keep) : series;
  const times = new Float64Array(total);
  const values = new Float64Array(total);
  const result = new Array<ColumnarSeries>(series.length);
  let at = 0;
  for (let s = 0; s < series.length; s += 1) {
    const one = series[s] as MatrixSeries;
    const from = at;
    const pairs = one.values as unknown[];
    for (let j = 0; j < pairs.length; j += 1) {
      const pair = pairs[j];
      if (!Array.isArray(pair) || typeof pair[0] !== 'number') continue;
      times[at] = pair[0];
      values[at] = parseSampleValue(pair[1]);
      at += 1;
    }
    result[s] = { metric: one.metric, t: times.subarray(from, at), v: values.subarray(from, at) };
  }
  return { result, buffers: [times.buffer, values.buffer], seriesTotal };
}
