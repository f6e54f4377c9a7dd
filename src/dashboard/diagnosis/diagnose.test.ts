// The whole diagnosis on hand-made figures: worst first, no verdict without traffic, no outlier
// check with one instance per model, the instance table's outlier rule, SLO burn.
import { describe, expect, it } from 'vitest';
import { diagnose } from './diagnose';
import type { InstanceFigures, ModelFigures } from './inputs';

const base: ModelFigures = { requests: 5, ttft_sum: 0.2, ttft_count: 5, queue_sum: 0, queue_count: 5, e2e_sum: 18, e2e_count: 5, kv_max: 0.3, kv_mean: 0.1, preemptions: 0 };
const inst = (model: string, instance: string, ttft: number, itl = 0.02): InstanceFigures => ({ model, instance, values: { ttft_p95: ttft, itl_mean: itl, kv_now: 0.2 }, kvCapacityTokens: 60_000 });

describe('diagnose', () => {
  it('no traffic in the range: no verdict, and said so', () => {
    const d = diagnose(new Map([['a', { ...base, requests: 0, kv_max: 1, preemptions: 9 }]]), []);
    expect(d.noTraffic).toBe(true);
    expect(d.findings).toEqual([]);
  });

  it('orders findings critical first, then by how far past the threshold', () => {
    const red = { ttft_p95: 8, queued_share: 0.9 };
    const models = new Map<string, ModelFigures>([
      ['storm', { ...base, ...red, preemptions: 10, kv_max: 1 }],
      ['kv', { ...base, ...red, kv_max: 0.99, queue_sum: 0.15 }],
      ['mild', { ...base, preemptions: 1.5, ttft_p95: 1.5 }],
    ]);
    const d = diagnose(models, []);
    // (The slow TTFT without queueing also names prefill-bound on storm and mild: left out here.)
    const causes = d.findings.filter((f) => f.id !== 'prefill-bound');
    expect(causes.map((f) => `${f.id}:${f.model}:${f.severity}`)).toEqual(['preemption-storm:storm:critical', 'kv-capacity:kv:critical', 'preemption-storm:mild:warning']);
    expect(d.noTraffic).toBe(false);
  });

  it('one instance per model: no outlier check, and said so', () => {
    const d = diagnose(new Map([['a', base]]), [inst('a', 'h:1', 5)]);
    expect(d.singleInstance).toBe(true);
    expect(d.checked).not.toContain('instance-outlier');
  });

  it('an instance far above its peers (median of the others, MAD) is the outlier of its model', () => {
    const d = diagnose(new Map([['a', base], ['b', base]]), [inst('a', 'h:1', 0.4, 0.08), inst('a', 'h:2', 0.1), inst('a', 'h:3', 0.2), inst('b', 'h:4', 3)]);
    const o = d.findings.filter((f) => f.id === 'instance-outlier');
    expect(o.map((f) => f.instance)).toEqual(['h:1']);
    expect(o[0]?.evidence.ttft_p95_median?.value).toBeCloseTo(0.15);
  });

  it('several outliers of one model are one finding: the instances slowest first, the figures of the slowest', () => {
    const a = [inst('a', 'h:1', 0.9), inst('a', 'h:2', 0.1), inst('a', 'h:3', 0.12), inst('a', 'h:4', 0.11), inst('a', 'h:5', 1.5), inst('a', 'h:6', 0.1)];
    const d = diagnose(new Map([['a', base], ['b', base]]), [...a, inst('b', 'h:7', 0.1), inst('b', 'h:8', 0.11), inst('b', 'h:9', 0.1), inst('b', 'h:10', 2)]);
    const o = d.findings.filter((f) => f.id === 'instance-outlier');
    expect(o.map((f) => `${f.model}:${f.instance}:${f.instances?.join(',') ?? '-'}`).sort()).toEqual(['a:h:5:h:5,h:1', 'b:h:10:-']);
    const group = o.find((f) => f.model === 'a')!;
    expect(group.evidence.ttft_p95?.value).toBe(1.5);
    expect(group.evidence.ttft_p95_median?.value).toBeCloseTo(0.11);
  });

  it('SLO burn from the SLO feature: warning past 1×, critical past the page rate', () => {
    const d = diagnose(new Map([['a', base]]), [], [{ kind: 'ttft', threshold: 0.5, burn: 20 }, { kind: 'itl', threshold: 0.1, burn: 0.5 }]);
    expect(d.findings.map((f) => `${f.id}:${f.severity}`)).toEqual(['slo-burn:critical']);
    // A symptom: listed after the cause even when the cause is only a warning.
    const both = diagnose(new Map([['a', { ...base, preemptions: 1.5 }]]), [], [{ kind: 'ttft', threshold: 0.5, burn: 20 }]);
    expect(both.findings.map((f) => f.id)).toEqual(['preemption-storm', 'slo-burn']);
  });

  it('gives each served model its latency split and headroom', () => {
    const d = diagnose(new Map([['a', base]]), [inst('a', 'h:1', 0.1)]);
    expect(d.models[0]?.latency.ttft?.dominant).toBe('prefill');
    expect(d.models[0]?.capacity?.headroom).toBeCloseTo(0.9 / 0.1 - 1);
    expect(d.models[0]?.capacity?.instances[0]?.freeTokens).toBe(48_000);
  });
});

describe('evidence sentence', () => {
  it('fills the template, adds the extras it has figures for, and ends in the language', async () => {
    const { evidenceText } = await import('./region');
    const { en } = await import('../../i18n/diagnosis');
    const { zh } = await import('../../i18n/zh/diagnosis');
    const f = diagnose(new Map([['a', { ...base, kv_max: 0.99, queue_sum: 0.15 }]]), []).findings[0]!;
    const e = { kvMax: '99 %', queueShare: '75 %', queueMean: '30 ms', ttftMean: '40 ms', preemptions: '0 /s', signature: '–' };
    expect(evidenceText(f, e, en.diagnosis, false)).toBe('KV cache peaked at 99 %; queueing is 75 % of mean TTFT (30 ms of 40 ms); 0 /s preemptions.');
    expect(evidenceText(f, e, zh.diagnosis, true)).toMatch(/^KV 缓存峰值 99 %；.*抢占 0 \/s。$/);
  });

  it('says of an outlier group that the figures are the slowest instance\'s', async () => {
    const { evidenceText } = await import('./region');
    const { en } = await import('../../i18n/diagnosis');
    const row = (i: string, ttft: number) => inst('a', i, ttft);
    const f = diagnose(new Map([['a', base]]), [row('h:1', 1), row('h:2', 0.1), row('h:3', 0.11), row('h:4', 0.1), row('h:5', 1.2), row('h:6', 0.12)]).findings.find((x) => x.id === 'instance-outlier')!;
    expect(f.instances).toEqual(['h:5', 'h:1']);
    expect(evidenceText(f, { ttft_p95: '1.20 s', ttft_p95_median: '110 ms' }, en.diagnosis, false)).toBe(
      "Slower than the model's other instances (the figures of the slowest); TTFT p95 1.20 s against 110 ms (median of the others).",
    );
    const { instancesText } = await import('./region');
    expect(en.diagnosis.onInstances(instancesText(['h:5', 'h:1', 'h:7', 'h:8'], en.diagnosis.andMore, false), 'a')).toBe('instances h:5, h:1, h:7 and 1 more (model a)');
    expect(en.diagnosis.onInstances(instancesText(['h:5', 'h:1'], en.diagnosis.andMore, false), 'a')).toBe('instances h:5, h:1 (model a)');
  });
});

describe('the breakdown p95s', () => {
  it("are judged against each phase's own buckets, as a tile's (a first-bucket p95 prints as the bound)", async () => {
    const { phaseQuantilePanel } = await import('./breakdown');
    const { quantileBuckets } = await import('../data/use-quantile-precision');
    const { catalogs } = await import('../../catalog');
    const { tileBound } = await import('../data/use-quantile-precision');
    const roles = catalogs.vllm.roles!;
    const buckets = quantileBuckets(phaseQuantilePanel(roles));
    expect(buckets.get('queue')).toEqual([`${roles.queueTime!.id}_bucket`]);
    expect(buckets.get('ttft')).toEqual([`${roles.ttft!.id}_bucket`]);
    // The demo's queue of exactly 0 s printed "p95 285 ms" (an interpolation in (0, 0.3]).
    const { en } = await import('../../i18n/en');
    expect(tileBound(0.285, [0.3, 0.5, 0.8, 1, Infinity], 'seconds', en.distribution, 'en')?.title).toBe('< 300 ms, first bucket');
  });
});
