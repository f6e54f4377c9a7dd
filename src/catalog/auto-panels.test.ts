// The "Other metrics" families and their automatic panels: what is listed, which kind, and that
// each family costs one valid PromQL query whatever its name.
import { describe, expect, it } from 'vitest';
import { autoPanelId } from './auto-panel-id';
import { buildAutoPanels, MAX_OTHER_FAMILIES, otherFamilies, type MetadataTypes } from './auto-panels';
import { vllmCatalog } from './index';
import { expandQuery } from './promql';
import { resolveMetrics } from './resolve';
import { promqlErrors } from '../../test-support/catalog';

const CATALOG_NAMES = ['vllm:num_requests_running', 'vllm:time_to_first_token_seconds_bucket', 'vllm:time_to_first_token_seconds_sum', 'vllm:time_to_first_token_seconds_count', 'vllm:prompt_tokens_total', 'vllm:prompt_tokens_created'];
const NEW_NAMES = [
  'vllm:tool_router_decisions_total', 'vllm:tool_router_decisions_created',
  'vllm:grammar_queue_depth',
  'vllm:draft_model_latency_seconds_bucket', 'vllm:draft_model_latency_seconds_sum', 'vllm:draft_model_latency_seconds_count',
  'vllm:lb_payload_bytes_sum', 'vllm:lb_payload_bytes_count',
  'vllm:build_info',
  'vllm:scheduled_blocks_count',
];

function families(names: string[], metadata: MetadataTypes | null = null) {
  const resolved = resolveMetrics(vllmCatalog.metrics, new Set(names));
  return { resolved, list: otherFamilies(names, 'vllm', resolved, metadata) };
}

describe('otherFamilies', () => {
  it('lists the engine families the catalog does not use, one entry per family, by name suffix', () => {
    const { list } = families([...CATALOG_NAMES, ...NEW_NAMES, 'http_requests_total', 'up']);
    expect(list.map((f) => [f.family, f.kind, f.typeFrom])).toEqual([
      ['vllm:build_info', 'info', 'suffix'],
      ['vllm:draft_model_latency_seconds', 'histogram', 'suffix'],
      ['vllm:grammar_queue_depth', 'gauge', 'suffix'],
      ['vllm:lb_payload_bytes', 'summary', 'suffix'],
      // `_count` without a `_sum` or buckets is a metric of its own.
      ['vllm:scheduled_blocks_count', 'gauge', 'suffix'],
      ['vllm:tool_router_decisions_total', 'counter', 'suffix'],
    ]);
    expect(list.find((f) => f.kind === 'summary')?.series).toEqual(['vllm:lb_payload_bytes_sum', 'vllm:lb_payload_bytes_count']);
  });

  it('takes the type from the metadata endpoint when it has one', () => {
    const meta: MetadataTypes = {
      'vllm:scheduled_blocks_count': [{ type: 'counter' }],
      'vllm:grammar_queue_depth': [{ type: 'unknown' }],
      // SGLang has gauges whose names end in `_total` (lora_pool_slots_total).
      'vllm:pool_slots_total': [{ type: 'gauge' }],
    };
    const { list } = families([...NEW_NAMES, 'vllm:pool_slots_total'], meta);
    expect(list.find((f) => f.family === 'vllm:pool_slots_total')).toMatchObject({ kind: 'gauge', series: ['vllm:pool_slots_total'] });
    expect(list.find((f) => f.family === 'vllm:scheduled_blocks_count')).toMatchObject({ kind: 'counter', typeFrom: 'metadata' });
    expect(list.find((f) => f.family === 'vllm:grammar_queue_depth')).toMatchObject({ kind: 'gauge', typeFrom: 'suffix' });
  });

  it('treats an underscore-rewritten catalog name as the catalog\'s', () => {
    const { list } = families(['vllm_num_requests_running', 'vllm_new_thing_total']);
    expect(list.map((f) => f.family)).toEqual(['vllm_new_thing_total']);
  });
});

describe('buildAutoPanels', () => {
  const ctx = (resolved: Map<string, never> | ReturnType<typeof resolveMetrics>) => ({
    resolved,
    filters: { model_name: ['a"b', 'c|d'], instance: [] },
    rateInterval: '1m',
    by: ['model_name'],
  });

  it('gives every family one query that expands to valid PromQL, names with odd characters included', () => {
    const names = [...NEW_NAMES, 'vllm:odd.name-with"quote_total'];
    const { resolved, list } = families(names);
    const auto = buildAutoPanels(list, vllmCatalog, resolved, (k) => k);
    expect(auto.charts.length + auto.infos.length).toBe(list.length);
    const queries = [...auto.charts.map((c) => c.panel.queries), ...auto.infos.map((i) => [i.query])];
    for (const qs of queries) {
      expect(qs).toHaveLength(1);
      const r = expandQuery(qs[0]!, auto.catalog, ctx(auto.resolved));
      if ('missing' in r) throw new Error(`missing ${r.missing.join()}`);
      expect(promqlErrors(r.expr), r.expr).toEqual([]);
      expect(r.expr).toContain('model_name=~');
    }
    const odd = auto.charts.find((c) => c.family.family.startsWith('vllm:odd'));
    expect(odd?.panel.id).toBe('other-vllm-odd-name-with-quote-total');
  });

  it('aggregates by model whatever the labels, and caps the number of families', () => {
    const many = Array.from({ length: MAX_OTHER_FAMILIES + 5 }, (_, i) => `vllm:gen_${i}_total`);
    const { resolved, list } = families(many);
    const auto = buildAutoPanels(list, vllmCatalog, resolved, () => '');
    expect(auto.charts).toHaveLength(MAX_OTHER_FAMILIES);
    expect(auto.charts[0]?.panel.queries[0]?.alternatives[0]?.expr).toMatch(/^sum by \(\$__by\) \(rate\(/);
  });

  it('makes kebab-case ids that never collide with a catalog id', () => {
    expect(autoPanelId('vllm:Tool_Calls')).toBe('other-vllm-tool-calls');
    const ids = new Set(vllmCatalog.panels.map((p) => p.id));
    expect(ids.has(autoPanelId('vllm:request_rate'))).toBe(false);
  });
});
