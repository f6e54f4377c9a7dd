// API jobs (every endpoint but query and query_range): the request as the client wrote it, decoded
// by the decoder it names, and what crosses back to the main thread survives a structured clone.
import { describe, expect, it, vi } from 'vitest';
import { runJob, type ApiJob } from './job';

const job = (over: Partial<ApiJob> = {}): ApiJob => ({
  endpoint: 'api', baseUrl: 'http://prom.test', headers: { 'X-Scope-OrgID': 't1' }, maxBodyBytes: 1_000_000,
  method: 'GET', path: '/api/v1/targets', params: [['state', 'active']], decoder: 'targets', expected: 'a target list', ...over,
});

const answering = (data: unknown) => vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ status: 'success', data })));

describe('API jobs', () => {
  it('sends the request as written, with the headers, and answers the decoded data', async () => {
    const fetchFn = answering({ activeTargets: [{ labels: { job: 'vllm' }, scrapeInterval: '5s', health: 'up' }], droppedTargets: [] });
    const { answer } = await runJob(job(), fetchFn as unknown as typeof fetch, undefined);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(String(url)).toBe('http://prom.test/api/v1/targets?state=active');
    expect((init?.headers as Record<string, string>)['X-Scope-OrgID']).toBe('t1');
    expect(answer).toMatchObject({ endpoint: 'api', data: { activeTargets: [{ scrapeInterval: '5s' }] } });
    expect(structuredClone(answer)).toEqual(answer);
  });

  it('an answer of the wrong shape for the named decoder is "not a Prometheus API", naming what was expected', async () => {
    const fetchFn = answering({ activeTargets: 'nope' });
    await expect(runJob(job(), fetchFn as unknown as typeof fetch, undefined)).rejects.toMatchObject({ kind: 'not-prometheus', message: expect.stringContaining('a target list') });
  });

  it('each decoder by its name: exemplars (values parsed, null as none)', async () => {
    const fetchFn = answering([{ seriesLabels: { le: '0.5' }, exemplars: [{ labels: { trace_id: 'abc' }, value: '0.25', timestamp: 1700000000 }] }]);
    const { answer } = await runJob(job({ path: '/api/v1/query_exemplars', params: [['query', 'x']], decoder: 'exemplars', expected: 'a list of exemplars' }), fetchFn as unknown as typeof fetch, undefined);
    expect(answer).toEqual({ endpoint: 'api', data: [{ series: { le: '0.5' }, labels: { trace_id: 'abc' }, value: 0.25, time: 1700000000 }], warnings: [] });
  });
});

describe('bucket series asked once', () => {
  it('a heatmap of a histogram and a quantile line of it, in flight together, send one request', async () => {
    const inner = 'sum by (le) (rate(vllm:time_to_first_token_seconds_bucket[20s]))';
    const buckets = { resultType: 'matrix', result: ['0.1', '1', '+Inf'].map((le, i) => ({ metric: { le }, values: [[100, String(i + 1)], [115, String(i + 2)]] })) };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchFn = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ status: 'success', data: buckets }));
    });
    const range = (query: string) => [['query', query], ['start', '100'], ['end', '115'], ['step', '15']] as const;
    const base = { baseUrl: 'http://prom.test', headers: {}, maxBodyBytes: 1e6 };
    const heatmap = runJob({ endpoint: 'query_range', ...base, params: range(inner) }, fetchFn as unknown as typeof fetch, undefined);
    const p95 = runJob(
      { endpoint: 'query_range', ...base, params: range(`histogram_quantile(0.95, ${inner})`), fromBuckets: { q: 0.95, inner } },
      fetchFn as unknown as typeof fetch,
      undefined,
    );
    release();
    const [h, q] = await Promise.all([heatmap, p95]);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(h.answer).toMatchObject({ endpoint: 'query_range' });
    expect(h.answer.endpoint === 'query_range' && h.answer.result.map((s) => s.metric.le)).toEqual(['0.1', '1', '+Inf']);
    expect(q.answer.endpoint === 'query_range' && q.answer.result).toHaveLength(1);
  });
});
