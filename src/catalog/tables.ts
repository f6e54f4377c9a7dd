// The fleet tables, as data: a per-model summary and a per-instance table for each engine. Every
// column is one instant query at the end of the range, grouped by the row labels (`$__by`), so a
// table costs one request per column whatever the number of rows. Quantiles aggregate `le` in
// Prometheus (`sum by (le, $__by)`): the browser never receives buckets per instance.
import { panel, query, ratio } from './define';
import type { ColumnSpec, EngineRoles, PanelSpec, QuerySpec } from './types';
import { sumLifetimeRate } from './lifetime-rate';

const ref = (id: string, matcher?: string) => (matcher ? `{{${id}|${matcher}}}` : `{{${id}}}`);
// Each series' rate over its own lifetime inside the range (src/catalog/lifetime-rate.ts).
const rateRange = (id: string, matcher?: string) => sumLifetimeRate(ref(id, matcher), ref(id));
const p95 = (bucket: string) => `histogram_quantile(0.95, sum by (le, $__by) (rate(${ref(bucket)}[$__range])))`;
const col = (c: Omit<ColumnSpec, 'query'> & { expr: string | QuerySpec }): ColumnSpec => {
  const { expr, ...rest } = c;
  return { ...rest, query: typeof expr === 'string' ? query(c.id, '', expr) : expr };
};

/** A column the engine has no role for: shown, with the reason, and never queried. */
const absent = (id: string, title: string, unit: ColumnSpec['unit'], label: string): ColumnSpec => ({
  id,
  title,
  unit,
  query: { id, legend: '', alternatives: [] },
  notAvailable: `${label} exposes no such metric`,
});
const p95Col = (id: string, title: string, h: EngineRoles['ttft'], label: string): ColumnSpec =>
  h ? col({ id, title, unit: 'seconds', expr: p95(`${h.id}_bucket`), worse: 'higher' }) : absent(id, title, 'seconds', label);

function sharedColumns(m: EngineRoles, label: string): ColumnSpec[] {
  return [
    col({
      id: 'req-rate',
      title: 'Req/s',
      unit: 'reqps',
      expr: m.requestsFallback ? query('req-rate', '', rateRange(m.requests), rateRange(m.requestsFallback)) : rateRange(m.requests),
      worse: 'lower',
    }),
    m.promptTokens ? col({ id: 'prompt-tokens', title: 'Prompt tok/s', unit: 'tokps', expr: rateRange(m.promptTokens) }) : absent('prompt-tokens', 'Prompt tok/s', 'tokps', label),
    m.generationTokens
      ? col({ id: 'output-tokens', title: 'Output tok/s', unit: 'tokps', expr: rateRange(m.generationTokens.id), worse: 'lower' })
      : absent('output-tokens', 'Output tok/s', 'tokps', label),
    p95Col('ttft-p95', 'TTFT p95', m.ttft, label),
    p95Col('itl-p95', 'ITL p95', m.itl, label),
  ];
}

/** The preemptions column under the engine's word ("Retractions/s"). */
const preemptionsCol = (m: EngineRoles, label: string): ColumnSpec =>
  m.preemptions
    ? col({ id: 'preemptions', title: `${m.preemptions.word}/s`, unit: 'ops', expr: rateRange(m.preemptions.id), worse: 'higher' })
    : absent('preemptions', 'Preemptions/s', 'ops', label);

export function modelSummaryPanel(m: EngineRoles, label: string): PanelSpec {
  return panel({
    id: 'model-summary',
    section: 'overview',
    title: 'Models',
    description: 'One row per model over the selected range: load, latency, failures and saturation. Select a row to filter the board to that model.',
    unit: 'count',
    chart: 'table',
    width: 'full',
    table: {
      rows: 'model',
      sort: { column: 'req-rate', dir: 'desc' },
      columns: [
        col({
          id: 'instances',
          title: 'Instances',
          unit: 'count',
          expr: `count by ($__by) (group by ($__by, instance) (last_over_time(${ref(m.running)}[$__range])))`,
        }),
        // Of those, the ones not reporting now (down, or gone); shown inside the Instances cell.
        col({
          id: 'instances-down',
          title: 'Down',
          unit: 'count',
          live: true,
          expr: `count by ($__by) (group by ($__by, instance) (last_over_time(${ref(m.running)}[$__range])) unless on (instance) group by (instance) (${ref(m.running)}))`,
        }),
        ...sharedColumns(m, label),
        p95Col('e2e-p95', 'E2E p95', m.e2e, label),
        m.failures
          ? col({
              id: 'failed-share',
              title: 'Errors + aborts',
              unit: 'ratio',
              expr: ratio(rateRange(m.failures.id, m.failures.matcher), rateRange(m.requests)),
              worse: 'higher',
            })
          : absent('failed-share', 'Errors + aborts', 'ratio', label),
        kvCol('kv-peak', 'Peak KV usage', m, label, (r) => `max by ($__by) (max_over_time(${r}[$__range]))`),
        preemptionsCol(m, label),
      ],
    },
  });
}

export function instanceTablePanel(m: EngineRoles, label: string): PanelSpec {
  // Rows come from the engine's own series seen anywhere in the range, and from `up` for the
  // targets of the same scrape jobs: a crashed engine's metrics vanish, its `up` stays (at 0).
  const seen = `group by (job) (last_over_time(${ref(m.running)}[$__range]))`;
  return panel({
    id: 'instance-table',
    section: 'saturation',
    title: 'Instances',
    description:
      'One row per engine instance (and rank), including scrape targets that are down. Cells that stand out from the same model’s other instances are marked. Select a row to filter the board to it.',
    unit: 'count',
    chart: 'table',
    width: 'full',
    table: {
      rows: 'instance',
      sort: { column: 'status', dir: 'asc' },
      columns: [
        col({ id: 'model', title: 'Model', unit: 'count', label: 'model_name', expr: `group by ($__by, model_name) (last_over_time(${ref(m.running)}[$__range]))` }),
        col({ id: 'status', title: 'Status', unit: 'count', status: 'up', live: true, expr: `max by (instance) ({{up}} and on (job) ${seen})` }),
        col({
          id: 'uptime',
          title: 'Uptime',
          unit: 'seconds',
          expr: `time() - max by (instance) ({{process_start}} and on (instance) group by (instance) (last_over_time(${ref(m.running)}[$__range])))`,
        }),
        // Counter resets: a restarted engine starts its counters again from 0. Works where the
        // process start time is absent (SGLang's multiprocess client has no process collector).
        col({ id: 'restarts', title: 'Restarts', unit: 'count', status: 'restarts', expr: `max by (instance) (resets(${ref(m.requests)}[$__range]))` }),
        ...(m.sleepState ? [col({ id: 'awake', title: 'Awake', unit: 'count', status: 'awake', live: true, expr: `max by ($__by) (${ref(m.sleepState, 'sleep_state="awake"')})` })] : []),
        col({ id: 'running', title: 'Running', unit: 'requests', expr: `sum by ($__by) (${ref(m.running)})`, worse: 'higher' }),
        m.waiting
          ? col({ id: 'waiting', title: 'Waiting', unit: 'requests', expr: `sum by ($__by) (${ref(m.waiting)})`, worse: 'higher' })
          : absent('waiting', 'Waiting', 'requests', label),
        kvCol('kv-usage', 'KV usage', m, label, (r) => `max by ($__by) (${r})`),
        ...sharedColumns(m, label),
        preemptionsCol(m, label),
        ...(m.admissionRejections
          ? [col({ id: 'admission-rejections', title: 'Rejected/s', unit: 'reqps', expr: rateRange(m.admissionRejections), worse: 'higher' })]
          : []),
        ...cacheConfigColumns(m),
        ...(m.kvMemory ? [col({ id: 'kv-memory', title: 'KV memory', unit: 'bytes', expr: `max by ($__by) (${ref(m.kvMemory)})`, worse: 'lower' })] : []),
        ...kvPageColumns(m),
      ],
    },
  });
}

/**
 * The KV-cache configuration of each engine, read from the labels of one info gauge: all six
 * columns share one query (the same PromQL string, so one request). `and on (instance)` the running
 * gauge keeps it to the rows shown: the info gauge has no model_name, so a model filter cannot
 * narrow it (and on older engines no `engine` rank label either: such a cell fills every rank).
 * Engines before `kv_cache_size_tokens` get the capacity as blocks × block size.
 */
function cacheConfigColumns(m: EngineRoles): ColumnSpec[] {
  if (!m.cacheConfig) return [];
  const labels = ['kv_cache_size_tokens', 'num_gpu_blocks', 'block_size', 'kv_cache_max_concurrency', 'cache_dtype', 'enable_prefix_caching'];
  const info = query('kv-config', '', `max by ($__by, ${labels.join(', ')}) (${ref(m.cacheConfig)} and on (instance) ${ref(m.running)})`);
  const num = (id: string, title: string, label: string, unit: ColumnSpec['unit'], orProductOf?: string[]): ColumnSpec => ({
    id,
    title,
    unit,
    label,
    numeric: orProductOf ? { orProductOf } : {},
    query: info,
  });
  return [
    num('kv-capacity', 'KV capacity', 'kv_cache_size_tokens', 'tokens', ['num_gpu_blocks', 'block_size']),
    num('kv-blocks', 'KV blocks', 'num_gpu_blocks', 'count'),
    num('block-size', 'Block size', 'block_size', 'tokens'),
    num('max-concurrency', 'Max concurrency', 'kv_cache_max_concurrency', 'count'),
    { id: 'kv-dtype', title: 'KV dtype', unit: 'count', label: 'cache_dtype', query: info },
    { id: 'prefix-caching', title: 'Prefix caching', unit: 'count', label: 'enable_prefix_caching', query: info },
  ];
}

/**
 * SGLang's KV pool as vLLM's capacity columns show it. Capacity is the pool size in tokens
 * (`max_total_num_tokens`), else pages × page size. Pages and page size come from the 2026 gauges
 * (turned into labels with `count_values`, so that both sources fill the same label columns) or,
 * on ≈0.5.8–0.5.11, from the labels of the legacy `cache_config_info`.
 */
function kvPageColumns(m: EngineRoles): ColumnSpec[] {
  const k = m.kvPages;
  if (!k) return [];
  const fromGauges =
    `count_values by ($__by, page_size) ("num_pages", max by ($__by) (${ref(k.numPages)}) ` +
    `* on ($__by) group_left (page_size) count_values by ($__by) ("page_size", max by ($__by) (${ref(k.pageSize)})))`;
  const pages = query('kv-pages', '', fromGauges, {
    expr: `max by ($__by, page_size, num_pages) (${ref(k.cacheConfig)})`,
    note: 'legacy gauge sglang:cache_config_info (SGLang ≈0.5.8–0.5.11)',
  });
  const capacity = query('kv-capacity', '', `max by ($__by) (${ref(k.capacityTokens)})`, `max by ($__by) (${ref(k.numPages)}) * on ($__by) max by ($__by) (${ref(k.pageSize)})`);
  return [
    { id: 'kv-capacity', title: 'KV capacity', unit: 'tokens', query: capacity },
    { id: 'kv-blocks', title: 'KV pages', unit: 'count', label: 'num_pages', numeric: {}, query: pages },
    { id: 'block-size', title: 'Page size', unit: 'tokens', label: 'page_size', numeric: {}, query: pages },
  ];
}

/** A KV-usage column as a 0–1 share whatever the engine's scale. */
function kvCol(id: string, title: string, m: EngineRoles, label: string, wrap: (ref: string) => string): ColumnSpec {
  const kv = m.kvUsage;
  if (!kv) return absent(id, title, 'ratio', label);
  return col({ id, title, unit: 'ratio', expr: kv.scale === 1 ? wrap(ref(kv.id)) : `${wrap(ref(kv.id))} / ${kv.scale}`, worse: 'higher' });
}

/** Index of the first Saturation panel: the instance table goes first in that section. */
export function saturationStart(panels: readonly PanelSpec[]): number {
  const i = panels.findIndex((p) => p.section === 'saturation');
  return i < 0 ? panels.length : i;
}
