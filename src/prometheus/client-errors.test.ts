// Faults a real server cannot produce on demand (synthetic), plus a real HTML page where JSON was expected.
import { describe, expect, it, vi } from 'vitest';
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

  it('a redirect to another origin is refused even when it answers the API (http → https)', async () => {
    const { client } = clientFor({ ...queryVector, redirectedTo: 'https://prom.test/prometheus/api/v1/query' });
    const e = await failure(client.query('up'));
    expect(e.kind).toBe('not-prometheus');
    expect(e.message).toContain('redirected to https://prom.test/prometheus/api/v1/query, outside its origin');
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
    expect(Array.from(result[0]?.v ?? [])).toEqual([Infinity, -Infinity, NaN]);
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

  it('with the timeout off, forwards the signal to fetch and reports an abort as aborted', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(new DOMException('The operation was aborted.', 'AbortError'));
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch, timeoutMs: 0 });
    const calls = fake.calls;
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
    expect(e.message).toBe(
      'The backend did not answer within 20 ms (http://prom.test:9090/prometheus/api/v1/query): it is overloaded, or the query is too heavy.',
    );
  });

  it('a client made without timeoutMs gives up after 30 s', async () => {
    vi.useFakeTimers();
    try {
      const client = createPrometheusClient({ baseUrl: BASE, fetch: hangingFetch });
      const pending = failure(client.query('up'));
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const e = await pending;
      expect(e).toMatchObject({ kind: 'network', timedOut: true });
      expect(e.message).toMatch(/^The backend did not answer within 30 s/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the caller can still cancel when a timeout is set', async () => {
    const controller = new AbortController();
    const client = createPrometheusClient({ baseUrl: BASE, fetch: hangingFetch, timeoutMs: 10_000 });
    const pending = failure(client.query('up', undefined, controller.signal));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});

describe('answers too large to hold', () => {
  const big = JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] }, pad: 'x'.repeat(2000) });

  it('a Content-Length over the budget is refused unread', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 1;
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const res = new Response(body, { headers: { 'content-type': 'application/json', 'content-length': String(big.length) } });
    const client = createPrometheusClient({ baseUrl: BASE, fetch: () => Promise.resolve(res), maxBodyBytes: 1000 });
    const e = await failure(client.query('up'));
    expect(e.kind).toBe('too-large');
    expect(e.message).toBe('The answer is larger than 1 KB; narrow the filters or the time range.');
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('a stream without a length is cancelled once it passes the budget', async () => {
    let sent = 0;
    let cancelled = false;
    const chunk = new Uint8Array(100).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += chunk.length;
        c.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const client = createPrometheusClient({ baseUrl: BASE, fetch: () => Promise.resolve(new Response(body)), maxBodyBytes: 1000 });
    expect((await failure(client.query('up'))).kind).toBe('too-large');
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThan(2000);
  });

  it('the default budget is 64 MB and an answer under it reads whole', async () => {
    const { client } = clientFor({ body: big });
    expect((await client.query('up')).result.resultType).toBe('vector');
    const e = await failure(
      createPrometheusClient({
        baseUrl: BASE,
        fetch: () => Promise.resolve(new Response('', { headers: { 'content-length': String(64 * 1024 * 1024 + 1) } })),
      }).query('up'),
    );
    expect(e.message).toBe('The answer is larger than 64 MB; narrow the filters or the time range.');
  });
});

describe('redirects while sending headers', () => {
  /** The browser's answer to `redirect: 'manual'`: an opaque redirect that hides its target. */
  const opaqueRedirect = (): Response => {
    const res = new Response(null, { status: 200 });
    Object.defineProperty(res, 'type', { value: 'opaqueredirect' });
    return res;
  };
  /** A backend that redirects `/api/v1/query` to `to`, and answers the API there. */
  function redirecting(to: string) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = String(input);
      calls.push({ url, init: init ?? {} });
      if (!url.startsWith(to)) {
        if (init?.redirect === 'manual') return Promise.resolve(opaqueRedirect());
        const followed = new Response(queryVector.body, { headers: { 'content-type': 'application/json' } });
        Object.defineProperty(followed, 'redirected', { value: true });
        Object.defineProperty(followed, 'url', { value: to });
        return Promise.resolve(followed);
      }
      return Promise.resolve(new Response(queryVector.body, { headers: { 'content-type': 'application/json' } }));
    };
    return { client: createPrometheusClient({ baseUrl: BASE, fetch: fetchFn as typeof fetch, headers: SECRET_HEADERS }), calls };
  }
  const carriesSecret = (c: { init: RequestInit }) => JSON.stringify(c.init.headers ?? {}).includes('SECRET');

  it('does not follow a redirect itself: the browser would forward the headers', async () => {
    const { client, calls } = redirecting('https://elsewhere.example/api/v1/query');
    await failure(client.query('up'));
    expect(calls[0]?.init.redirect).toBe('manual');
  });

  it('a redirect to another origin is refused, and the headers never go there', async () => {
    const { client, calls } = redirecting('https://elsewhere.example/api/v1/query');
    const e = await failure(client.query('up'));
    expect(e.message).toContain('redirected to https://elsewhere.example/api/v1/query, outside its origin');
    expect(calls.filter((c) => carriesSecret(c)).map((c) => new URL(c.url).origin)).toEqual(['http://prom.test:9090']);
    expect(calls.some((c) => c.url.startsWith('https://elsewhere.example') && carriesSecret(c))).toBe(false);
  });

  it('a redirect within the origin (a proxy adding a slash) is followed, with the headers', async () => {
    const to = 'http://prom.test:9090/prometheus/api/v1/query/';
    const { client, calls } = redirecting(to);
    expect((await client.query('up')).result.resultType).toBe('vector');
    const last = calls.at(-1);
    expect(last?.url).toBe(to);
    expect(last && carriesSecret(last)).toBe(true);
  });

  it('without headers a redirect is followed by the browser and checked after', async () => {
    const { fetch: fetchFn, calls } = fakeFetch(queryVector);
    await createPrometheusClient({ baseUrl: BASE, fetch: fetchFn }).query('up');
    expect(calls[0]?.init.redirect).toBe('follow');
  });
});

describe('backend error text', () => {
  it('keeps 500 characters of a huge API error', async () => {
    const { client } = clientFor({ status: 400, body: JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'x'.repeat(100_000) }) });
    const e = await failure(client.query('up'));
    expect(e.detail).toBe(`${'x'.repeat(500)}…`);
    expect(e.message.length).toBeLessThan(600);
  });
});
