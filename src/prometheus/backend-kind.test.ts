// Backend kind from the answer to `1` (bodies as Prometheus 2.42 and VictoriaMetrics answered),
// and which backends the status endpoints are asked of.
import { describe, expect, it } from 'vitest';
import { canAskStatus, detectBackendKind, isCrossOrigin } from './backend-kind';
import { createPrometheusClient } from './client';
import { isAbortError } from './errors';
import { fakeFetch, type Reply } from './__fixtures__/fake-fetch';
import { detectScrapeInterval } from './scrape-interval';
import notFound404 from './__fixtures__/not-found-404.json';

const PROMETHEUS: Reply = { body: '{"status":"success","data":{"resultType":"scalar","result":[1796099000.035,"1"]}}' };
const VICTORIA: Reply = { body: '{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1796098995,"1"]}]}}' };

function clientFor(...answers: (Reply | Error)[]) {
  const fake = fakeFetch(...answers);
  return { client: createPrometheusClient({ baseUrl: 'http://vm.test:8428/prometheus', fetch: fake.fetch }), calls: fake.calls };
}

describe('detectBackendKind', () => {
  it('tells PromQL from MetricsQL by the type of the answer to `1`', async () => {
    const prom = clientFor(PROMETHEUS);
    expect(await detectBackendKind(prom.client)).toBe('promql');
    expect(prom.calls).toHaveLength(1);
    expect(prom.calls[0]?.url).toBe('http://vm.test:8428/prometheus/api/v1/query?query=1');
    expect(await detectBackendKind(clientFor(VICTORIA).client)).toBe('metricsql');
  });

  it('is null when the backend does not answer, and lets an abort through', async () => {
    expect(await detectBackendKind(clientFor(notFound404).client)).toBeNull();
    expect(await detectBackendKind(clientFor(new TypeError('Failed to fetch')).client)).toBeNull();
    const e: unknown = await detectBackendKind(clientFor(new DOMException('aborted', 'AbortError')).client, new AbortController().signal).catch(
      (err: unknown) => err,
    );
    expect(isAbortError(e)).toBe(true);
  });
});

describe('canAskStatus', () => {
  const page = 'http://board.test:5173';
  it('skips the status endpoints of VictoriaMetrics on another origin only', () => {
    expect(canAskStatus('metricsql', 'http://vm.test:8428/prometheus', page)).toBe(false);
    expect(canAskStatus('metricsql', '/prometheus', page)).toBe(true);
    expect(canAskStatus('metricsql', 'http://board.test:5173/vm/prometheus', page)).toBe(true);
    expect(canAskStatus('promql', 'http://prom.test:9090', page)).toBe(true);
    expect(canAskStatus(null, 'http://prom.test:9090', page)).toBe(true);
  });

  it('compares origins, not hosts', () => {
    expect(isCrossOrigin('http://board.test:9090', 'http://board.test:5173')).toBe(true);
    expect(isCrossOrigin('https://board.test:5173/x', 'http://board.test:5173')).toBe(true);
    expect(isCrossOrigin('http://board.test:5173/x', 'http://board.test:5173')).toBe(false);
  });

  it('makes scrape-interval detection ask nothing when told not to', async () => {
    const { client, calls } = clientFor(PROMETHEUS);
    expect(await detectScrapeInterval(client, undefined, { askStatus: false })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
