// query_exemplars and status/flags through the client, replaying answers recorded from a real
// Prometheus 2.42 started with --enable-feature=exemplar-storage and scraping the simulator.
import { describe, expect, it } from 'vitest';
import { createPrometheusClient } from './client';
import { PrometheusError } from './errors';
import { decodeExemplars, hasExemplarStorage } from './exemplars';
import { fakeFetch, sentParams } from './__fixtures__/fake-fetch';
import flags from './__fixtures__/flags.json';
import queryExemplars from './__fixtures__/query-exemplars.json';

const BASE = 'http://prom.test:9090';

describe('queryExemplars', () => {
  it('asks for the selector over the range and decodes series, trace id, value and time', async () => {
    const fake = fakeFetch(queryExemplars);
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const got = await client.queryExemplars('vllm:time_to_first_token_seconds_bucket', 1796181155, 1796181215);
    expect(new URL(fake.calls[0]!.url).pathname).toBe('/api/v1/query_exemplars');
    expect(sentParams(fake.calls[0]!)).toEqual([['query', 'vllm:time_to_first_token_seconds_bucket'], ['start', '1796181155'], ['end', '1796181215']]);
    expect(got).toHaveLength(2);
    expect(got[0]).toEqual({
      series: expect.objectContaining({ le: '0.005', instance: '127.0.0.1:18260' }) as unknown,
      labels: { trace_id: 'f05438fd79105a0256f7a419ca292c0e' },
      value: 0.0020947265625,
      time: 1796181212.359,
    });
  });

  it('treats null data and null exemplar lists as none', () => {
    expect(decodeExemplars(null)).toEqual([]);
    expect(decodeExemplars([{ seriesLabels: { le: '1' }, exemplars: null }])).toEqual([]);
  });

  it('rejects a malformed answer with a message instead of crashing later', async () => {
    const fake = fakeFetch({ body: JSON.stringify({ status: 'success', data: [{ seriesLabels: { le: '1' }, exemplars: [{ labels: { trace_id: 1 }, value: '1', timestamp: 2 }] }] }) });
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fake.fetch });
    const e = await client.queryExemplars('x', 1, 2).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(PrometheusError);
    expect((e as PrometheusError).kind).toBe('not-prometheus');
  });

  it('drops exemplars whose value is not a number', () => {
    expect(decodeExemplars([{ seriesLabels: {}, exemplars: [{ labels: {}, value: 'NaN', timestamp: 1 }, { labels: {}, value: '0.5', timestamp: 1 }] }])).toHaveLength(1);
  });
});

describe('exemplar storage from the flags', () => {
  it('reads --enable-feature from a real answer', async () => {
    const client = createPrometheusClient({ baseUrl: BASE, fetch: fakeFetch(flags).fetch });
    expect(hasExemplarStorage(await client.flags())).toBe(true);
  });

  it.each([
    ['', false],
    ['memory-snapshot-on-shutdown', false],
    ['memory-snapshot-on-shutdown, exemplar-storage', true],
    ['exemplar-storage-x', false],
  ])('enable-feature=%j -> %s', (v, want) => {
    expect(hasExemplarStorage({ 'enable-feature': v })).toBe(want);
  });
});
