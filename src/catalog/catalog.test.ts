// Catalog invariants: ids, sections, stats, names against the ground truth, and that every
// expanded query parses as PromQL — with hostile filter values and with none.
import { describe, expect, it } from 'vitest';
import { catalogs } from './index';
import { expandQuery, referencedMetrics, type ExpandContext } from './promql';
import { resolveMetrics } from './resolve';
import { currentSeries, legacySeries, promqlErrors } from '../../test-support/catalog';
import { CORE_PANEL_IDS } from './core-panels';
import { SECTION_IDS, type EngineCatalog, type EngineId, type QuerySpec, type SectionId } from './types';

const CORE: Record<string, SectionId> = {
  'request-rate': 'requests',
  'output-tokens-rate': 'throughput',
  'prompt-tokens-rate': 'throughput',
  ttft: 'latency',
  itl: 'latency',
  'e2e-latency': 'latency',
  'queue-time': 'latency',
  'running-requests': 'saturation',
  'waiting-requests': 'saturation',
  'kv-cache-usage': 'saturation',
  preemptions: 'saturation',
  'prefix-cache-hit-rate': 'cache',
};

// Names the catalog tries that the ground-truth JSON does not list, each with its reason.
// `up` is written by Prometheus for every target, not by the engine; SGLang's multiprocess client
// has no process collector, so process_start_time_seconds is in vLLM's spec only.
const OFF_SPEC: Record<EngineId, string[]> = {
  vllm: ['up'],
  sglang: [
    'up',
    'process_start_time_seconds',
    // Spellings the product brief asked for (fork builds); harmless when absent.
    'sglang:num_requests_running',
    'sglang:num_requests_waiting',
    'sglang:time_per_output_token_seconds_bucket',
    'sglang:time_per_output_token_seconds_sum',
    'sglang:time_per_output_token_seconds_count',
    // Bare family names: these were gauges before they became histograms (JSON notes).
    'sglang:kv_transfer_latency_ms',
    'sglang:kv_transfer_speed_gb_s',
  ],
  // The Python process collector of the api_server's default registry (not in LMDeploy's own loggers).
  lmdeploy: ['up', 'process_start_time_seconds'],
  // trtllm-serve runs prometheus_client in multiprocess mode: no process collector either way.
  trtllm: ['up', 'process_start_time_seconds'],
};

const HOSTILE = ['a"b\\c\n<script>', 'x|y.*', '$__rate_interval {{running}}', 'ünï\tcode'];

function allQueries(c: EngineCatalog): Array<{ where: string; query: QuerySpec }> {
  return [
    ...c.panels.flatMap((p) => p.queries.map((query) => ({ where: `${p.id}/${query.id}`, query }))),
    // A column the engine has no role for is never queried.
    ...c.panels.flatMap((p) => (p.table?.columns ?? []).filter((col) => !col.notAvailable).map((col) => ({ where: `${p.id}/${col.id}`, query: col.query }))),
    ...c.stats.map((s) => ({ where: `stat ${s.id}`, query: s.query })),
  ];
}

/** Resolve every metric to one of its variants as written (0 = current, -1 = last). */
function resolveTo(c: EngineCatalog, pick: 'current' | 'legacy') {
  const names = Object.values(c.metrics).map((m) => (pick === 'current' ? m.variants[0] : m.variants.at(-1)) ?? '');
  return resolveMetrics(c.metrics, new Set(names));
}

describe.each(Object.values(catalogs).map((c) => [c.engine, c] as const))('%s catalog', (engine, c) => {
  it('has unique kebab-case panel ids and stable core ids in the right sections', () => {
    const ids = c.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const [id, section] of Object.entries(CORE)) {
      expect(c.panels.find((p) => p.id === id)?.section, id).toBe(section);
    }
    // The shared list the comparisons and the e2e checks use is this one.
    expect([...CORE_PANEL_IDS].sort()).toEqual(Object.keys(CORE).sort());
  });

  it('fills every section, in order', () => {
    for (const s of SECTION_IDS) expect(c.panels.some((p) => p.section === s), s).toBe(true);
    const order = c.panels.flatMap((p) => (p.section === 'overview' ? [] : [SECTION_IDS.indexOf(p.section)]));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('has the ten stats (less those whose metric the engine lacks), each pointing at an existing panel, aggregated to one series', () => {
    const lacking = new Set([...(c.roles?.itl ? [] : ['itl-p95']), ...(c.roles?.failures ? [] : ['abort-error-rate'])]);
    expect(c.stats.map((s) => s.id)).toEqual(
      [
        'request-rate',
        'output-tokens-rate',
        'ttft-p95',
        'itl-p95',
        'e2e-p95',
        'running',
        'waiting',
        'kv-cache-usage',
        'prefix-cache-hit-rate',
        'abort-error-rate',
      ].filter((id) => !lacking.has(id)),
    );
    for (const s of c.stats) {
      expect(c.panels.some((p) => p.id === s.panelId), s.id).toBe(true);
      for (const a of s.query.alternatives) expect(a.expr, s.id).not.toMatch(/\$__by/);
    }
  });

  it('derives sum-type tiles from a panel query whose groups add up to the total', () => {
    const derived = c.stats.filter((s) => s.sumOf);
    expect(derived.length).toBeGreaterThanOrEqual(4);
    for (const s of derived) {
      const q = c.panels.find((p) => p.id === s.sumOf?.panelId)?.queries.find((x) => x.id === s.sumOf?.queryId);
      expect(q, s.id).toBeDefined();
      // Every alternative is an outer `sum by (…$__by…)`: adding its series gives the tile's total.
      for (const a of q!.alternatives) expect(a.expr, s.id).toMatch(/^sum by \([^)]*\$__by[^)]*\) \(/);
      // And the tile's own query is the same sum without grouping.
      for (const a of s.query.alternatives) expect(a.expr, s.id).toMatch(/^sum\(/);
    }
  });

  it('gives every panel queries or an explanation, and references only known metrics', () => {
    expect(c.metrics[c.presenceMetric]).toBeDefined();
    for (const p of c.panels) {
      if (p.notAvailable) expect(p.queries, p.id).toHaveLength(0);
      else if (p.chart === 'table') expect(p.table?.columns.length, p.id).toBeGreaterThan(0);
      else expect(p.queries.length, p.id).toBeGreaterThan(0);
      expect(new Set(p.queries.map((q) => q.id)).size, p.id).toBe(p.queries.length);
      expect(p.description.length, p.id).toBeGreaterThan(10);
    }
    for (const { where, query } of allQueries(c)) {
      for (const id of referencedMetrics(query)) expect(c.metrics[id], `${where}: ${id}`).toBeDefined();
    }
  });

  it('shows p50/p95/p99 on the TTFT, ITL, E2E and queue panels', () => {
    for (const id of ['ttft', 'itl', 'e2e-latency', 'queue-time']) {
      const p = c.panels.find((x) => x.id === id);
      if (p?.notAvailable) continue;
      expect(p?.queries.map((q) => q.id)).toEqual(['p50', 'p95', 'p99']);
    }
  });

  it('only uses series names the ground truth knows (current or legacy)', () => {
    const known = new Set([...currentSeries(engine), ...legacySeries(engine), ...OFF_SPEC[engine]]);
    const used = new Set(Object.values(c.metrics).flatMap((m) => m.variants));
    for (const name of used) expect(known.has(name), name).toBe(true);
    for (const name of OFF_SPEC[engine]) expect(used.has(name), `unused allowlist entry ${name}`).toBe(true);
    // Current names come first: variant 0 is exposed today (except the legacy-kind metrics).
    for (const m of Object.values(c.metrics)) {
      const first = m.variants[0] ?? '';
      if (!currentSeries(engine).includes(first)) {
        expect(legacySeries(engine).includes(first) || OFF_SPEC[engine].includes(first), `${m.id}: ${first}`).toBe(true);
      }
    }
  });

  const filterSets: Array<[string, Record<string, string[]>]> = [
    ['no filters', {}],
    ['hostile filters', { model_name: HOSTILE, instance: ['h:8000'], [c.filterLabels.rank[0] ?? 'x']: ['0', '1'] }],
    ['one value each', { model_name: [HOSTILE[0] ?? ''], instance: ['10.0.0.1:8000'] }],
  ];
  const bys = [['model_name'], [], ['model_name', 'instance'], ['instance', ...c.filterLabels.rank]];

  it.each(filterSets)('expands every query to valid PromQL (%s)', (_name, filters) => {
    for (const pick of ['current', 'legacy'] as const) {
      const resolved = resolveTo(c, pick);
      for (const by of bys) {
        const ctx: ExpandContext = { resolved, filters, rateInterval: '1m30s', by, gpuPeakFlops: 989e12 };
        for (const { where, query } of allQueries(c)) {
          const out = expandQuery(query, c, ctx);
          if ('missing' in out) {
            // With legacy names only, a query built on a current-only metric may be absent.
            expect(pick, `${where}: missing ${out.missing.join(', ')}`).toBe('legacy');
            continue;
          }
          expect(promqlErrors(out.expr), `${where}: ${out.expr}`).toEqual([]);
          // Placeholders are all filled; text inside string literals is user data and stays as is.
          const code = out.expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
          expect(code, where).not.toMatch(/\{\{|\$__|\$gpu_peak_flops/);
          if (filters.model_name?.length === 1 && out.expr.includes('model_name=')) {
            expect(out.expr, where).toContain(String.raw`model_name="a\"b\\c\n<script>"`);
          }
        }
      }
    }
  });

  it.skipIf(!c.panels.some((p) => p.id === 'mfu'))('needs a GPU peak for MFU', () => {
    const mfu = c.panels.find((p) => p.id === 'mfu');
    expect(mfu?.needsGpuPeak).toBe(true);
    const q = mfu?.queries[0];
    if (!q) throw new Error('mfu has no query');
    const ctx: ExpandContext = { resolved: resolveTo(c, 'current'), filters: {}, rateInterval: '1m', by: ['model_name'] };
    expect(expandQuery(q, c, ctx)).toEqual({ missing: ['gpu_peak'] });
  });
});

describe('legacy alternatives', () => {
  const ctx = (c: EngineCatalog, names: string[]): ExpandContext => ({
    resolved: resolveMetrics(c.metrics, new Set(names)),
    filters: { model_name: ['m'] },
    rateInterval: '1m',
    by: ['model_name'],
  });
  const q = (c: EngineCatalog, panelId: string) => {
    const query = c.panels.find((p) => p.id === panelId)?.queries[0];
    if (!query) throw new Error(panelId);
    return query;
  };

  it('uses the vLLM V0 prefix-cache gauge when the counters are absent', () => {
    const out = expandQuery(q(catalogs.vllm, 'prefix-cache-hit-rate'), catalogs.vllm, ctx(catalogs.vllm, ['vllm:gpu_prefix_cache_hit_rate']));
    expect(out).toMatchObject({ alternativeIndex: 1, expr: 'avg by (model_name) (vllm:gpu_prefix_cache_hit_rate{model_name="m", server=""})' });
    expect('note' in out && out.note).toContain('V0');
  });

  it('prefers the vLLM counters, under their legacy gpu_ names, over the V0 gauge', () => {
    const names = ['vllm:gpu_prefix_cache_hits_total', 'vllm:gpu_prefix_cache_queries_total', 'vllm:gpu_prefix_cache_hit_rate'];
    const out = expandQuery(q(catalogs.vllm, 'prefix-cache-hit-rate'), catalogs.vllm, ctx(catalogs.vllm, names));
    expect(out).toMatchObject({
      alternativeIndex: 0,
      expr:
        // production-stack's router serves these names too, with `server` (routers/exclusion.ts).
        'sum by (model_name) (rate(vllm:gpu_prefix_cache_hits_total{model_name="m", server=""}[1m])) / ' +
        '(sum by (model_name) (rate(vllm:gpu_prefix_cache_queries_total{model_name="m", server=""}[1m])) > 0)',
    });
  });

  it('falls back to the SGLang retraction gauge, aggregated over pid and ranks', () => {
    const out = expandQuery(q(catalogs.sglang, 'preemptions'), catalogs.sglang, ctx(catalogs.sglang, ['sglang:num_retracted_reqs']));
    expect(out).toMatchObject({ alternativeIndex: 1, expr: 'sum by (model_name) (sglang:num_retracted_reqs{model_name="m"})' });
  });

  it('reads the SGLang queue histogram under its current and its legacy name', () => {
    const query = q(catalogs.sglang, 'queue-time');
    for (const name of ['sglang:queue_time_seconds_bucket', 'sglang:queue_time_s_bucket', 'sglang_queue_time_seconds_bucket']) {
      const out = expandQuery(query, catalogs.sglang, ctx(catalogs.sglang, [name]));
      // The underscore spelling is also what smg's /engine_metrics re-serves, with `worker_addr`.
      const excl = name.startsWith('sglang_') ? ', worker_addr=""' : '';
      expect('expr' in out && out.expr).toBe(`histogram_quantile(0.5, sum by (le, model_name) (rate(${name}{model_name="m"${excl}}[1m])))`);
    }
  });

  it('counts SGLang running requests with the priority total only', () => {
    const out = expandQuery(q(catalogs.sglang, 'running-requests'), catalogs.sglang, ctx(catalogs.sglang, ['sglang:num_running_reqs']));
    expect('expr' in out && out.expr).toBe('sum by (model_name) (sglang:num_running_reqs{model_name="m", priority=""})');
  });
});
