// Figures for hostile backend answers: work that used to grow quadratically with an input the
// backend controls, measured on the inputs of the security review. `npx tsx scripts/bench/hostile.ts`
// prints them alone; `npm run bench` prints them with the build figures.
import { catalogs } from '../../src/catalog/index.ts';
import { resolveMetrics } from '../../src/catalog/resolve.ts';
import { matrixToSeries, type MatrixSample } from '../../src/charts/timeseries/matrix.ts';
import { summarizeBody } from '../../src/prometheus/errors.ts';
import { knob } from './options.ts';
import { measured } from './figures.ts';
import { emit, runAsScript, type Figure } from './stats.ts';

function time(runs: number, f: () => void): number[] {
  const times: number[] = [];
  for (let r = -3; r < runs; r++) {
    const t0 = performance.now();
    f();
    const ms = performance.now() - t0;
    if (r >= 0) times.push(ms);
  }
  return times;
}

export function titleBombFigure(runs = 20): Figure {
  const bomb = `<${'<title'.repeat(Math.ceil(1_048_576 / 6))}`;
  return measured('summarize-body-title-bomb-1mb', time(runs, () => summarizeBody(bomb)), { dataset: 'build' }, { chars: bomb.length, runs });
}

export function millionSeriesFigure(runs = 5): Figure {
  const t = Float64Array.of(0);
  const v = Float64Array.of(1);
  const m: MatrixSample[] = Array.from({ length: 1_000_000 }, (_v, i) => ({ metric: { __name__: 'up', instance: `host-${i}:8000`, job: 'vllm' }, t, v }));
  const grid = { start: 0, end: 3600, step: 15, legend: '{{instance}}', idPrefix: 'q1' };
  return measured('matrix-shape-1m-series', time(runs, () => matrixToSeries(m, grid)), { dataset: 'build' }, { runs });
}

export function longNamesFigure(runs = 10, length = knob('BENCH_LONG_NAME')): Figure {
  // A name the catalog does not hold, so resolution builds the suffix index.
  const names = new Set([...Array.from({ length: 10 }, (_v, i) => `m${i}${'_'.repeat(length)}`), 'acme_vllm:num_requests_running']);
  return measured('resolve-ten-long-names', time(runs, () => resolveMetrics(catalogs.vllm.metrics, names)), { dataset: 'build' }, { length, runs });
}

export function hostileFigures(): Figure[] {
  return [titleBombFigure(), millionSeriesFigure(), longNamesFigure()];
}

runAsScript(import.meta.url, () => {
  for (const f of hostileFigures()) emit(f);
  return Promise.resolve();
});
