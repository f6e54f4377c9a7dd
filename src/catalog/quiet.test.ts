import { describe, expect, it } from 'vitest';
import { expandQuery, resolveMetrics, sglangCatalog, vllmCatalog } from './index';
import { neverMovedCandidates, neverMovedProbe, neverMovedReason, noneYetReason, readNeverMovedProbe } from './quiet';
import { currentSeries } from '../../test-support/catalog';
import type { EngineCatalog, PanelSpec } from './types';

function panelOf(catalog: EngineCatalog, id: string): PanelSpec {
  const p = catalog.panels.find((x) => x.id === id);
  if (!p) throw new Error(`no panel ${id}`);
  return p;
}

const sglangAll = new Set(currentSeries('sglang'));
const without = (names: Set<string>, ...drop: string[]) => new Set([...names].filter((n) => !drop.includes(n)));

describe('none yet: families created by their first event', () => {
  it('SGLang before its first abort: the abort panel has none yet, not "not exposed"', () => {
    const resolved = resolveMetrics(sglangCatalog.metrics, without(sglangAll, 'sglang:num_aborted_requests_total'));
    expect(noneYetReason(panelOf(sglangCatalog, 'abort-error-rate'), sglangCatalog, resolved)).toEqual({
      kind: 'none-yet',
      metrics: ['sglang:num_aborted_requests_total'],
      events: ['the first aborted request'],
    });
  });

  it('a fresh SGLang server (scheduler gauges, no finished request yet): the request panels have none yet', () => {
    const resolved = resolveMetrics(sglangCatalog.metrics, new Set(['sglang:num_running_reqs', 'sglang:num_queue_reqs', 'sglang:token_usage']));
    expect(noneYetReason(panelOf(sglangCatalog, 'request-rate'), sglangCatalog, resolved)?.kind).toBe('none-yet');
    expect(noneYetReason(panelOf(sglangCatalog, 'ttft'), sglangCatalog, resolved)?.kind).toBe('none-yet');
  });

  it('an idle vLLM multi-API-server build before #59988 (no scheduler gauges yet): running and KV usage have none yet', () => {
    const gauges = ['vllm:num_requests_running', 'vllm:num_requests_waiting', 'vllm:kv_cache_usage_perc', 'vllm:num_requests_waiting_by_reason'];
    const resolved = resolveMetrics(vllmCatalog.metrics, without(new Set(currentSeries('vllm')), ...gauges));
    for (const id of ['running-requests', 'waiting-requests', 'kv-cache-usage']) {
      expect(noneYetReason(panelOf(vllmCatalog, id), vllmCatalog, resolved), id).toMatchObject({ kind: 'none-yet', events: [expect.stringContaining('#59988')] });
    }
    // Older releases never have the by-reason split: that stays "not exposed".
    expect(noneYetReason(panelOf(vllmCatalog, 'waiting-by-reason'), vllmCatalog, resolved)).toBeNull();
  });

  it('stays "not exposed" when the engine is absent, or when a missing metric is not created lazily', () => {
    expect(noneYetReason(panelOf(sglangCatalog, 'abort-error-rate'), sglangCatalog, new Map())).toBeNull();
    const noMfu = resolveMetrics(vllmCatalog.metrics, new Set(['vllm:num_requests_running']));
    expect(noneYetReason(panelOf(vllmCatalog, 'kv-block-lifetime'), vllmCatalog, noMfu)).toBeNull();
  });
});

describe('never moved: feature counters registered at 0', () => {
  const vllmAll = resolveMetrics(vllmCatalog.metrics, new Set(currentSeries('vllm')));
  const mfu = panelOf(vllmCatalog, 'mfu');
  const candidates = neverMovedCandidates(mfu, vllmCatalog, vllmAll);

  it("vLLM's MFU panel rests on counters that move only with --enable-mfu-metrics", () => {
    expect(candidates).toEqual(['flops']);
    expect(vllmCatalog.metrics.flops?.movesOnlyWith).toBe('--enable-mfu-metrics');
  });

  it('at exactly 0 on every instance that served requests: the feature is off, said with its flag', () => {
    const values = new Map([['flops', new Map([['a:8000', 0], ['b:8000', 0]])]]);
    const served = new Map([['a:8000', 120], ['b:8000', 0]]);
    expect(neverMovedReason(vllmCatalog, candidates, values, served)).toEqual({
      kind: 'never-moved',
      metrics: ['vllm:estimated_flops_per_gpu_total'],
      flags: ['--enable-mfu-metrics'],
    });
  });

  it('not when any serving instance moved, nor when nothing was served (idle is not "off")', () => {
    const moved = new Map([['flops', new Map([['a:8000', 0], ['b:8000', 3e15]])]]);
    expect(neverMovedReason(vllmCatalog, candidates, moved, new Map([['a:8000', 5], ['b:8000', 5]]))).toBeNull();
    const zero = new Map([['flops', new Map([['a:8000', 0]])]]);
    expect(neverMovedReason(vllmCatalog, candidates, zero, new Map([['a:8000', 0]]))).toBeNull();
    expect(neverMovedReason(vllmCatalog, candidates, zero, new Map())).toBeNull();
    // A serving instance without the series at all is not a zero.
    expect(neverMovedReason(vllmCatalog, candidates, zero, new Map([['c:8000', 9]]))).toBeNull();
  });

  it('one probe per panel expands against the resolved names like any query, and reads back per instance', () => {
    const probe = neverMovedProbe(['flops', 'read_bytes'], 'request_success');
    const ctx = { resolved: vllmAll, filters: {}, rateInterval: '1m', by: ['model_name'], range: 3600 };
    expect(expandQuery({ id: 'probe', legend: '', alternatives: [{ expr: probe }] }, vllmCatalog, ctx)).toMatchObject({
      expr:
        'label_replace(max by (instance) (max_over_time(vllm:estimated_flops_per_gpu_total[3600s])), "iw_probe", "flops", "", "")' +
        ' or label_replace(max by (instance) (max_over_time(vllm:estimated_read_bytes_per_gpu_total[3600s])), "iw_probe", "read_bytes", "", "")' +
        ' or label_replace(sum by (instance) (vllm:request_success_total), "iw_probe", "__served", "", "")',
    });
    const read = readNeverMovedProbe([
      { metric: { instance: 'a:8000', iw_probe: 'flops' }, value: 0 },
      { metric: { instance: 'a:8000', iw_probe: 'read_bytes' }, value: 0 },
      { metric: { instance: 'a:8000', iw_probe: '__served' }, value: 42 },
      { metric: { instance: 'b:8000', iw_probe: '__served' }, value: Number.NaN },
      { metric: { instance: 'c:8000' }, value: 1 },
    ]);
    expect(read.served).toEqual(new Map([['a:8000', 42]]));
    expect(read.values).toEqual(new Map([['flops', new Map([['a:8000', 0]])], ['read_bytes', new Map([['a:8000', 0]])]]));
    expect(neverMovedReason(vllmCatalog, ['flops', 'read_bytes'], read.values, read.served)).toMatchObject({ kind: 'never-moved', flags: ['--enable-mfu-metrics'] });
  });
});
