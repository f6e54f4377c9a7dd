import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrometheusClient, rangeQueryOptions } from '../prometheus';
import { coarseWindow, metricNamesQuery, scrapeIntervalQuery } from '../dashboard/backend/use-backend';
import { startEarlyDiscovery } from './early-discovery';
import { DEFAULT_STATE } from '../dashboard/url/url-state';

const PROM = 'http://prom.test:9090';
const APP = 'http://app.test';
const END = 1_800_000_000_000;
const SEARCH = `?prom=${encodeURIComponent(PROM)}&from=${END - 3_600_000}&to=${END}`;

interface Call {
  path: string;
  query: string | null;
  start: string | null;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/** A Prometheus with one vLLM metric, no targets and a 15 s global scrape interval. */
function fakeBackend(opts: { failNamesOnce?: boolean } = {}) {
  const calls: Call[] = [];
  let namesFailures = opts.failNamesOnce ? 1 : 0;
  const json = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { status: 'success', data } : { status: 'error', errorType: 'internal', error: 'boom' }), { status });
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? new URLSearchParams(init.body) : url.searchParams;
    calls.push({ path: url.pathname, query: body.get('query'), start: body.get('start'), headers: { ...(init?.headers as Record<string, string>) }, signal: init?.signal ?? undefined });
    await new Promise((r) => setTimeout(r, 1));
    switch (url.pathname) {
      case '/api/v1/query':
        return body.get('query') === '1' ? json({ resultType: 'scalar', result: [END / 1000, '1'] }) : json({ resultType: 'vector', result: [] });
      case '/api/v1/query_range':
        return json({ resultType: 'matrix', result: [] });
      case '/api/v1/label/__name__/values':
        if (namesFailures-- > 0) return json(null, 500);
        return json(['vllm:num_requests_running']);
      case '/api/v1/targets':
        return json({ activeTargets: [], droppedTargets: [] });
      case '/api/v1/status/config':
        return json({ yaml: 'global:\n  scrape_interval: 15s\n' });
      default:
        return new Response('not found', { status: 404 });
    }
  });
  vi.stubGlobal('fetch', fetchFn);
  return { calls, paths: () => calls.map((c) => (c.path === '/api/v1/query' ? `query ${c.query}` : c.path)) };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const appClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
const { start: cStart, end: cEnd } = coarseWindow((END - 3_600_000) / 1000, END / 1000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startEarlyDiscovery', () => {
  it('asks the URL backend before config.json, and the app then finds names and scrape interval without asking again', async () => {
    const backend = fakeBackend();
    const early = startEarlyDiscovery(SEARCH, APP, END, {}, PROM);
    expect(early?.baseUrl).toBe(PROM);
    await settle();
    // Across origins the status endpoints wait for the backend kind (as the app does).
    expect(backend.paths()).toEqual(expect.arrayContaining(['query 1', '/api/v1/label/__name__/values', '/api/v1/targets', '/api/v1/status/config']));
    const before = backend.calls.length;

    const qc = appClient();
    expect(early!.adopt(qc, PROM, {})).toBe(true);
    const client = createPrometheusClient({ baseUrl: PROM, headers: {} });
    const names = await qc.fetchQuery(metricNamesQuery(client, PROM, cStart, cEnd));
    const scrape = await qc.fetchQuery(scrapeIntervalQuery(client, PROM, true));
    expect([...names]).toEqual(['vllm:num_requests_running']);
    expect(scrape).toEqual({ seconds: 15, source: 'config' });
    expect(backend.calls.length).toBe(before);
  });

  it('drops the early answers when config.json brings headers the early requests did not carry', async () => {
    const backend = fakeBackend();
    const early = startEarlyDiscovery(SEARCH, APP, END, {}, PROM);
    const qc = appClient();
    expect(early!.adopt(qc, PROM, { 'X-Scope-OrgID': 'team-a' })).toBe(false);
    await settle();
    // Nothing reached the app's cache: it asks again, with the tenant header.
    expect(qc.getQueryCache().findAll({ queryKey: ['prometheus'] })).toHaveLength(0);
    const client = createPrometheusClient({ baseUrl: PROM, headers: { 'X-Scope-OrgID': 'team-a' } });
    await qc.fetchQuery(metricNamesQuery(client, PROM, cStart, cEnd));
    const namesCalls = backend.calls.filter((c) => c.path === '/api/v1/label/__name__/values');
    expect(namesCalls.at(-1)?.headers['X-Scope-OrgID']).toBe('team-a');
    // The early requests were cancelled, and no status request was started after the drop.
    const earlyCalls = backend.calls.filter((c) => c.headers['X-Scope-OrgID'] === undefined);
    expect(earlyCalls.length).toBeGreaterThan(0);
    expect(earlyCalls.every((c) => c.signal?.aborted)).toBe(true);
    expect(backend.paths()).not.toContain('/api/v1/targets');
  });

  it('sends remembered credentials and keeps the answers when the app sends the same', async () => {
    const backend = fakeBackend();
    const early = startEarlyDiscovery(SEARCH, APP, END, { Authorization: 'Bearer t' }, PROM);
    await settle();
    expect(backend.calls.every((c) => c.headers.Authorization === 'Bearer t')).toBe(true);
    expect(early!.adopt(appClient(), PROM, { Authorization: 'Bearer t' })).toBe(true);
  });

  it('a failed early request is asked again by the app', async () => {
    const backend = fakeBackend({ failNamesOnce: true });
    const early = startEarlyDiscovery(SEARCH, APP, END, {}, PROM);
    const qc = appClient();
    early!.adopt(qc, PROM, {});
    const client = createPrometheusClient({ baseUrl: PROM, headers: {} });
    const names = await qc.fetchQuery(metricNamesQuery(client, PROM, cStart, cEnd));
    expect([...names]).toEqual(['vllm:num_requests_running']);
    expect(backend.calls.filter((c) => c.path === '/api/v1/label/__name__/values')).toHaveLength(2);
  });

  it('starts nothing without a valid prom= in the URL (the backend then comes from config.json)', () => {
    const backend = fakeBackend();
    expect(startEarlyDiscovery(`?from=now-1h&to=now`, APP, END, {}, PROM)).toBeNull();
    expect(startEarlyDiscovery(`?prom=${encodeURIComponent('javascript:alert(1)')}`, APP, END, {}, PROM)).toBeNull();
    expect(backend.calls).toHaveLength(0);
  });

  it('starts nothing when the app will ask another backend than prom= (a refused or locked-out link)', () => {
    const backend = fakeBackend();
    expect(startEarlyDiscovery(SEARCH, APP, END, {}, 'http://own.example:9090')).toBeNull();
    expect(startEarlyDiscovery(SEARCH, APP, END, {}, '')).toBeNull();
    expect(backend.calls).toHaveLength(0);
  });

  describe('the first screen', () => {
    const JOB = { expr: 'sum(rate(vllm:num_requests_running[1m]))', start: 1000, end: 4600, step: 15 };
    const firstScreen = vi.fn(() => [JOB]);
    const ranges = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/query_range');

    it('sends its range queries once the discovery answered, and the app takes them without asking again', async () => {
      const backend = fakeBackend();
      const early = startEarlyDiscovery(SEARCH, APP, END, {}, PROM, { firstScreen });
      const qc = appClient();
      expect(early!.adopt(qc, PROM, {})).toBe(true);
      await settle();
      expect(firstScreen).toHaveBeenCalledWith({ names: new Set(['vllm:num_requests_running']), scrapeIntervalSec: 15, recorded: new Set() });
      expect(ranges(backend.calls)).toHaveLength(1);
      const client = createPrometheusClient({ baseUrl: PROM, headers: {} });
      await qc.fetchQuery(rangeQueryOptions(client, { baseUrl: PROM, ...JOB }));
      expect(ranges(backend.calls)).toHaveLength(1);
    });

    it('says when its range queries have left (main.tsx holds the first render for it), or that none will', async () => {
      const backend = fakeBackend();
      const early = startEarlyDiscovery(SEARCH, APP, END, {}, PROM, { firstScreen })!;
      early.adopt(appClient(), PROM, {});
      await early.firstScreenSent;
      expect(ranges(backend.calls)).toHaveLength(1);

      const failing = fakeBackend({ failNamesOnce: true });
      const failed = startEarlyDiscovery(SEARCH, APP, END, {}, PROM, { firstScreen })!;
      failed.adopt(appClient(), PROM, {});
      await failed.firstScreenSent;
      expect(ranges(failing.calls)).toHaveLength(0);
    });

    it('sends none when config.json brings other headers (another tenant): the app asks with its own', async () => {
      const backend = fakeBackend();
      const early = startEarlyDiscovery(SEARCH, APP, END, { Authorization: 'Bearer old' }, PROM, { firstScreen });
      expect(early!.adopt(appClient(), PROM, { Authorization: 'Bearer new' })).toBe(false);
      await settle();
      expect(ranges(backend.calls)).toHaveLength(0);
    });

    it('sends none to a backend the hosted copy refuses, nor when the discovery failed', async () => {
      const backend = fakeBackend({ failNamesOnce: true });
      expect(startEarlyDiscovery(SEARCH, APP, END, {}, 'http://own.example:9090', { firstScreen })).toBeNull();
      startEarlyDiscovery(SEARCH, APP, END, {}, PROM, { firstScreen })!.adopt(appClient(), PROM, {});
      await settle();
      expect(ranges(backend.calls)).toHaveLength(0);
    });

    it('takes the range from the app\'s state (a config.json default range), not the URL alone', async () => {
      const backend = fakeBackend();
      const state = { ...DEFAULT_STATE, prom: PROM, from: String(END - 6 * 3_600_000), to: String(END) };
      startEarlyDiscovery(`?prom=${encodeURIComponent(PROM)}`, APP, END, {}, PROM, { state });
      await settle();
      const names = backend.calls.find((c) => c.path === '/api/v1/label/__name__/values');
      const { start } = coarseWindow((END - 6 * 3_600_000) / 1000, END / 1000);
      expect(Number(names?.start)).toBe(start);
    });
  });
});
