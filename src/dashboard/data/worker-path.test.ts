// Moving the data path into a worker must not change a single number: recorded answers
// of the demo's real Prometheus, and hand-made edge cases, go through the old path (the wire JSON
// shaped by the pre-worker matrixToSeries, kept below as the reference) and the new one (the job the
// worker runs, its answer cloned across the worker boundary with its buffers transferred, then
// today's matrixToSeries). The chart series must be equal, point for point.
import { describe, expect, it } from 'vitest';
import { matrixToSeries, type MatrixToSeriesOptions } from '../../charts';
import type { ChartSeries } from '../../charts';
import { asRangeAnswer } from './instant-series';
import genRate from '../../prometheus/__fixtures__/demo-gen-rate.json';
import kvUsage from '../../prometheus/__fixtures__/demo-kv-usage.json';
import sglangQueue from '../../prometheus/__fixtures__/demo-sglang-queue.json';
import ttftBuckets from '../../prometheus/__fixtures__/demo-ttft-buckets.json';
import ttftP95 from '../../prometheus/__fixtures__/demo-ttft-p95.json';
import { reply } from '../../prometheus/__fixtures__/fake-fetch';
import type { MatrixSeries, QueryResult } from '../../prometheus';
import { runJob, type JobAnswer, type QueryJob } from '../../prometheus/worker/job';

interface Recorded {
  request: { params: { query: string; start: number; end: number; step: number } };
  body: string;
}

/** matrixToSeries as it was before the worker, on the wire form (the reference). */
function oldMatrixToSeries(matrix: readonly MatrixSeries[], opts: MatrixToSeriesOptions): ChartSeries[] {
  const { start, end, step } = opts;
  const count = Math.floor((end - start) / step + 1e-9) + 1;
  const grid = Array.from({ length: count }, (_v, i) => Math.round((start + i * step) * 1000));
  // Names, order and ids come from the same code in both paths; only the points are rebuilt here.
  const shaped = matrixToSeries(
    matrix.map((s) => ({ metric: s.metric, t: [], v: [] })),
    opts,
  ).series;
  return shaped.map((s) => {
    const sample = matrix.find((m) => JSON.stringify(m.metric) === JSON.stringify(s.labels))!;
    const points = grid.map((t): [number, number | null] => [t, null]);
    for (const [ts, raw] of sample.values) {
      const i = Math.round((ts - start) / step);
      const v = Number(raw);
      if (i >= 0 && i < count) (points[i] as [number, number | null])[1] = Number.isFinite(v) ? v : null;
    }
    return { ...s, points };
  });
}

/** What the page receives: the job's answer, structured-cloned with its buffers transferred. */
async function throughWorkerPath(body: string, params: Recorded['request']['params'], endpoint: QueryJob['endpoint'] = 'query_range'): Promise<JobAnswer> {
  const job: QueryJob = {
    endpoint,
    baseUrl: 'http://prom.test',
    headers: {},
    params: Object.entries(params).map(([k, v]) => [k, String(v)] as const),
    maxBodyBytes: 1 << 20,
  };
  const { answer, buffers } = await runJob(job, () => Promise.resolve(reply({ body })), undefined);
  const crossed = structuredClone(answer, { transfer: buffers });
  // Transferred, not copied: the worker's side no longer holds the samples.
  expect(buffers.every((b) => b.byteLength === 0)).toBe(true);
  return crossed;
}

const recorded: Array<[string, Recorded]> = [
  ['TTFT p95 by model (histogram_quantile)', ttftP95],
  ['generation tok/s by model and instance', genRate],
  ['KV usage, raw gauge', kvUsage],
  ['SGLang queue, raw gauge', sglangQueue],
  ['TTFT buckets by le (heatmap input)', ttftBuckets],
];

describe('the worker path gives the same series as the main-thread path', () => {
  it.each(recorded)('%s (recorded from the demo Prometheus)', async (_name, rec) => {
    const p = rec.request.params;
    const opts = { start: p.start, end: p.end, step: p.step, legend: '{{model_name}} {{instance}} {{le}}', idPrefix: 'q', maxSeries: 1000 };
    const wire = (JSON.parse(rec.body) as { data: { result: MatrixSeries[] } }).data.result;
    expect(wire.length).toBeGreaterThan(0);
    const answer = await throughWorkerPath(rec.body, p);
    if (answer.endpoint !== 'query_range') throw new Error('expected a range answer');
    const next = matrixToSeries(answer.result, opts).series;
    expect(next).toEqual(oldMatrixToSeries(wire, opts));
    expect(next.flatMap((s) => s.points).filter(([, v]) => v !== null).length).toBeGreaterThan(50);
  });

  it('special floats, off-grid and out-of-range samples, a malformed sample, an empty series', async () => {
    const wire: MatrixSeries[] = [
      { metric: { a: '1' }, values: [[84, '9'], [100, 'NaN'], [115, '+Inf'], [130, '-Inf'], [145.4, '2.5'], [160, '1e3'], [250, '9']] },
      { metric: { a: '2' }, values: [] },
      { metric: { a: '3' }, values: [[100, '0'], [115, '-2'], [130, '0.1']] },
    ];
    const body = JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: wire } });
    const opts = { start: 100, end: 160, step: 15, legend: '{{a}}', idPrefix: 'q' };
    const answer = await throughWorkerPath(body, { query: 'x', start: 100, end: 160, step: 15 });
    if (answer.endpoint !== 'query_range') throw new Error('expected a range answer');
    expect(matrixToSeries(answer.result, opts).series).toEqual(oldMatrixToSeries(wire, opts));
  });

  it('an instant vector handed to the chart path (distributions) is unchanged', async () => {
    const result: QueryResult = {
      resultType: 'vector',
      result: [
        { metric: { le: '0.5' }, value: [160, '3'] },
        { metric: { le: '+Inf' }, value: [160, '7'] },
        { metric: { le: '1' }, value: [160, 'NaN'] },
      ],
    };
    const body = JSON.stringify({ status: 'success', data: result });
    const answer = await throughWorkerPath(body, { query: 'x', start: 160, end: 160, step: 15 }, 'query');
    if (answer.endpoint !== 'query') throw new Error('expected an instant answer');
    const opts = { start: 160, end: 160, step: 15, legend: '{{le}}', idPrefix: 'd' };
    const wire = result.result.map((s) => ({ metric: s.metric, values: [s.value] }));
    expect(matrixToSeries(asRangeAnswer({ result: answer.result, warnings: [] }).result, opts).series).toEqual(oldMatrixToSeries(wire, opts));
  });
});
