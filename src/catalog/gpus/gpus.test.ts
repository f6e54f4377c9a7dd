import { describe, expect, it } from 'vitest';
import { vllmCatalog } from '../vllm/catalog';
import { expandQuery } from '../promql';
import { gpuInstanceColumns, gpuModelColumns, withGpuColumns } from './columns';
import { literalReplacement, normalised, priceVector } from './promql';
import { resolvePrices } from './prices';
import { resolveMetrics } from '../resolve';

describe('GPU prices', () => {
  it('an exact model name wins, else the longest key inside the name; the rest are missing', () => {
    const r = resolvePrices(['NVIDIA H100 80GB HBM3', 'NVIDIA A100-SXM4-80GB', 'NVIDIA H100 NVL'], { h100: 2, 'H100 80GB': 3, 'NVIDIA H100 NVL': 4 });
    expect([...r.prices]).toEqual([
      ['NVIDIA H100 80GB HBM3', 3],
      ['NVIDIA H100 NVL', 4],
    ]);
    expect(r.missing).toEqual(['NVIDIA A100-SXM4-80GB']);
  });
  it('a price typed in the page overrides config.json', () => {
    expect(resolvePrices(['L4'], { L4: 0.8 }, { L4: 0.5 }).prices.get('L4')).toBe(0.5);
  });
  it('the price vector escapes the model name for PromQL, label_replace and the template reader', () => {
    expect(priceVector(new Map())).toBeNull();
    expect(literalReplacement('a"b$1{{x}}')).toBe('a\\"b$$1\\x7b\\x7bx\\x7d\\x7d');
    expect(priceVector(new Map([['H100', 2.9]]))).toBe('(label_replace(vector(2.9), "modelName", "H100", "", ""))');
  });
});

describe('GPU PromQL', () => {
  it('normalises both label forms and drops unsupported-field sentinels', () => {
    const n = normalised('DCGM_FI_DEV_GPU_UTIL');
    expect(n).toContain('(DCGM_FI_DEV_GPU_UTIL) < 9e18');
    expect(n).toContain('"pod", "$1", "exported_pod", "(.+)"');
    expect(n).toContain('"namespace", "$1", "exported_namespace", "(.+)"');
    expect(n).toContain('"Hostname", "$1", "hostname", "(.+)"');
  });

  const names = new Set(['vllm:num_requests_running', 'vllm:generation_tokens_total', 'vllm:prompt_tokens_total', 'vllm:request_success_total', 'vllm:kv_cache_usage_perc']);
  const resolved = resolveMetrics(vllmCatalog.metrics, names);
  const expand = (q: Parameters<typeof expandQuery>[0]) => {
    const r = expandQuery(q, vllmCatalog, { resolved, filters: {}, rateInterval: '1m', by: ['instance'], range: 900 });
    if (!('expr' in r)) throw new Error(`missing ${r.missing.join(',')}`);
    return r.expr;
  };

  it('instance columns expand with the engine names, join by pod or else by IP, and leave hostNetwork pods out', () => {
    const roles = vllmCatalog.roles!;
    const cols = gpuInstanceColumns(roles, priceVector(new Map([['H100', 2]])));
    expect(cols.map((c) => c.id)).toEqual(['gpu-count', 'gpu-util', 'gpu-memory', 'gpu-power', 'tok-per-gpu-s', 'tok-per-joule', 'usd-per-1m-output', 'usd-per-1m-total']);
    const tps = expand(cols.find((c) => c.id === 'tok-per-gpu-s')!.query);
    expect(tps).toContain('vllm:num_requests_running{pod!="", server=""}');
    expect(tps).toContain('kube_pod_info{host_network!="true"}');
    expect(tps).toContain('rate(vllm:generation_tokens_total[900s])');
    expect(tps).toContain('count by (namespace, pod)');
    // Efficiency outliers use the instance table's rule (a bad direction set).
    expect(cols.find((c) => c.id === 'tok-per-gpu-s')?.worse).toBe('lower');
  });

  it('without prices there are no cost columns; the model table sums GPUs over its instances', () => {
    const roles = vllmCatalog.roles!;
    expect(gpuInstanceColumns(roles, null).some((c) => c.id.startsWith('usd'))).toBe(false);
    const m = gpuModelColumns(roles, 'model_name', null);
    expect(expand(m.find((c) => c.id === 'gpu-count')!.query)).toMatch(/^sum by \(model_name\) \(group by \(instance, model_name\)/);
  });

  it('only the two fleet tables are widened', () => {
    const chart = vllmCatalog.panels.find((p) => p.chart !== 'table')!;
    expect(withGpuColumns(chart, vllmCatalog.roles, 'model_name', null)).toBe(chart);
  });
});
