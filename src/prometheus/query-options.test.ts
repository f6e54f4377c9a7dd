// Query option factories: keys that identify the data, signals forwarded, and the retry policy.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createPrometheusClient } from './client';
import { PrometheusError } from './errors';
import {
  backendOfKey,
  bucketBoundsOptions,
  instantQueryOptions,
  labelNamesOptions,
  labelValuesOptions,
  metadataOptions,
  metricNamesOptions,
  prometheusKeys,
  rangeQueryOptions,
  readQueryKey,
  scrapeIntervalOptions,
  shouldRetry,
} from './query-options';
import { fakeFetch } from './__fixtures__/fake-fetch';
import labelValuesName from './__fixtures__/label-values-name.json';
import queryRangeMatrix from './__fixtures__/query-range-matrix.json';
import targets from './__fixtures__/targets.json';

const BASE = 'http://prom.test';

describe('query keys', () => {
  const client = createPrometheusClient({ baseUrl: BASE });
  it('hold everything that identifies the data', () => {
    expect(rangeQueryOptions(client, { baseUrl: BASE, expr: 'up', start: 1, end: 2, step: 3 }).queryKey).toEqual([
      'prometheus', BASE, 'query_range', 'up', 1, 2, 3,
    ]);
    expect(instantQueryOptions(client, { baseUrl: BASE, expr: 'up', time: 5 }).queryKey).toEqual(['prometheus', BASE, 'query', 'up', 5]);
    expect(labelValuesOptions(client, { baseUrl: BASE, label: 'model_name', match: ['vllm:num_requests_running'] }).queryKey).toEqual([
      'prometheus', BASE, 'label_values', 'model_name', ['vllm:num_requests_running'], null, null, null,
    ]);
    expect(metricNamesOptions(client, { baseUrl: BASE }).queryKey).toEqual(['prometheus', BASE, 'metric_names', [], null, null]);
    expect(labelNamesOptions(client, { baseUrl: BASE, match: ['up'], start: 1, end: 2 }).queryKey).toEqual(['prometheus', BASE, 'label_names', ['up'], 1, 2]);
    expect(metadataOptions(client, { baseUrl: BASE }).queryKey).toEqual(['prometheus', BASE, 'metadata_or_null']);
    expect(bucketBoundsOptions(client, { baseUrl: BASE, series: 'vllm:e2e_request_latency_seconds_bucket', start: 600, end: 1200 }).queryKey).toEqual([
      'prometheus', BASE, 'bucket_bounds', 'vllm:e2e_request_latency_seconds_bucket', 600, 1200,
    ]);
    expect(scrapeIntervalOptions(client, { baseUrl: BASE, askStatus: false }).queryKey).toEqual(['prometheus', BASE, 'scrape_interval', false]);
  });

  it('all start with the backend, so one prefix names one backend’s answers', () => {
    const keys = [
      rangeQueryOptions(client, { baseUrl: BASE, expr: 'up', start: 1, end: 2, step: 3 }).queryKey,
      labelValuesOptions(client, { baseUrl: BASE, label: 'job' }).queryKey,
      prometheusKeys.alertRules(BASE),
    ];
    for (const k of keys) {
      expect(k.slice(0, 2)).toEqual(prometheusKeys.backend(BASE));
      expect(backendOfKey(k)).toBe(BASE);
    }
    expect(prometheusKeys.rangeQuery(BASE, 'up', 1, 2, 3).slice(0, 3)).toEqual(prometheusKeys.rangeQueries(BASE));
    expect(backendOfKey(['other', BASE])).toBeNull();
  });

  it('reads range and instant keys back, and nothing else', () => {
    expect(readQueryKey(prometheusKeys.rangeQuery(BASE, 'up', 1, 2, 3))).toEqual({ endpoint: 'query_range', baseUrl: BASE, expr: 'up', start: 1, end: 2, step: 3 });
    expect(readQueryKey(prometheusKeys.instantQuery(BASE, 'up', null))).toEqual({ endpoint: 'query', baseUrl: BASE, expr: 'up', time: null });
    expect(readQueryKey(prometheusKeys.bucketBounds(BASE, 'x_bucket', 0, 600))).toBeNull();
  });
});

describe('metadataOptions', () => {
  it('answers null where the backend has no metadata to give, so callers read suffixes', async () => {
    const fake = fakeFetch({ status: 404, body: '404 page not found', contentType: 'text/plain' });
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await qc.fetchQuery(metadataOptions(client, { baseUrl: BASE }))).toBeNull();
    expect(metadataOptions(client, { baseUrl: BASE }).meta).toEqual({ healthSignal: false });
    qc.clear();
  });
});

describe('queryFn', () => {
  it('forwards TanStack’s signal to fetch and returns the data', async () => {
    const fake = fakeFetch(queryRangeMatrix, labelValuesName, targets);
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const range = await qc.fetchQuery(rangeQueryOptions(client, { baseUrl: BASE, expr: 'up', start: 1, end: 2, step: 1 }));
    expect(range.result[0]?.metric.job).toBe('prometheus');
    expect(fake.calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
    expect(await qc.fetchQuery(metricNamesOptions(client, { baseUrl: BASE }))).toContain('up');
    expect(await qc.fetchQuery(scrapeIntervalOptions(client, { baseUrl: BASE, askStatus: true }))).toEqual({ seconds: 1, source: 'targets' });
    qc.clear();
  });
});

describe('bucketBoundsOptions', () => {
  it('asks the le values of the one bucket series, keyed by series and coarse window', async () => {
    const fake = fakeFetch({ body: JSON.stringify({ status: 'success', data: ['0.3', '1.0', '+Inf'] }) });
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const opts = bucketBoundsOptions(client, { baseUrl: BASE, series: 'vllm:request_queue_time_seconds_bucket', start: 600, end: 4200 });
    expect(opts.queryKey).toEqual(['prometheus', BASE, 'bucket_bounds', 'vllm:request_queue_time_seconds_bucket', 600, 4200]);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await qc.fetchQuery(opts)).toEqual(['0.3', '1.0', '+Inf']);
    const url = decodeURIComponent(fake.calls[0]?.url ?? '');
    expect(url).toContain('/api/v1/label/le/values');
    expect(url).toContain('match[]=vllm:request_queue_time_seconds_bucket');
    qc.clear();
  });

  it('selects a name PromQL cannot take bare by __name__', () => {
    const fake = fakeFetch();
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const opts = bucketBoundsOptions(client, { baseUrl: BASE, series: 'odd.name"x_bucket', start: 0, end: 600 });
    void new QueryClient().fetchQuery(opts).catch(() => undefined);
    expect(decodeURIComponent(fake.calls[0]?.url ?? '')).toContain('match[]={__name__="odd.name\\"x_bucket"}');
  });
});

describe('shouldRetry', () => {
  const err = (init: ConstructorParameters<typeof PrometheusError>[0]) => new PrometheusError(init);
  it.each([
    ['network', err({ kind: 'network', message: '' }), true],
    ['timeout', err({ kind: 'network', message: '', timedOut: true }), false],
    ['502', err({ kind: 'http', message: '', status: 502 }), true],
    ['503', err({ kind: 'http', message: '', status: 503 }), true],
    ['401', err({ kind: 'http', message: '', status: 401 }), false],
    ['404', err({ kind: 'http', message: '', status: 404 }), false],
    ['429', err({ kind: 'http', message: '', status: 429 }), false],
    ['unavailable', err({ kind: 'api', message: '', errorType: 'unavailable', status: 503 }), true],
    ['bad_data', err({ kind: 'api', message: '', errorType: 'bad_data', status: 400 }), false],
    ['execution', err({ kind: 'api', message: '', errorType: 'execution', status: 422 }), false],
    ['not-prometheus', err({ kind: 'not-prometheus', message: '' }), false],
    ['aborted', err({ kind: 'aborted', message: '' }), false],
    ['a plain Error', new Error('bug'), false],
  ])('%s → %s on the first failure', (_name, e, expected) => {
    expect(shouldRetry(0, e)).toBe(expected);
  });

  it('stops after two retries', () => {
    const e = err({ kind: 'network', message: '' });
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, e))).toEqual([true, true, false, false]);
  });
});
