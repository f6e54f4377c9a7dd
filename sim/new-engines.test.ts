// LMDeploy and trtllm-serve profiles: what the board computes from them must make sense - counters
// only grow, histograms are cumulative with +Inf = _count, and the request counts of one engine's
// families agree with each other. Also the fleet's engine layout and trtllm's metrics path.
import { describe, expect, it } from 'vitest';
import { createFleet, instanceSpecs, parseEngines, resolveEngines } from './fleet.ts';
import { parseExposition, type Exposition } from './parse-exposition.ts';
import type { EngineKind } from './spec.ts';

const T0 = Date.UTC(2025, 0, 1, 12);

const key = (s: { name: string; labels: Record<string, string> }): string =>
  `${s.name}{${Object.entries(s.labels)
    .sort()
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}}`;

function snapshots(engine: EngineKind): Exposition[][] {
  const fleet = createFleet({ startMs: T0, seed: 11, engines: [engine], load: 3 });
  return [5, 10, 15].map((min) =>
    fleet.instances.map((i) => {
      i.advanceTo(T0 + min * 60_000);
      return parseExposition(i.renderText());
    }),
  );
}

const sum = (exp: Exposition, name: string, where: (l: Record<string, string>) => boolean = () => true): number =>
  exp.samples.filter((s) => s.name === name && where(s.labels)).reduce((n, s) => n + s.value, 0);

describe.each(['lmdeploy', 'trtllm'] as const)('%s', (engine) => {
  const snaps = snapshots(engine);

  it('keeps counters, histogram counts and sums monotone', () => {
    for (let k = 1; k < snaps.length; k++) {
      snaps[k]!.forEach((exp, i) => {
        const before = new Map(snaps[k - 1]![i]!.samples.map((s) => [key(s), s.value]));
        for (const s of exp.samples) {
          const type = exp.types.get(s.name.replace(/_(total|bucket|sum|count)$/, '')) ?? exp.types.get(s.name);
          if (type === 'gauge') continue;
          expect(s.value, key(s)).toBeGreaterThanOrEqual(before.get(key(s)) ?? 0);
        }
      });
    }
  });

  it('writes cumulative buckets whose +Inf equals _count', () => {
    for (const exp of snaps[2]!) {
      const byChild = new Map<string, { le: number; v: number }[]>();
      for (const s of exp.samples.filter((x) => x.name.endsWith('_bucket'))) {
        const { le, ...rest } = s.labels;
        const k = key({ name: s.name.slice(0, -'_bucket'.length), labels: rest });
        byChild.set(k, [...(byChild.get(k) ?? []), { le: le === '+Inf' ? Infinity : Number(le), v: s.value }]);
      }
      const counts = new Map(exp.samples.filter((s) => s.name.endsWith('_count')).map((s) => [key({ name: s.name.slice(0, -'_count'.length), labels: s.labels }), s.value]));
      expect(byChild.size).toBeGreaterThan(5);
      for (const [k, bs] of byChild) {
        const sorted = [...bs].sort((a, b) => a.le - b.le);
        sorted.forEach((b, j) => j > 0 && expect(b.v, k).toBeGreaterThanOrEqual(sorted[j - 1]!.v));
        expect(sorted.at(-1)?.le, k).toBe(Infinity);
        expect(sorted.at(-1)?.v, k).toBe(counts.get(k));
      }
    }
  });

  it('has traffic, and request counts that agree across families', () => {
    const exp = snaps[2]!;
    if (engine === 'lmdeploy') {
      const success = exp.reduce((n, e) => n + sum(e, 'lmdeploy:request_success_total'), 0);
      const e2e = exp.reduce((n, e) => n + sum(e, 'lmdeploy:e2e_request_latency_seconds_count'), 0);
      const finish = exp.reduce((n, e) => n + sum(e, 'lmdeploy:request_success_total', (l) => l.finished_reason === 'ResponseType.FINISH'), 0);
      expect(success).toBeGreaterThan(100);
      expect(e2e).toBe(success);
      // The succeeded gauge is sampled every 10 s, so it trails the counter a little.
      const gauge = exp.reduce((n, e) => n + sum(e, 'lmdeploy:num_requests_succeeded'), 0);
      expect(gauge).toBeLessThanOrEqual(finish);
      expect(gauge).toBeGreaterThan(finish * 0.9);
      for (const e of exp) for (const s of e.samples.filter((x) => x.name === 'lmdeploy:gpu_cache_usage_perc')) expect(s.value).toBeLessThanOrEqual(1);
      expect(new Set(exp.flatMap((e) => e.samples.map((s) => s.labels.engine)))).toEqual(new Set(['0', '1']));
    } else {
      const success = exp.reduce((n, e) => n + sum(e, 'trtllm_request_success_total'), 0);
      const completed = exp.reduce((n, e) => n + sum(e, 'trtllm_num_requests_completed_total'), 0);
      expect(success).toBeGreaterThan(100);
      expect(completed).toBe(success);
      // Requests cancelled in the queue count as finished but have no timings (zeros are skipped).
      const ttft = exp.reduce((n, e) => n + sum(e, 'trtllm_time_to_first_token_seconds_count'), 0);
      const e2e = exp.reduce((n, e) => n + sum(e, 'trtllm_e2e_request_latency_seconds_count'), 0);
      const ok = exp.reduce((n, e) => n + sum(e, 'trtllm_request_success_total', (l) => l.finished_reason !== 'cancelled'), 0);
      expect(ttft).toBeLessThanOrEqual(e2e);
      expect(e2e).toBeLessThanOrEqual(success);
      expect(ttft).toBeGreaterThanOrEqual(ok);
      for (const e of exp) {
        const max = sum(e, 'trtllm_kv_cache_max_blocks');
        expect(sum(e, 'trtllm_kv_cache_used_blocks') + sum(e, 'trtllm_kv_cache_free_blocks')).toBe(max);
        expect(sum(e, 'trtllm_kv_cache_utilization')).toBeCloseTo(sum(e, 'trtllm_kv_cache_used_blocks') / max, 9);
      }
    }
  });
});

describe('fleet engines', () => {
  it('defaults to vLLM and SGLang, two each, on 8000 and 30000', () => {
    expect(instanceSpecs({}).map((s) => `${s.engine}:${s.port}`)).toEqual(['vllm:8000', 'vllm:8001', 'sglang:30000', 'sglang:30001']);
  });

  it('keeps the flat vllm*/sglang* options and lets engines[] pick others', () => {
    expect(resolveEngines({ vllmPort: 1000, sglangInstances: 0 })).toEqual([
      { id: 'vllm', port: 1000, instances: 2 },
      { id: 'sglang', port: 30000, instances: 0 },
    ]);
    const specs = instanceSpecs({ engines: ['lmdeploy', { id: 'trtllm', port: 9000, instances: 1 }, 'vllm'], vllmInstances: 1 });
    expect(specs.map((s) => `${s.engine}:${s.port}:${s.ranks}`)).toEqual(['lmdeploy:23333:1', 'lmdeploy:23334:2', 'trtllm:9000:1', 'vllm:8000:1']);
  });

  it('parses --engines lists', () => {
    expect(parseEngines('vllm, trtllm,vllm')).toEqual(['vllm', 'trtllm']);
    expect(() => parseEngines('vllm,tgi')).toThrow(/unknown engine "tgi"/);
  });
});
