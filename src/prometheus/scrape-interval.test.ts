// detectScrapeInterval over recorded targets/config answers, the YAML regex, and sample spacing.
import { describe, expect, it } from 'vitest';
import { createPrometheusClient } from './client';
import { isAbortError } from './errors';
import { globalScrapeIntervalFromYaml, detectScrapeInterval, intervalFromMatrix, intervalFromSamples, roundMeasuredInterval, scrapeIntervalFromSamples } from './scrape-interval';
import { fakeFetch, sentParams, type Reply } from './__fixtures__/fake-fetch';
import config from './__fixtures__/config.json';
import notFound404 from './__fixtures__/not-found-404.json';
import targets from './__fixtures__/targets.json';

function clientFor(...answers: (Reply | Error)[]) {
  const fake = fakeFetch(...answers);
  return { client: createPrometheusClient({ baseUrl: 'http://prom.test', fetch: fake.fetch }), calls: fake.calls };
}

function targetsReply(intervals: [job: string, interval: string | undefined][]): Reply {
  const activeTargets = intervals.map(([job, scrapeInterval], i) => ({
    labels: { job, instance: `h${i}:8000` },
    scrapePool: job,
    scrapeUrl: `http://h${i}:8000/metrics`,
    lastError: '',
    health: 'up',
    ...(scrapeInterval === undefined ? {} : { scrapeInterval }),
  }));
  return { body: JSON.stringify({ status: 'success', data: { activeTargets, droppedTargets: [] } }) };
}

describe('detectScrapeInterval', () => {
  it('reads the targets of a real Prometheus (scraping every 1s)', async () => {
    const { client, calls } = clientFor(targets, config);
    expect(await detectScrapeInterval(client)).toEqual({ seconds: 1, source: 'targets' });
    // The config is asked at the same time (one round trip, not two, when the targets say nothing).
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/v1/targets', '/api/v1/status/config']);
  });

  it('takes the most common interval, or the largest among filtered targets', async () => {
    const reply = targetsReply([['node', '15s'], ['node', '15s'], ['vllm', '5s'], ['vllm', '30s'], ['node', '1m']]);
    expect(await detectScrapeInterval(clientFor(reply).client)).toEqual({ seconds: 15, source: 'targets' });
    const engines = await detectScrapeInterval(clientFor(reply).client, undefined, { filter: (t) => t.labels.job === 'vllm' });
    expect(engines).toEqual({ seconds: 30, source: 'targets' });
  });

  it('falls back to the config when targets are missing (404) or carry no interval', async () => {
    expect(await detectScrapeInterval(clientFor(notFound404, config).client)).toEqual({ seconds: 1, source: 'config' });
    const noIntervals = targetsReply([['vllm', undefined]]);
    expect(await detectScrapeInterval(clientFor(noIntervals, config).client)).toEqual({ seconds: 1, source: 'config' });
  });

  it('is null when neither source answers (Mimir, VictoriaMetrics)', async () => {
    expect(await detectScrapeInterval(clientFor(notFound404).client)).toBeNull();
    expect(await detectScrapeInterval(clientFor(new TypeError('Failed to fetch')).client)).toBeNull();
  });

  it('uses the targets even when the config disagrees, and the config when the targets carry nothing', async () => {
    const cfg = (interval: string): Reply => ({ body: JSON.stringify({ status: 'success', data: { yaml: `global:\n  scrape_interval: ${interval}\n` } }) });
    expect(await detectScrapeInterval(clientFor(targetsReply([['vllm', '5s']]), cfg('1m')).client)).toEqual({ seconds: 5, source: 'targets' });
    expect(await detectScrapeInterval(clientFor(targetsReply([]), cfg('1m')).client)).toEqual({ seconds: 60, source: 'config' });
  });

  it('lets an abort through instead of falling back', async () => {
    const e: unknown = await detectScrapeInterval(
      clientFor(new DOMException('aborted', 'AbortError')).client,
      new AbortController().signal,
    ).catch((err: unknown) => err);
    expect(isAbortError(e)).toBe(true);
  });
});

describe('globalScrapeIntervalFromYaml', () => {
  it('reads the recorded config', () => {
    expect(globalScrapeIntervalFromYaml((JSON.parse(config.body) as { data: { yaml: string } }).data.yaml)).toBe(1);
  });

  it.each([
    ['global:\n  scrape_interval: 15s\n  evaluation_interval: 1m\n', 15],
    ['global:\n  evaluation_interval: 30s\n  scrape_interval: 1m\nscrape_configs: []\n', 60],
    ['global:\n  scrape_interval: "10s"\n', 10],
    ['# top\nglobal:\n\n  scrape_interval: 1m30s\n', 90],
  ])('%j → %i', (yaml, sec) => {
    expect(globalScrapeIntervalFromYaml(yaml)).toBe(sec);
  });

  it.each([
    'scrape_configs:\n- job_name: x\n  scrape_interval: 5s\n',
    'global:\n  evaluation_interval: 1m\nscrape_configs:\n- job_name: x\n  scrape_interval: 5s\n',
    'global:\n  scrape_interval: soon\n',
    '',
  ])('ignores per-job intervals and nonsense: %j', (yaml) => {
    expect(globalScrapeIntervalFromYaml(yaml)).toBeNull();
  });
});

describe('intervalFromSamples', () => {
  it('is the median spacing, robust to a missed scrape', () => {
    expect(intervalFromSamples([[0, '1'], [15, '1'], [30, '1'], [60, '1'], [75, '1']])).toBe(15);
    expect(intervalFromSamples([[100.001, '1'], [101.002, '1'], [102.001, '1']])).toBe(1);
  });

  it('needs two samples', () => {
    expect(intervalFromSamples([])).toBeNull();
    expect(intervalFromSamples([[1, '1']])).toBeNull();
  });
});

describe('VictoriaMetrics targets', () => {
  it('reads __scrape_interval__ from the discovered labels when scrapeInterval is absent', async () => {
    // Shape of VictoriaMetrics v1.8x /api/v1/targets (no scrapeInterval field).
    const body = JSON.stringify({
      status: 'success',
      data: {
        activeTargets: [
          {
            discoveredLabels: { __address__: '127.0.0.1:8000', __scrape_interval__: '5s', __scrape_timeout__: '5s', job: 'vllm' },
            labels: { instance: '127.0.0.1:8000', job: 'vllm' },
            scrapePool: 'vllm',
            scrapeUrl: 'http://127.0.0.1:8000/metrics',
            lastError: '',
            lastScrape: '1970-01-01T00:00:00Z',
            lastScrapeDuration: 0,
            lastSamplesScraped: 0,
            health: 'up',
          },
        ],
        droppedTargets: [],
      },
    });
    const { client } = clientFor({ body });
    await expect(detectScrapeInterval(client)).resolves.toEqual({ seconds: 5, source: 'targets' });
  });
});

describe('scrape interval from sample spacing (the fallback)', () => {
  const matrix = (...spacings: number[]): Reply => ({
    body: JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: spacings.map((d, i) => ({ metric: { instance: `h${i}` }, values: [0, 1, 2, 3, 4].map((k) => [1000 + k * d, '1']) })),
      },
    }),
  });

  it('takes the slowest series, so the rate window covers every job', () => {
    expect(intervalFromMatrix([{ metric: {}, values: [[0, '1'], [5, '1'], [10, '1']] }, { metric: {}, values: [[0, '1'], [30, '1']] }])).toBe(30);
    expect(intervalFromMatrix([{ metric: {}, values: [[0, '1']] }])).toBeNull();
    expect(intervalFromMatrix([])).toBeNull();
  });

  it('asks for the raw samples of the selector over the last 10 minutes', async () => {
    const { client, calls } = clientFor(matrix(5, 15));
    await expect(scrapeIntervalFromSamples(client, '{__name__="vllm:num_requests_running"}')).resolves.toEqual({ seconds: 15, source: 'samples' });
    expect(calls).toHaveLength(1);
    expect(new URLSearchParams(sentParams(calls[0]!)).get('query')).toBe('{__name__="vllm:num_requests_running"}[600s]');
  });

  it('rounds a jittered spacing to the interval as configured (remote_write from a busy server)', async () => {
    const { client } = clientFor(matrix(5.024, 4.98));
    await expect(scrapeIntervalFromSamples(client, 'x')).resolves.toEqual({ seconds: 5, source: 'samples' });
    expect(roundMeasuredInterval(0.2504)).toBe(0.25);
    expect(roundMeasuredInterval(14.6)).toBe(15);
  });

  it('is null when the selector has no samples', async () => {
    const { client } = clientFor(matrix());
    await expect(scrapeIntervalFromSamples(client, 'x')).resolves.toBeNull();
  });
});
