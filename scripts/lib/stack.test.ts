// End to end: a real Prometheus scraping the simulated engines after a short backfill, read back
// through the HTTP API (a rate, a quantile, a gauge, and backfilled history).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBlock } from '../../e2e/support/ports.ts';
import { createFleet } from '../../sim/index.ts';
import { scrapeConfig } from './prometheus.ts';
import { scrapeJobs, type Stack, startStack } from './stack.ts';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';

interface VectorResponse {
  status: string;
  data: { result: { metric: Record<string, string>; value: [number, string] }[] };
}
interface MatrixResponse {
  status: string;
  data: { result: { values: [number, string][] }[] };
}

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe.skipIf(!existsSync(PROMETHEUS))('stack (real Prometheus; skipped when not installed)', () => {
  let stack: Stack;
  // Free ports, not fixed ones: a demo or another run on the machine must not fail this test.
  let ports = { prom: 0, vllm: 0, sglang: 0 };
  const query = async (q: string): Promise<VectorResponse['data']['result']> =>
    (await get<VectorResponse>(`${stack.promUrl}/api/v1/query?query=${encodeURIComponent(q)}`)).data.result;

  beforeAll(async () => {
    const base = await freePortBlock(5);
    ports = { prom: base, vllm: base + 1, sglang: base + 3 };
    stack = await startStack({ promPort: ports.prom, vllmPort: ports.vllm, sglangPort: ports.sglang, backfillMinutes: 10, seed: 1 });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the targets', () => {
    const { vllm, sglang } = ports;
    expect(stack.simTargets).toEqual([`127.0.0.1:${vllm}`, `127.0.0.1:${vllm + 1}`, `127.0.0.1:${sglang}`, `127.0.0.1:${sglang + 1}`]);
  });

  it('serves a rate, a quantile and a gauge', async () => {
    const rate = await query('sum(rate(vllm:generation_tokens_total[1m]))');
    expect(Number(rate[0]?.value[1])).toBeGreaterThan(0);
    const p95 = Number((await query('histogram_quantile(0.95, sum by (le) (rate(vllm:time_to_first_token_seconds_bucket[1m])))'))[0]?.value[1]);
    expect(Number.isFinite(p95)).toBe(true);
    expect(p95).toBeGreaterThan(0);
    const usage = await query('sglang:token_usage');
    expect(usage.length).toBeGreaterThan(0);
    for (const s of usage) {
      expect(Number(s.value[1])).toBeGreaterThanOrEqual(0);
      expect(Number(s.value[1])).toBeLessThanOrEqual(1);
    }
  });

  it('holds the backfilled history', async () => {
    const end = Date.now() / 1000;
    const q = encodeURIComponent('sum(vllm:num_requests_running)');
    // Only the backfilled window: from 10 min ago until 1 min before the live scrape began.
    const body = await get<MatrixResponse>(`${stack.promUrl}/api/v1/query_range?query=${q}&start=${end - 600}&end=${end - 60}&step=15`);
    expect(body.data.result[0]?.values.length ?? 0).toBeGreaterThan(30);
  });
});

describe('scrape jobs', () => {
  it('has one job per engine, named after it, with trtllm-serve on /prometheus/metrics and dead targets of any engine', () => {
    const fleet = createFleet({ engines: [{ id: 'trtllm', port: 9300, instances: 1 }, 'lmdeploy'], startMs: 0 });
    const jobs = scrapeJobs(fleet, { vllm: ['127.0.0.1:1'], trtllm: ['127.0.0.1:2'] });
    expect(jobs).toEqual([
      { job: 'vllm', metricsPath: '/metrics', targets: ['127.0.0.1:1'] },
      { job: 'lmdeploy', metricsPath: '/metrics', targets: ['127.0.0.1:23333', '127.0.0.1:23334'] },
      { job: 'trtllm', metricsPath: '/prometheus/metrics', targets: ['127.0.0.1:9300', '127.0.0.1:2'] },
    ]);
    const config = scrapeConfig(jobs, '5s');
    expect(config).toContain("  - job_name: trtllm\n    metrics_path: /prometheus/metrics\n    static_configs:\n      - targets: ['127.0.0.1:9300', '127.0.0.1:2']");
    expect(config.match(/metrics_path/g)).toHaveLength(1);
  });
});

describe.skipIf(!existsSync(PROMETHEUS))('stack with LMDeploy and trtllm-serve (real Prometheus)', () => {
  let stack: Stack;
  const query = async (q: string): Promise<VectorResponse['data']['result']> =>
    (await get<VectorResponse>(`${stack.promUrl}/api/v1/query?query=${encodeURIComponent(q)}`)).data.result;

  beforeAll(async () => {
    const base = await freePortBlock(3);
    stack = await startStack({
      promPort: base,
      engines: [
        { id: 'lmdeploy', port: base + 1, instances: 1 },
        { id: 'trtllm', port: base + 2, instances: 1 },
      ],
      backfillMinutes: 5,
      seed: 2,
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('scrapes both jobs, and rates and quantiles come out', async () => {
    const up = await query('up == 1');
    expect(up.map((s) => s.metric.job).sort()).toEqual(['lmdeploy', 'trtllm']);
    for (const q of ['sum(rate(lmdeploy:generation_tokens_total[1m]))', 'sum(rate(trtllm_request_success_total[1m]))']) {
      expect(Number((await query(q))[0]?.value[1]), q).toBeGreaterThan(0);
    }
    const p50 = Number((await query('histogram_quantile(0.5, sum by (le) (rate(trtllm_time_to_first_token_seconds_bucket[2m])))'))[0]?.value[1]);
    expect(p50).toBeGreaterThan(0);
    expect(p50).toBeLessThan(10);
  });
});
