// Signals come from the roles of every registered engine: what each can measure, what is inferred,
// and the glue that sends them in a few requests.
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../catalog';
import { decompose } from './decompose';
import { infoCapacity, instanceFigures, modelFigures } from './inputs';
import { diagnosisSignals, glue, SIGNAL_LABEL } from './signals';

const ids = (engine: keyof typeof catalogs, level = 'model') => diagnosisSignals(catalogs[engine]).filter((s) => s.level === level).map((s) => s.id);

describe('diagnosis signals', () => {
  it('LMDeploy and trtllm-serve export no preemption counter: no preemption signal, so preemption storm is not run nor listed as checked (issue 58)', async () => {
    const { MODEL_RULES, checkable } = await import('./verdicts');
    const storm = MODEL_RULES.find((r) => r.id === 'preemption-storm')!;
    for (const engine of ['lmdeploy', 'trtllm'] as const) {
      expect(ids(engine)).not.toContain('preemptions');
      const f = Object.fromEntries(ids(engine).map((id) => [id, 1]));
      expect(checkable(storm, f)).toBe(false);
    }
    expect(ids('vllm')).toContain('preemptions');
  });

  it('are built for every registered engine from its roles', () => {
    for (const engine of Object.keys(catalogs) as Array<keyof typeof catalogs>) {
      expect(ids(engine)).toContain('requests');
      expect(ids(engine)).toContain('ttft_sum');
    }
    expect(ids('vllm')).toEqual(expect.arrayContaining(['prefill_sum', 'decode_sum', 'prefix_hits', 'preemptions']));
    // SGLang has no prefill/decode histograms (inferred) and a hit-rate gauge instead of counters.
    expect(ids('sglang')).not.toContain('prefill_sum');
    expect(ids('sglang')).toContain('prefix_hit_gauge');
    // trtllm-serve has no ITL histogram and no preemption counter: not asked.
    expect(ids('trtllm')).not.toContain('itl_p95');
    expect(ids('trtllm')).not.toContain('preemptions');
    expect(ids('sglang', 'instance')).toContain('kv_capacity_tokens');
    expect(ids('vllm', 'instance')).toContain('kv_capacity_info');
  });

  it('summarise the whole range and group by the view', () => {
    for (const s of diagnosisSignals(catalogs.vllm)) {
      expect(s.expr).toContain('$__range');
      expect(s.expr).toContain('$__by');
      expect(s.expr).not.toContain('$__rate_interval');
    }
  });

  it('are glued eight to a query, each tagged with its id', () => {
    const parts = Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, expr: `x${i}` }));
    const q = glue(parts);
    expect(q).toHaveLength(2);
    expect(q[0]).toBe(parts.slice(0, 8).map((p) => `label_replace(${p.expr}, "${SIGNAL_LABEL}", "${p.id}", "", "")`).join(' or '));
  });
});

describe('inputs and decomposition', () => {
  const v = (labels: Record<string, string>, value: string) => ({ metric: labels, value: [0, value] as [number, string] });

  it('drops NaN and ±Inf (an idle ratio is no figure) and keys by model', () => {
    const m = modelFigures([v({ iw_signal: 'ttft_p95', model_name: 'a' }, 'NaN'), v({ iw_signal: 'requests', model_name: 'a' }, '2')], 'model_name');
    expect(m.get('a')).toEqual({ requests: 2 });
  });

  it('reads vLLM KV capacity from cache_config_info labels, summed over DP engines', () => {
    expect(infoCapacity({ num_gpu_blocks: '3750', block_size: '16' })).toBe(60_000);
    expect(infoCapacity({ kv_cache_size_tokens: '1000', num_gpu_blocks: '1', block_size: '1' })).toBe(1000);
    const rows = instanceFigures(
      [
        v({ iw_signal: 'kv_capacity_info', instance: 'h:1', engine: '0', num_gpu_blocks: '100', block_size: '16' }, '1'),
        v({ iw_signal: 'kv_capacity_info', instance: 'h:1', engine: '1', num_gpu_blocks: '100', block_size: '16' }, '1'),
        v({ iw_signal: 'kv_now', instance: 'h:1', model_name: 'a' }, '0.5'),
      ],
      'model_name',
      'instance',
    );
    expect(rows).toEqual([{ model: 'a', instance: 'h:1', values: { kv_now: 0.5 }, kvCapacityTokens: 3200 }]);
  });

  it('splits vLLM TTFT into measured queue + prefill + rest, and names the dominant term', () => {
    const d = decompose({ ttft_sum: 10, ttft_count: 10, queue_sum: 6, queue_count: 10, prefill_sum: 3, prefill_count: 10, decode_sum: 20, decode_count: 10, e2e_sum: 30, e2e_count: 10 });
    expect(d.ttft?.terms.map((t) => [t.term, +t.mean.toFixed(3), t.source])).toEqual([
      ['queue', 0.6, 'measured'],
      ['prefill', 0.3, 'measured'],
      ['rest', 0.1, 'inferred'],
    ]);
    expect(d.ttft?.dominant).toBe('queue');
    expect(d.ttft?.excess).toBe(0);
    // Parts that exceed the whole (9.81 s of prefill in a 9.69 s TTFT): the residual is kept, not hidden.
    const over = decompose({ ttft_sum: 9.69, ttft_count: 1, queue_sum: 0, queue_count: 1, prefill_sum: 9.81, prefill_count: 1 });
    expect(over.ttft?.excess).toBeCloseTo(0.12);
    expect(over.ttft?.terms.find((t) => t.term === 'rest')?.mean).toBe(0);
    expect(d.e2e?.dominant).toBe('decode');
    expect(d.e2e?.terms.reduce((s, t) => s + t.share, 0)).toBeCloseTo(1);
  });

  it('infers SGLang prefill (TTFT − queue) and decode (E2E − TTFT), and says so', () => {
    const d = decompose({ ttft_sum: 10, ttft_count: 10, queue_sum: 2, queue_count: 10, e2e_sum: 50, e2e_count: 10, queue_p95: 0.5 });
    expect(d.ttft?.terms.map((t) => [t.term, +t.mean.toFixed(3), t.source])).toEqual([
      ['queue', 0.2, 'measured'],
      ['prefill', 0.8, 'inferred'],
    ]);
    expect(d.e2e?.terms.find((t) => t.term === 'decode')).toMatchObject({ mean: 4, source: 'inferred' });
  });
});

describe('engine starts (change markers)', () => {
  const v = (instance: string, edge: string, value: number) => ({ metric: { instance, iw_edge: edge }, value: [0, String(value)] as [number, string] });
  it('a start inside the range after an earlier one is a restart; one before the range is no marker', async () => {
    const { startsInRange } = await import('./change-markers');
    const out = startsInRange([v('a', 'first', 100), v('a', 'last', 1500), v('b', 'first', 100), v('b', 'last', 100), v('c', 'first', 1200), v('c', 'last', 1200)], 'instance', 1000, 2000);
    expect(out).toEqual([
      { instance: 'c', t: 1_200_000, restart: false },
      { instance: 'a', t: 1_500_000, restart: true },
    ]);
  });
});
