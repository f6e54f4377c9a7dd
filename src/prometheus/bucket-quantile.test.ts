// Our quantiles from bucket rates against Prometheus's own `histogram_quantile` answers over the
// same window (recorded from the demo's Prometheus 2.42 by __fixtures__/record-quantiles.sh), and
// the rules of promql/quantile.go on the cases a live stack does not produce on demand.
import { describe, expect, it } from 'vitest';
import { bucketQuantile, parseBucketQuantile, quantileOverRange } from './bucket-quantile';
import { toColumnar } from './columnar';
import type { MatrixSeries } from './types';
import recorded from './__fixtures__/bucket-quantiles.json';
import { fakeFetch, reply, sentParams } from './__fixtures__/fake-fetch';
import { createPrometheusClient, type PrometheusClient } from './client';

const matrix = (body: string): MatrixSeries[] => (JSON.parse(body) as { data: { result: MatrixSeries[] } }).data.result;

describe('quantileOverRange equals Prometheus histogram_quantile', () => {
  for (const c of recorded) {
    for (const [phi, body] of Object.entries(c.quantiles)) {
      it(`${phi} of ${c.inner}`, () => {
        const want = toColumnar(matrix(body)).result;
        const got = quantileOverRange(Number(phi), matrix(c.buckets)).result;
        expect(want.length).toBeGreaterThan(0);
        expect(got.map((s) => s.metric)).toEqual(want.map((s) => s.metric));
        got.forEach((s, i) => {
          const w = want[i]!;
          expect([...s.t]).toEqual([...w.t]);
          // Bit for bit: the rates are summed by the server, the arithmetic on them is the same.
          expect([...s.v]).toEqual([...w.v]);
        });
      });
    }
  }
});

describe('bucketQuantile (promql/quantile.go rules)', () => {
  const inf = Number.POSITIVE_INFINITY;
  it('interpolates inside the bucket the rank falls in, from 0 in the first', () => {
    expect(bucketQuantile(0.5, [1, 2, inf], [10, 20, 20])).toBe(1);
    expect(bucketQuantile(0.75, [1, 2, inf], [10, 20, 20])).toBe(1.5);
    expect(bucketQuantile(0.25, [1, 2, inf], [10, 20, 20])).toBe(0.5);
  });
  it('sorts the buckets and merges equal bounds (le "1.0" and "1")', () => {
    expect(bucketQuantile(0.75, [inf, 2, 1], [20, 20, 10])).toBe(1.5);
    expect(bucketQuantile(0.5, [1, 1, 2, inf], [4, 6, 20, 20])).toBe(1);
  });
  it('returns the last finite bound when the rank is in +Inf, and NaN without +Inf, observations or two buckets', () => {
    expect(bucketQuantile(0.99, [1, 2, inf], [10, 10, 20])).toBe(2);
    expect(bucketQuantile(0.5, [1, 2], [10, 20])).toBeNaN();
    expect(bucketQuantile(0.5, [1, 2, inf], [0, 0, 0])).toBeNaN();
    expect(bucketQuantile(0.5, [inf], [5])).toBeNaN();
  });
  it('removes decreases and ignores float noise instead of jumping a bucket', () => {
    // 9.999… in the 2 bucket after 10 in the 1 bucket: both treated as 10.
    expect(bucketQuantile(0.5, [1, 2, 4, inf], [10, 10 - 1e-13, 20, 20])).toBe(bucketQuantile(0.5, [1, 2, 4, inf], [10, 10, 20, 20]));
    expect(bucketQuantile(0.6, [1, 2, 4, inf], [10, 5, 20, 20])).toBe(2.4);
  });
  it('keeps a non-positive first bound', () => {
    expect(bucketQuantile(0.1, [-1, 0, inf], [5, 10, 10])).toBe(-1);
  });
  it('answers ±Inf outside [0, 1] and NaN for NaN', () => {
    expect(bucketQuantile(-0.1, [1, inf], [1, 1])).toBe(Number.NEGATIVE_INFINITY);
    expect(bucketQuantile(1.1, [1, inf], [1, 1])).toBe(inf);
    expect(bucketQuantile(Number.NaN, [1, inf], [1, 1])).toBeNaN();
  });
});

describe('quantileOverRange', () => {
  it('groups by the labels but le, skips series without a parsable le, and keeps instants where any bucket has a sample', () => {
    const s = (metric: Record<string, string>, values: Array<[number, string]>): MatrixSeries => ({ metric, values });
    const out = quantileOverRange(0.5, [
      s({ le: '1.0', m: 'b' }, [[10, '2']]),
      s({ le: '+Inf', m: 'b' }, [[10, '4']]),
      s({ le: '1', m: 'a' }, [[10, '0'], [20, '1']]),
      s({ le: '+Inf', m: 'a' }, [[10, '0'], [20, '2']]),
      s({ m: 'a' }, [[10, '7']]),
      s({ le: 'x', m: 'a' }, [[10, '7']]),
    ]).result;
    expect(out.map((x) => x.metric)).toEqual([{ m: 'a' }, { m: 'b' }]);
    expect([...out[0]!.t]).toEqual([10, 20]);
    expect([...out[0]!.v]).toEqual([Number.NaN, 1]);
    expect([...out[1]!.v]).toEqual([1]);
  });
});

describe('parseBucketQuantile', () => {
  it('takes histogram_quantile(φ, sum by (le, …) (…)) as the whole expression', () => {
    expect(parseBucketQuantile('histogram_quantile(0.95, sum by (le, model_name) (rate(x_bucket[1m])))')).toEqual({ q: 0.95, inner: 'sum by (le, model_name) (rate(x_bucket[1m]))' });
    expect(parseBucketQuantile('histogram_quantile(0.5, sum by (le) (rate(x_bucket{a="(",b=")"}[5m])))')?.inner).toBe('sum by (le) (rate(x_bucket{a="(",b=")"}[5m]))');
    expect(parseBucketQuantile('histogram_quantile(0.5, sum by (le) (rate(x_bucket{a="\\")"}[5m])))')?.inner).toBe('sum by (le) (rate(x_bucket{a="\\")"}[5m]))');
  });
  it('leaves everything else to the server', () => {
    for (const expr of [
      'histogram_quantile(0.95, sum by (le, instance) (rate(x_bucket[1m])))', // per target: the buckets would multiply
      'histogram_quantile(0.95, sum by (le) (rate(x_bucket[1m]))) / 1000', // more after it
      'histogram_quantile(0.95, sum by (le) (rate(a_bucket[1m])) + sum by (le) (rate(b_bucket[1m])))',
      'histogram_quantile(0.95, rate(x_bucket[1m]))', // no aggregation: as many series as buckets × targets
      'histogram_quantile(0.95, sum by (model_name) (rate(x_bucket[1m])))', // no le
      'histogram_quantile(1.5, sum by (le) (rate(x_bucket[1m])))',
      'histogram_quantile(scalar(q), sum by (le) (rate(x_bucket[1m])))',
      'sum by (le) (rate(x_bucket[1m]))',
      'histogram_quantile(0.95, sum by (le) (rate(x_bucket{a=")"}[1m]))',
    ])
      expect(parseBucketQuantile(expr), expr).toBeNull();
  });
});

describe('the client: p50, p95 and p99 of one histogram in one bucket request', () => {
  const c = recorded[0]!;
  const exprs = ['0.5', '0.95', '0.99'].map((phi) => `histogram_quantile(${phi}, ${c.inner})`);
  const ask = (client: PrometheusClient, signals: Array<AbortSignal | undefined> = []) =>
    exprs.map((e, i) => client.queryRange(e, c.start, c.end, c.step, signals[i]));

  it('sends the bucket expression once and answers each quantile as Prometheus does', async () => {
    const { fetch, calls } = fakeFetch({ body: c.buckets });
    const client = createPrometheusClient({ baseUrl: 'http://prom.test', fetch });
    const answers = await Promise.all(ask(client));
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(sentParams(calls[0]!)).query).toBe(c.inner);
    answers.forEach((a, i) => {
      const want = toColumnar(matrix(Object.values(c.quantiles)[i]!)).result;
      expect(a.result.map((s) => [s.metric, [...s.v]])).toEqual(want.map((s) => [s.metric, [...s.v]]));
    });
    // Asked again later (a refresh): a new request, nothing kept beyond the flight.
    await Promise.all(ask(client));
    expect(calls).toHaveLength(2);
  });

  it('an abort leaves the request to the other quantiles; the last abort cancels it', async () => {
    let seen: AbortSignal | undefined;
    let answer: (r: Response) => void = () => undefined;
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) => {
      seen = init?.signal ?? undefined;
      return new Promise<Response>((resolve) => (answer = resolve));
    }) as typeof globalThis.fetch;
    const client = createPrometheusClient({ baseUrl: 'http://prom.test', fetch });
    const controllers = exprs.map(() => new AbortController());
    const runs = ask(client, controllers.map((x) => x.signal));
    controllers[0]!.abort();
    await expect(runs[0]).rejects.toMatchObject({ kind: 'aborted' });
    expect(seen?.aborted).toBe(false);
    answer(reply({ body: c.buckets }));
    await expect(runs[1]).resolves.toBeDefined();
    await expect(runs[2]).resolves.toBeDefined();

    const again = exprs.map(() => new AbortController());
    const runs2 = ask(client, again.map((x) => x.signal));
    for (const x of again) x.abort();
    await Promise.allSettled(runs2);
    expect(seen?.aborted).toBe(true);
  });

  it('an error answer reaches every quantile; native histograms are asked as written', async () => {
    const bad = fakeFetch({ status: 422, body: JSON.stringify({ status: 'error', errorType: 'execution', error: 'query timed out' }) });
    const failed = await Promise.allSettled(ask(createPrometheusClient({ baseUrl: 'http://prom.test', fetch: bad.fetch })));
    expect(bad.calls).toHaveLength(1);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);

    const native = JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, histograms: [[1, { count: '1', sum: '1', buckets: [] }]] }] } });
    const asWritten = JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values: [[1, '0.5']] }] } });
    const n = fakeFetch({ body: native }, { body: asWritten });
    const answers = await Promise.all(ask(createPrometheusClient({ baseUrl: 'http://prom.test', fetch: n.fetch })));
    expect(n.calls.map((x) => Object.fromEntries(sentParams(x)).query)).toEqual([c.inner, ...exprs]);
    expect(answers.map((a) => [...a.result[0]!.v])).toEqual([[0.5], [0.5], [0.5]]);
  });
});
