// Faults a real server cannot produce on demand (synthetic), plus a real HTML page where JSON was expected.
import { describe, expect, it } from 'vitest';
import { createPrometheusClient } from './client';
import { isAbortError, PrometheusError } from './errors';
import { fakeFetch, type Reply } from './__fixtures__/fake-fetch';
import htmlPage from './__fixtures__/html-page.json';
import queryVector from './__fixtures__/query-vector.json';

const BASE = 'http://prom.test:9090/prometheus';
const SECRET_HEADERS = { Authorization: 'Bearer tok-SECRET-123', 'X-Scope-OrgID': 'tenant-SECRET' };

function clientFor(...answers: (Reply | Error)[]) {
  const fake = fakeFetch(...answers);
  return { client: createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch, headers: SECRET_HEADERS }), calls: fake.calls };
}

async function failure(p: Promise<unknown>): Promise<PrometheusError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof PrometheusError)) throw new Error(`expected a PrometheusError, got ${String(e)}`);
  // Whatever went wrong, the credentials never reach the message or the detail.
  expect(`${e.message} ${e.detail}`).not.toMatch(/SECRET/);
  return e;
}

describe('answers that are not Prometheus JSON', () => {
  it('a real HTML page (the Prometheus UI) where JSON was expected', async () => {
    const { client } = clientFor(htmlPage);
    const e = await failure(client.query('up'));
    expect(e).toMatchObject({ kind: 'not-prometheus', status: 200 });
    expect(e.message).toMatch(/an HTML page \("Prometheus Time Series Collection and Processing Server"\)/);
    expect(e.message).toContain(`${BASE}/api/v1/query`);
  });

  it.each([
    ['truncated JSON', queryVector.body.slice(0, 60), /invalid or truncated JSON/],
    ['an empty body', '', /an empty body/],
    ['plain text', 'OK', /text "OK"/],
    ['JSON without the envelope', '{"foo":1}', /without a Prometheus "status"\/"data" envelope/],
    ['a success of the wrong shape', '{"status":"success","data":{"resultType":"bogus"}}', /data is not a query result/],
  ])('%s', async (_name, body, pattern) => {
    const { client } = clientFor({ body, contentType: 'text/plain' });
    const e = await failure(client.query('up'));
    expect(e.kind).toBe('not-prometheus');
    expect(e.message).toMatch(pattern);
  });

  it('a vector where query_range needs a matrix', async () => {
    const { client } = clientFor(queryVector);
    expect(await failure(client.queryRange('up', 1, 2, 1))).toMatchObject({ kind: 'not-prometheus' });
  });

  it('a redirect to another origin (a login page)', async () => {
    const { client } = clientFor({
      body: '<html><title>Sign in</title></html>',
      contentType: 'text/html',
      redirectedTo: 'https://sso.example/login?next=/prometheus&token=SECRET',
    });
    const e = await failure(client.query('up'));
    expect(e.kind).toBe('not-prometheus');
    expect(e.message).toContain('a redirect to https://sso.example/login (usually the login page');
  });

  it('a redirect to another origin that still answers the API (http → https) is fine', async () => {
    const { client } = clientFor({ ...queryVector, redirectedTo: 'https://prom.test/prometheus/api/v1/query' });
    expect((await client.query('up')).result.resultType).toBe('vector');
  });

  it('a same-origin redirect that lands on the API is fine', async () => {
    const { client } = clientFor({ ...queryVector, redirectedTo: 'http://prom.test:9090/prometheus/api/v1/query' });
    expect((await client.query('up')).result.resultType).toBe('vector');
  });
});

describe('HTTP statuses', () => {
  it.each([
    [401, 'Unauthorized\n', 'authentication required'],
    [403, 'access denied for tenant', 'forbidden'],
    [429, 'too many outstanding requests', 'rate limited'],
    [502, '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>', 'the backend failed'],
    [503, 'Service Unavailable', 'the backend failed'],
    [504, 'upstream request timeout', 'the backend failed'],
  ])('%i with a text body', async (status, body, meaning) => {
    const { client } = clientFor({ status, body, contentType: body.startsWith('<') ? 'text/html' : 'text/plain' });
    const e = await failure(client.query('up'));
    expect(e).toMatchObject({ kind: 'http', status });
    expect(e.message).toContain(meaning);
    expect(e.detail).toBe(status === 502 ? '502 Bad Gateway' : body.trim());
  });

  it('keeps only the first 200 characters of a long body', async () => {
    const { client } = clientFor({ status: 500, body: 'x'.repeat(5000), contentType: 'text/plain' });
    const e = await failure(client.query('up'));
    expect(e.detail).toHaveLength(201);
  });

  it('uses the error field of a non-Prometheus JSON error', async () => {
    const { client } = clientFor({ status: 401, body: '{"message":"invalid API key"}' });
    expect((await failure(client.query('up'))).detail).toBe('invalid API key');
  });

  it('a Prometheus envelope on a 503 is an api error', async () => {
    const { client } = clientFor({ status: 503, body: '{"status":"error","errorType":"unavailable","error":"TSDB not ready"}' });
    expect(await failure(client.query('up'))).toMatchObject({ kind: 'api', errorType: 'unavailable', status: 503, detail: 'TSDB not ready' });
  });

  it('passes warnings and infos through', async () => {
    const body = JSON.stringify({
      status: 'success',
      data: { resultType: 'matrix', result: [{ metric: {}, values: [[1, '+Inf'], [2, '-Inf'], [3, 'NaN']] }] },
      warnings: ['results truncated due to limit'],
      infos: ['PromQL info: metric might not be a counter'],
    });
    const { client } = clientFor({ body });
    const { result, warnings } = await client.queryRange('x', 1, 3, 1);
    expect(warnings).toEqual(['results truncated due to limit']);
    expect(result[0]?.values.map((v) => v[1])).toEqual(['+Inf', '-Inf', 'NaN']);
  });
});

describe('network, abort and timeout', () => {
  it('fetch rejecting with TypeError (down, DNS, CORS) is a network error', async () => {
    const { client } = clientFor(new TypeError('Failed to fetch'));
    const e = await failure(client.query('up'));
    expect(e).toMatchObject({ kind: 'network', detail: 'Failed to fetch', timedOut: false });
    expect(e.message).toBe(
      `Could not reach ${BASE}/api/v1/query (the server is down, the URL is wrong, ` +
        'or CORS/auth blocks the browser: see the proxy recipe in the README).',
    );
  });

  it('forwards the signal to fetch and reports an abort as aborted', async () => {
    const controller = new AbortController();
    const { client, calls } = clientFor(new DOMException('The operation was aborted.', 'AbortError'));
    const e = await failure(client.query('up', undefined, controller.signal));
    expect(calls[0]?.init.signal).toBe(controller.signal);
    expect(e.kind).toBe('aborted');
    expect(isAbortError(e)).toBe(true);
  });

  it('does not call fetch when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client, calls } = clientFor(queryVector);
    expect((await failure(client.labelNames({}, controller.signal))).kind).toBe('aborted');
    expect(calls).toHaveLength(0);
  });

  /** A fetch that never answers but honours its signal, like the real one. */
  const hangingFetch: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('timeoutMs aborts a hung request as a timed-out network error', async () => {
    const client = createPrometheusClient({ baseUrl: BASE, fetch: hangingFetch, timeoutMs: 20 });
    const e = await failure(client.query('up'));
    expect(e).toMatchObject({ kind: 'network', timedOut: true });
    expect(e.message).toContain('No answer from http://prom.test:9090/prometheus/api/v1/query within 20 ms');
  });

  it('the caller can still cancel when a timeout is set', async () => {
    const controller = new AbortController();
    const client = createPrometheusClient({ baseUrl: BASE, fetch: hangingFetch, timeoutMs: 10_000 });
    const pending = failure(client.query('up', undefined, controller.signal));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});
