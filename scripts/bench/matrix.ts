// Shaping speed of a runaway answer: 10,000 series (a query without aggregation on a large fleet)
// through matrixToSeries, which keeps the first 50 by name and builds points only for those. Was a
// timed assertion in src/charts/timeseries/matrix.test.ts (< 1000 ms); a speed is a figure, not a test.
import { matrixToSeries, type MatrixSample } from '../../src/charts/timeseries/matrix.ts';
import { measured } from './figures.ts';
import type { Figure } from './stats.ts';

export function matrixCapFigure(runs = 20): Figure {
  const grid = { start: 0, end: 3600, step: 15, legend: '{{pod}}', idPrefix: 'q1' };
  const m: MatrixSample[] = Array.from({ length: 10_000 }, (_v, i) => ({
    metric: { pod: `pod-${String(i).padStart(5, '0')}`, namespace: 'inference', job: 'vllm' },
    t: Float64Array.from({ length: 241 }, (_w, k) => k * 15),
    v: Float64Array.from({ length: 241 }, (_w, k) => i + k),
  }));
  const times: number[] = [];
  for (let r = -3; r < runs; r++) {
    const t0 = performance.now();
    const { series } = matrixToSeries(m, grid);
    const ms = performance.now() - t0;
    if (series.length !== 50) throw new Error('matrixToSeries did not cap at 50');
    if (r >= 0) times.push(ms);
  }
  return measured('matrix-cap-10k-series', times, { dataset: 'build' }, { runs });
}
