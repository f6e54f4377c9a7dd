// Replays answers recorded from a real Prometheus 2.42 through the client, and checks what it sends.
import { describe, expect, it } from 'vitest';
import { createPrometheusClient } from './client';
import { PrometheusError } from './errors';
import { MAX_GET_URL } from './http';
import { parseSampleValue } from './sample-value';
import { fakeFetch, sentHeaders, sentParams, type Fixture } from './__fixtures__/fake-fetch';
import buildinfo from './__fixtures__/buildinfo.json';
import config from './__fixtures__/config.json';
import labelNames from './__fixtures__/label-names.json';
import labelValuesJob from './__fixtures__/label-values-job.json';
import labelValuesName from './__fixtures__/label-values-name.json';
import metadata from './__fixtures__/metadata.json';
import metadataPost405 from './__fixtures__/metadata-post-405.json';
import notFound404 from './__fixtures__/not-found-404.json';
import queryBadData from './__fixtures__/query-bad-data.json';
import queryExecution from './__fixtures__/query-execution.json';
import queryNan from './__fixtures__/query-nan.json';
import queryRangeMatrix from './__fixtures__/query-range-matrix.json';
import queryRangeTooManyPoints from './__fixtures__/query-range-too-many-points.json';
import queryScalar from './__fixtures__/query-scalar.json';
import queryVector from './__fixtures__/query-vector.json';
import series from './__fixtures__/series.json';
import targets from './__fixtures__/targets.json';

const BASE = 'http://prom.test:9090';

function clientFor(...answers: Fixture[]) {
  const fake = fakeFetch(...answers);
  return { client: createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch }), calls: fake.calls };
}

async function failure(p: Promise<unknown>): Promise<PrometheusError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof PrometheusError)) throw new Error(`expected a PrometheusError, got ${String(e)}`);
  return e;
}

describe('recorded answers', () => {
  it('instant query: vector', async () => {
    const { client, calls } = clientFor(queryVector);
    const { result, warnings } = await client.query('up', 1795949949);
    expect(result.resultType).toBe('vector');
    if (result.resultType !== 'vector') return;
    expect(result.result[0]?.metric).toMatchObject({ __name__: 'up', job: 'prometheus' });
    expect(result.result[0]?.value[1]).toBe('1');
    expect(warnings).toEqual([]);
    expect(calls[0]?.url.split('?')[0]).toBe(`${BASE}/api/v1/query`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(sentParams(calls[0]!)).toEqual([['query', 'up'], ['time', '1795949949']]);
  });

  it('instant query: scalar', async () => {
    const { client } = clientFor(queryScalar);
    const { result } = await client.query('scalar(sum(up)) * 2');
    expect(result).toEqual({ resultType: 'scalar', result: [expect.any(Number), '2'] });
  });

  it('instant query: NaN arrives as the string "NaN"', async () => {
    const { client } = clientFor(queryNan);
    const { result } = await client.query('0/0');
    if (result.resultType !== 'scalar') throw new Error(result.resultType);
    expect(result.result[1]).toBe('NaN');
    expect(parseSampleValue(result.result[1])).toBeNaN();
  });

  it('range query: matrix', async () => {
    const { client, calls } = clientFor(queryRangeMatrix);
    const { result } = await client.queryRange('rate(x[5s])', 100, 110, 2);
    expect(result).toHaveLength(1);
    expect(result[0]?.metric.handler).toBe('/metrics');
    expect(result[0]?.t.length).toBeGreaterThan(3);
    expect(result[0]?.v.length).toBe(result[0]?.t.length);
    expect(calls[0]?.url.split('?')[0]).toBe(`${BASE}/api/v1/query_range`);
    expect(sentParams(calls[0]!)).toEqual([['query', 'rate(x[5s])'], ['start', '100'], ['end', '110'], ['step', '2']]);
  });

  it('bad_data (400) becomes an api error that keeps the status', async () => {
    const { client } = clientFor(queryBadData);
    const e = await failure(client.query('sum(rate(up[1m])'));
    expect(e).toMatchObject({ kind: 'api', errorType: 'bad_data', status: 400 });
    expect(e.detail).toMatch(/parse error/);
    expect(e.message).toContain(e.detail);
  });

  it('execution (422): many-to-many matching', async () => {
    const { client } = clientFor(queryExecution);
    const e = await failure(client.query('a * on(job) a'));
    expect(e).toMatchObject({ kind: 'api', errorType: 'execution', status: 422 });
    expect(e.detail).toMatch(/many-to-many matching not allowed/);
  });

  it('the 11,000-point cap is a bad_data error', async () => {
    const { client } = clientFor(queryRangeTooManyPoints);
    const e = await failure(client.queryRange('up', 0, 86400, 1));
    expect(e).toMatchObject({ kind: 'api', errorType: 'bad_data', status: 400 });
    expect(e.detail).toContain('11,000 points');
  });

  it('label names and values; match[] repeated in the query string', async () => {
    const { client, calls } = clientFor(labelNames, labelValuesJob, labelValuesName);
    expect(await client.labelNames()).toContain('job');
    expect(await client.labelValues('job', { start: 1, end: 2, limit: 10 })).toEqual(['prometheus']);
    const names = await client.labelValues('__name__', { match: ['{job="prometheus"}', 'up'] });
    expect(names).toContain('up');
    expect(calls[1]?.url).toBe(`${BASE}/api/v1/label/job/values?start=1&end=2&limit=10`);
    expect(calls[2]?.init.method).toBe('GET');
    expect(sentParams(calls[2]!)).toEqual([['match[]', '{job="prometheus"}'], ['match[]', 'up']]);
  });

  it('label names that are not identifiers are URL-encoded as one path segment', async () => {
    const { client, calls } = clientFor(labelValuesJob);
    await client.labelValues('odd/label name');
    expect(calls[0]?.url).toBe(`${BASE}/api/v1/label/odd%2Flabel%20name/values`);
  });

  it('series: repeated match[] (GET while the URL is short)', async () => {
    const { client, calls } = clientFor(series);
    const result = await client.series(['up', 'prometheus_build_info'], 10, 20);
    expect(result.map((s) => s.__name__)).toEqual(['prometheus_build_info', 'up']);
    expect(calls[0]?.init.method).toBe('GET');
    expect(sentParams(calls[0]!)).toEqual([
      ['match[]', 'up'], ['match[]', 'prometheus_build_info'], ['start', '10'], ['end', '20'],
    ]);
  });

  it('metadata, targets, buildinfo, config', async () => {
    const { client, calls } = clientFor(metadata, targets, buildinfo, config);
    const meta = await client.metadata({ limit: 5 });
    expect(Object.keys(meta)).toHaveLength(5);
    expect(Object.values(meta)[0]?.[0]).toHaveProperty('type');
    const t = await client.targets();
    expect(t.activeTargets[0]).toMatchObject({ health: 'up', scrapeInterval: '1s', scrapePool: 'prometheus' });
    expect(calls[1]?.url).toBe(`${BASE}/api/v1/targets?state=active`);
    expect((await client.buildInfo()).version).toBe('2.42.0+ds');
    expect((await client.config()).yaml).toMatch(/scrape_interval: 1s/);
    expect(calls[2]?.url).toBe(`${BASE}/api/v1/status/buildinfo`);
  });

  it('a wrong path is a 404 that points at the path prefix', async () => {
    const { client } = clientFor(notFound404);
    const e = await failure(client.buildInfo());
    expect(e).toMatchObject({ kind: 'http', status: 404, detail: '404 page not found' });
    expect(e.message).toContain('no Prometheus API at this URL (check the path prefix)');
  });
});

describe('metricNames fallbacks', () => {
  it('uses label values of __name__, sorted and unique', async () => {
    const { client, calls } = clientFor(labelValuesName);
    const names = await client.metricNames({ match: ['{job="prometheus"}'], start: 1, end: 2 });
    expect(names).toContain('up');
    expect([...names].sort()).toEqual(names);
    expect(calls[0]?.url).toMatch(/\/api\/v1\/label\/__name__\/values\?match%5B%5D=/);
  });

  it('falls back to series on 405', async () => {
    const { client, calls } = clientFor(metadataPost405, series);
    expect(await client.metricNames()).toEqual(['prometheus_build_info', 'up']);
    expect(sentParams(calls[1]!)).toEqual([['match[]', '{__name__=~".+"}']]);
  });

  it('falls back to metadata when series is also missing (404)', async () => {
    const { client } = clientFor(notFound404, notFound404, metadata);
    expect(await client.metricNames()).toHaveLength(5);
  });

  it('falls back on bad_data, but not on other failures', async () => {
    const { client } = clientFor(queryBadData, series);
    expect(await client.metricNames()).toEqual(['prometheus_build_info', 'up']);
    const other = clientFor(queryExecution, series);
    expect(await failure(other.client.metricNames())).toMatchObject({ errorType: 'execution' });
  });

  it('throws the first error when no route works', async () => {
    const { client } = clientFor(metadataPost405, notFound404, notFound404);
    expect(await failure(client.metricNames())).toMatchObject({ kind: 'http', status: 405 });
  });
});

describe('requests', () => {
  it('keeps the path prefix and trims trailing slashes', async () => {
    const fake = fakeFetch(queryVector);
    const client = createPrometheusClient({ baseUrl: 'http://h/select/0/prometheus//', fetch: fake.fetch });
    expect(client.baseUrl).toBe('http://h/select/0/prometheus');
    await client.query('up');
    expect(fake.calls[0]?.url).toBe('http://h/select/0/prometheus/api/v1/query?query=up');
  });

  it('sends the expression exactly: in the URL while short, as a form POST past MAX_GET_URL', async () => {
    const expr = 'sum by (le) (rate(x{a=~"b|c", d!="e&f=g+h %"}[5m])) / 100 # ünïcode\n+ on() vector(1)';
    const { client, calls } = clientFor(queryRangeMatrix, queryRangeMatrix);
    await client.queryRange(expr, 1, 2, 1);
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(new URL(calls[0]!.url).searchParams.get('query')).toBe(expr);
    const long = `${expr} + ${'x'.repeat(MAX_GET_URL)}`;
    await client.queryRange(long, 1, 2, 1);
    expect(calls[1]?.init.method).toBe('POST');
    expect(calls[1]?.url).toBe(`${BASE}/api/v1/query_range`);
    expect(sentHeaders(calls[1]!)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(String(calls[1]?.init.body)).get('query')).toBe(long);
  });

  it('sends Accept, custom headers, no cookies, and with headers meets redirects by hand', async () => {
    const fake = fakeFetch(queryVector);
    const client = createPrometheusClient({
      baseUrl: BASE,
      fetch: fake.fetch,
      headers: { 'X-Scope-OrgID': 'tenant-a', Authorization: 'Bearer s3cr3t' },
    });
    await client.query('up');
    const headers = sentHeaders(fake.calls[0]!);
    expect(headers).toMatchObject({ accept: 'application/json', 'x-scope-orgid': 'tenant-a', authorization: 'Bearer s3cr3t' });
    expect(fake.calls[0]?.init).toMatchObject({ credentials: 'omit', redirect: 'manual' });
  });

  it('graphUrl builds the Prometheus graph page link', () => {
    const client = createPrometheusClient({ baseUrl: `${BASE}/` });
    const url = new URL(client.graphUrl('rate(x[1m]) > 0', { start: 1_700_000_000 - 3600, end: 1_700_000_000, step: 15 }));
    expect(url.origin + url.pathname).toBe(`${BASE}/graph`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'g0.expr': 'rate(x[1m]) > 0',
      'g0.tab': '0',
      'g0.range_input': '1h',
      'g0.end_input': '2023-11-14 22:13:20',
      'g0.moment_input': '2023-11-14 22:13:20',
      'g0.step_input': '15',
    });
  });
});
