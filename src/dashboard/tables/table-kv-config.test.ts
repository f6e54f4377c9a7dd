// The instance table's KV-cache configuration columns (vLLM's cache_config_info): one request for
// all six, read from the info gauge's labels, numbers sorted as numbers; SGLang's pool (capacity,
// pages, page size) from its gauges or its legacy info gauge.
import { describe, expect, it } from 'vitest';
import { buildRows, sortRows } from './table-data';
import { catalogs } from '../../catalog';
import { expandQuery } from '../../catalog/promql';
import { resolveMetrics } from '../../catalog/resolve';
import { currentSeries } from '../../../test-support/catalog';
import type { EngineCatalog, PanelSpec } from '../../catalog/types';

const CONFIG_IDS = ['kv-capacity', 'kv-blocks', 'block-size', 'max-concurrency', 'kv-dtype', 'prefix-caching'];

function instanceTable(c: EngineCatalog): PanelSpec {
  const p = c.panels.find((x) => x.id === 'instance-table');
  if (!p?.table) throw new Error('no instance table');
  return p;
}

describe('KV-cache configuration columns', () => {
  const table = instanceTable(catalogs.vllm);
  const spec = table.table!;
  const config = spec.columns.filter((c) => CONFIG_IDS.includes(c.id));

  it('vLLM: six columns that expand to one PromQL, grouped by instance, rank and the config labels', () => {
    expect(config.map((c) => c.id)).toEqual(CONFIG_IDS);
    const ctx = {
      resolved: resolveMetrics(catalogs.vllm.metrics, new Set(currentSeries('vllm'))),
      filters: { model_name: ['m'] },
      rateInterval: '1m',
      by: ['instance', 'engine'],
      range: 1800,
    };
    const exprs = new Set(config.map((c) => {
      const e = expandQuery(c.query, catalogs.vllm, ctx);
      if ('missing' in e) throw new Error(`missing ${e.missing.join()}`);
      return e.expr;
    }));
    expect(exprs.size).toBe(1);
    const [expr] = [...exprs];
    expect(expr).toContain('max by (instance, engine, kv_cache_size_tokens, num_gpu_blocks, block_size, kv_cache_max_concurrency, cache_dtype, enable_prefix_caching)');
    // The info gauge has no model_name: the model filter narrows it through the running gauge.
    expect(expr).toContain('vllm:cache_config_info and on (instance) vllm:num_requests_running{model_name="m", server=""}');
  });

  describe('SGLang', () => {
    const sg = instanceTable(catalogs.sglang).table!;
    const cols = sg.columns.filter((c) => CONFIG_IDS.includes(c.id));
    const expand = (names: string[], id: string) => {
      const c = cols.find((x) => x.id === id);
      if (!c) throw new Error(id);
      const ctx = { resolved: resolveMetrics(catalogs.sglang.metrics, new Set(names)), filters: {}, rateInterval: '1m', by: ['instance', 'tp_rank'], range: 1800 };
      return expandQuery(c.query, catalogs.sglang, ctx);
    };

    it('has capacity, pages and page size, not the vLLM-only fields', () => {
      expect(cols.map((c) => c.id)).toEqual(['kv-capacity', 'kv-blocks', 'block-size']);
    });

    it('reads pages and page size from the 2026 gauges, else from the legacy cache_config_info labels', () => {
      const today = expand(['sglang:num_pages', 'sglang:page_size', 'sglang:cache_config_info'], 'kv-blocks');
      expect(today).toMatchObject({ alternativeIndex: 0 });
      expect('expr' in today ? today.expr : '').toContain('count_values by (instance, tp_rank) ("page_size", max by (instance, tp_rank) (sglang:page_size))');
      const legacy = expand(['sglang:cache_config_info'], 'block-size');
      expect(legacy).toMatchObject({ alternativeIndex: 1, expr: 'max by (instance, tp_rank, page_size, num_pages) (sglang:cache_config_info)' });
      // Both give the labels the cells read as numbers.
      const answer = [{ metric: { instance: 'a:30000', tp_rank: '0', page_size: '16', num_pages: '4096' }, value: [1, '1'] as [number, string] }];
      const rows = buildRows(sg, { primary: 'instance', rank: ['tp_rank'] }, Object.fromEntries(sg.columns.map((c) => [c.id, ['kv-blocks', 'block-size', 'running'].includes(c.id) ? answer : []])));
      expect([rows[0]?.cells['kv-blocks']?.value, rows[0]?.cells['block-size']?.value]).toEqual([4096, 16]);
    });
  });

  it('reads numbers and text from the labels, capacity as blocks × block size on older engines', () => {
    const info = (instance: string, labels: Record<string, string>) => ({ metric: { instance, ...labels }, value: [1, '1'] as [number, string] });
    const answer = [
      info('new:8000', { engine: '0', kv_cache_size_tokens: '262144', num_gpu_blocks: '16384', block_size: '16', kv_cache_max_concurrency: '32.00', cache_dtype: 'fp8', enable_prefix_caching: 'True' }),
      info('old:8000', { num_gpu_blocks: '2048', block_size: '16', cache_dtype: 'auto', enable_prefix_caching: 'False' }),
      info('odd:8000', { num_gpu_blocks: 'None', block_size: '16', cache_dtype: 'auto', enable_prefix_caching: 'False' }),
    ];
    const answers = Object.fromEntries(spec.columns.map((c) => [c.id, CONFIG_IDS.includes(c.id) ? answer : c.id === 'running' ? answer.map((a) => ({ ...a, value: [1, '2'] as [number, string] })) : []]));
    const rows = buildRows(spec, { primary: 'instance', rank: ['engine'] }, answers);
    const cells = (key: string) => {
      const r = rows.find((x) => x.key === key);
      return Object.fromEntries(CONFIG_IDS.map((id) => [id, r?.cells[id]?.text ?? r?.cells[id]?.value]));
    };
    expect(cells('new:8000')).toEqual({ 'kv-capacity': 262144, 'kv-blocks': 16384, 'block-size': 16, 'max-concurrency': 32, 'kv-dtype': 'fp8', 'prefix-caching': 'True' });
    expect(cells('old:8000')).toEqual({ 'kv-capacity': 32768, 'kv-blocks': 2048, 'block-size': 16, 'max-concurrency': null, 'kv-dtype': 'auto', 'prefix-caching': 'False' });
    // "None" is no number, and no capacity can be derived from it.
    expect(cells('odd:8000')['kv-capacity']).toBeNull();

    // Sorted as numbers (as text "262144" < "32768").
    const capacity = config[0];
    expect(sortRows(rows, capacity, 'desc').map((r) => r.key)).toEqual(['new:8000', 'old:8000', 'odd:8000']);
  });
});
