// Test support: range answers written as on the wire (`values: [[t, "v"]]`), turned into the
// columnar series the client returns, by the client's own decoder.
import { toColumnar } from '../src/prometheus/columnar';
import type { ColumnarSeries, MatrixSeries } from '../src/prometheus/types';

export function cols(wire: ReadonlyArray<{ metric: Record<string, string>; values: ReadonlyArray<readonly [number, string]> }>): ColumnarSeries[] {
  return toColumnar(wire as MatrixSeries[]).result;
}

/** One series. */
export function col(metric: Record<string, string>, values: ReadonlyArray<readonly [number, string]>): ColumnarSeries {
  return cols([{ metric, values }])[0] as ColumnarSeries;
}
