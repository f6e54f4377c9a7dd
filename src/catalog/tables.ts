// The fleet tables, as data: a per-model summary and a per-instance table for each engine. Every
// column is one instant query at the end of the range, grouped by the row labels (`$__by`), so a
// table costs one request per column whatever the number of rows. Quantiles aggregate `le` in
// Prometheus (`sum by (le, $__by)`): the browser never receives buckets per instance.
import { panel, query, ratio } from './define';
import type { ColumnSpec, PanelSpec, QuerySpec } from './types';

/** Logical metric ids (and matchers) of one engine, for the columns both engines share. */
export interface FleetMetrics {
  /** Gauge every live engine exposes (rows come from it, and instances are counted by it). */
  running: string;
  waiting: string;
  kvUsage: string;
  /** Finished requests (vLLM: request_success; SGLang: num_requests). */
  requests: string;
  /** Counts finished requests where `requests` does not exist yet (SGLang's e2e histogram `_count`). */
  requestsFallback?: string;
  /** Failed or aborted requests: a metric id and an optional matcher on it. */
  failed: { id: string; matcher?: string };
  promptTokens: string;
  generationTokens: string;
  ttftBucket: string;
  itlBucket: string;
  e2eBucket: string;
  /** Preemptions (vLLM) or retractions (SGLang) counter. */
  preemptions: string;
  preemptionsTitle: string;
  /** vLLM's sleep-state gauge (`sleep_state="awake"` is 0 while asleep); none on SGLang. */
  sleepState?: string;
  /** vLLM's `cache_config_info` (value 1, the KV-cache configuration in its labels); none on SGLang. */
  cacheConfig?: string;
  /** vLLM's frontend admission rejections counter (0.31+). */
  admissionRejections?: string;
  /** vLLM's memory available for the KV cache, bytes (newer than 0.29). */
  kvMemory?: string;
  /** SGLang's KV pool: capacity in tokens, and pages × page size from the 2026 gauges or the legacy info gauge. */
  kvPages?: { capacityTokens: string; numPages: string; pageSize: string; cacheConfig: string };
}

const ref = (id: string, matcher?: string) => (matcher ? `{{${id}|${matcher}}}` : `{{${id}}}`);
const rateRange = (id: string, matcher?: string) => `sum by ($__by) (rate(${ref(id, matcher)}[$__range]))`;
const p95 = (bucket: string) => `histogram_quantile(0.95, sum by (le, $__by) (rate(${ref(bucket)}[$__range])))`;
const col = (c: Omit<ColumnSpec, 'query'> & { expr: string | QuerySpec }): ColumnSpec => {
  const { expr, ...rest } = c;
  return { ...rest, query: typeof expr === 'string' ? query(c.id, '', expr) : expr };
};

function sharedColumns(m: FleetMetrics): ColumnSpec[] {
  return [
    col({
      id: 'req-rate',
      title: 'Req/s',
      unit: 'reqps',
      expr: m.requestsFallback ? query('req-rate', '', rateRange(m.requests), rateRange(m.requestsFallback)) : rateRange(m.requests),
      worse: 'lower',
    }),
    col({ id: 'prompt-tokens', title: 'Prompt tok/s', unit: 'tokps', expr: rateRange(m.promptTokens) }),
    col({ id: 'output-tokens', title: 'Output tok/s', unit: 'tokps', expr: rateRange(m.generationTokens), worse: 'lower' }),
    col({ id: 'ttft-p95', title: 'TTFT p95', unit: 'seconds', expr: p95(m.ttftBucket), worse: 'higher' }),
    col({ id: 'itl-p95', title: 'ITL p95', unit: 'seconds', expr: p95(m.itlBucket), worse: 'higher' }),
  ];
}

export function modelSummaryPanel(m: FleetMetrics): PanelSpec {
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
          expr: `count by ($__by) (group by ($__by, instance) (last_over_time(${ref(m.running)}[$__range])) unless on (instance) group by (instance) (${ref(m.running)}))`,
        }),
        ...sharedColumns(m),
        col({ id: 'e2e-p95', title: 'E2E p95', unit: 'seconds', expr: p95(m.e2eBucket), worse: 'higher' }),
        col({
          id: 'failed-share',
          title: 'Errors + aborts',
          unit: 'ratio',
          expr: ratio(rateRange(m.failed.id, m.failed.matcher), rateRange(m.requests)),
          worse: 'higher',
        }),
        col({ id: 'kv-peak', title: 'Peak KV usage', unit: 'ratio', expr: `max by ($__by) (max_over_time(${ref(m.kvUsage)}[$__range]))`, worse: 'higher' }),
        col({ id: 'preemptions', title: m.preemptionsTitle, unit: 'ops', expr: rateRange(m.preemptions), worse: 'higher' }),
      ],
    },
  });
}

export function instanceTablePanel(m: FleetMetrics): PanelSpec {
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
        col({ id: 'status', title: 'Status', unit: 'count', status: 'up', expr: `max by (instance) ({{up}} and on (job) ${seen})` }),
        col({
          id: 'uptime',
          title: 'Uptime',
          unit: 'seconds',
          expr: `time() - max by (instance) ({{process_start}} and on (instance) group by (instance) (last_over_time(${ref(m.running)}[$__range])))`,
        }),
        // Counter resets: a restarted engine starts its counters again from 0. Works where the
        // process start time is absent (SGLang's multiprocess client has no process collector).
        col({ id: 'restarts', title: 'Restarts', unit: 'count', status: 'restarts', expr: `max by (instance) (resets(${ref(m.requests)}[$__range]))` }),
        ...(m.sleepState ? [col({ id: 'awake', title: 'Awake', unit: 'count', status: 'awake', expr: `max by ($__by) (${ref(m.sleepState, 'sleep_state="awake"')})` })] : []),
        col({ id: 'running', title: 'Running', unit: 'requests', expr: `sum by ($__by) (${ref(m.running)})`, worse: 'higher' }),
        col({ id: 'waiting', title: 'Waiting', unit: 'requests', expr: `sum by ($__by) (${ref(m.waiting)})`, worse: 'higher' }),
        col({ id: 'kv-usage', title: 'KV usage', unit: 'ratio', expr: `max by ($__by) (${ref(m.kvUsage)})`, worse: 'higher' }),
        ...sharedColumns(m),
        col({ id: 'preemptions', title: m.preemptionsTitle, unit: 'ops', expr: rateRange(m.preemptions), worse: 'higher' }),
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
function cacheConfigColumns(m: FleetMetrics): ColumnSpec[] {
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
function kvPageColumns(m: FleetMetrics): ColumnSpec[] {
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

/** Index of the first Saturation panel: the instance table goes first in that section. */
export function saturationStart(panels: readonly PanelSpec[]): number {
  const i = panels.findIndex((p) => p.section === 'saturation');
  return i < 0 ? panels.length : i;
}
