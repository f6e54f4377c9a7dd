// Types of the engine catalogs: panels and logical metrics as data. One generic panel renders
// any PanelSpec; adding a panel is one object in vllm.ts / sglang.ts and no new component.

import type { EngineId } from './engines';

// The union of the registry's ids (src/catalog/engines.ts).
export type { EngineId };

export const SECTION_IDS = ['requests', 'throughput', 'latency', 'saturation', 'cache', 'advanced'] as const;
export type SectionId = (typeof SECTION_IDS)[number];
/** Where a panel sits: a section, or `overview` (under the stat row, no heading). */
export type PanelPlace = SectionId | 'overview';

/** How values are formatted (one definition, in lib/units). `ratio` is 0..1 shown as %. */
import type { Unit } from '../lib/units';
export type { Unit };

export type MetricKind = 'counter' | 'gauge' | 'histogram' | 'summary' | 'info';

/**
 * A logical metric: what a query means, independent of how a given engine release and scrape
 * pipeline spell it. `variants` are full series names as Prometheus stores them (with `_total`,
 * `_bucket`, ...), current name first, then legacy names. The resolver also tries, for each
 * variant, `:` rewritten to `_` and the vendor prefixes (`ray_`, `kserve_`).
 */
export interface LogicalMetric {
  id: string;
  variants: string[];
  kind: MetricKind;
  /** Labels the series carry; filters on labels not listed here are not applied to it. */
  labels: string[];
  /** The flag or setup that makes the engine expose it (from metrics/*.json `enabled_by`). */
  enabledBy: string;
  /**
   * A labelled family the engine creates with its first event (prometheus_client has no series
   * until `.labels(…)` is first called): the event, e.g. "the first aborted request". While the
   * engine is present, its absence means "none yet", not "not exposed" (quiet.ts).
   */
  appearsWith?: string;
  /**
   * Registered at 0 whatever the setup, it moves only with this flag or setup (vLLM MFU counters
   * and `--enable-mfu-metrics`): stuck at 0 while requests are served means the feature is off.
   */
  movesOnlyWith?: string;
}

/**
 * One way to compute a query. `expr` is a PromQL template:
 *   - `{{metricId}}` expands to the resolved series name followed by the filter matchers,
 *     e.g. `vllm:generation_tokens_total{model_name=~"a|b"}`;
 *   - `{{metricId|extra="matcher"}}` adds matchers of its own;
 *   - `$__rate_interval` is replaced by the computed rate window;
 *   - `$__by` is replaced by the grouping labels of the current view (default `model_name`);
 *   - `$gpu_peak_flops` by the GPU peak FLOP/s the user picked.
 * The first alternative whose metrics all resolve is used (legacy variants of another kind,
 * e.g. a gauge where today there is a counter pair, get an alternative of their own).
 */
export interface ExprAlternative {
  expr: string;
  /** Shown in the panel menu when this alternative is used, e.g. "legacy gauge (SGLang ≤ 0.4)". */
  note?: string;
}

export interface QuerySpec {
  /** Stable within the panel; used in CSV headers and React keys. */
  id: string;
  alternatives: ExprAlternative[];
  /** Legend template: `{{label}}` placeholders filled from the series' labels, e.g. `{{model_name}} p95`. */
  legend: string;
}

/**
 * `heatmap`: one range query `sum by (le) (rate(…_bucket[$__rate_interval]))`, drawn as bucket
 * rates over time; `distribution`: one instant query `sum by (le) (increase(…_bucket[$__range]))`
 * at the range's end, drawn as bars "≤ N" (share of observations over the range). Both aggregate
 * to `le` only. `latest`: values that never move (start-up phases, sizes): one instant query at the
 * range's end (write `last_over_time(…[$__range])`, so a server gone before the end still counts),
 * drawn as one horizontal bar per `category` value and group, not as flat lines over time.
 */
export type ChartKind = 'timeseries' | 'bars' | 'stacked' | 'table' | 'heatmap' | 'distribution' | 'latest';

/**
 * One column of a table panel: an instant query at the end of the range, grouped by the table's
 * row labels (`$__by`), answering for every row at once — never one query per row. `$__range` is
 * the selected range, so `rate(x[$__range])` is the mean rate over it. Columns whose queries expand
 * to the same PromQL share one request (e.g. several labels of one info gauge).
 */
export interface ColumnSpec {
  id: string;
  title: string;
  unit: Unit;
  query: QuerySpec;
  /** Which way is bad: cells that stand out that way from the row's peers are marked. */
  worse?: 'higher' | 'lower';
  /** `label`: the cell shows this label of the column's series (e.g. the model an instance serves). */
  label?: string;
  /**
   * A `label` column whose label holds a number (info gauges such as `cache_config_info`): the cell
   * is that number (formatted in `unit`, sorted as a number); when the label is absent, the product
   * of `orProductOf`'s labels if given (e.g. blocks × block size on engines without the token count).
   */
  numeric?: { orProductOf?: readonly string[] };
  /** How the column feeds the row's status (instance table). */
  status?: 'up' | 'restarts' | 'awake';
  /**
   * Asked at the range's live end, not on the one-minute summary grid the other columns share: a
   * figure about now (is the target up, is the instance still reporting) that must change within one
   * refresh, not within a grid step.
   */
  live?: boolean;
  /** Set when the engine has no metric for the column: it is shown empty with this reason, never queried. */
  notAvailable?: string;
  /** An SLO attainment column: its cells are coloured against this objective, as the attainment tiles are. */
  objective?: number;
  /** An SLO column interpolated between two bucket bounds (seconds): the cell shows "≈" and the bounds. */
  between?: { lower: number; upper: number };
}

export interface TableSpec {
  /** Rows are models (`model_name`) or instances (`instance`, with the engine's rank labels). */
  rows: 'model' | 'instance';
  columns: ColumnSpec[];
  /** Column sorted by on first view, and its direction. */
  sort: { column: string; dir: 'asc' | 'desc' };
}

export interface Threshold {
  /** The value at or above which this colour applies (in the panel's unit, e.g. 0.9 for 90 % ratio). */
  value: number;
  color: 'green' | 'amber' | 'red';
}

export interface PanelSpec {
  id: string;
  section: PanelPlace;
  title: string;
  /** One-line meaning, from the article's tables. */
  description: string;
  unit: Unit;
  chart: ChartKind;
  queries: QuerySpec[];
  /** The flag / setup that enables the metrics behind this panel (shown when unavailable). */
  enabledBy?: string;
  /** Set when the engine has no such metric: the panel explains instead of querying. */
  notAvailable?: string;
  /** Optional feature group, used to collapse optional sections whose metrics are all absent. */
  feature?: string;
  /** 'full' panels span the whole row. */
  width?: 'half' | 'full';
  /** Y axis bounds for ratios and percentages. */
  min?: number;
  max?: number;
  /** Panels that need a user-supplied number (MFU needs the GPU peak). */
  needsGpuPeak?: boolean;
  /** `latest` panels: the label whose values are the bars (e.g. `phase`); the other labels make the groups. */
  category?: string;
  /** Table panels (`chart: 'table'`): the columns and what a row is. */
  table?: TableSpec;
  /**
   * `heatmap` panels drawn one row per series (a GPU) instead of one per bucket, the value as colour:
   * rows grouped by the `group` label, ordered by `order` inside it, named by `holder` (or `blank`).
   */
  seriesRows?: { group: string; order: string; holder: string; blank: string };
}

/** A tile of the stat row: current value, sparkline, threshold colour. */
export interface StatSpec {
  id: string;
  title: string;
  unit: Unit;
  /** A single-series query (aggregated over everything the filters keep). */
  query: QuerySpec;
  thresholds?: Threshold[];
  /** The panel to scroll to when the tile is clicked. */
  panelId?: string;
  /**
   * Show the sum of this panel query's series instead of running `query`: the panel already asks
   * `sum by (model_name) (…)`, whose groups add up to the total, so the tile shares the panel's
   * request (same PromQL, same key) rather than sending one of its own. `query` stays the
   * equivalent single-series expression (docs, and the tests check they agree in form).
   */
  sumOf?: { panelId: string; queryId: string };
  /** Parts of the value shown under it (client aborts and server errors of a failed share). */
  details?: { id: 'aborts' | 'errors'; query: QuerySpec }[];
}

/** A stat tile an engine has no metric for (`absentStats`): its id and title, and nothing to ask. */
export interface AbsentStat {
  id: string;
  title: string;
}

/** A logical metric id and an optional matcher on it, e.g. `request_success` with `finished_reason=~"abort|error"`. */
export interface MetricRef {
  id: string;
  matcher?: string;
}

/** A latency histogram: the base id of its `_bucket` / `_sum` / `_count` metrics and its default bounds. */
export interface HistogramRole {
  id: string;
  /** The engine's default bucket bounds (spec/metrics/*.json), used when no backend is asked. */
  buckets?: readonly number[];
}

/**
 * Which logical metric plays which part, so tables, rules, promtool cases, SLO defaults and compare
 * notes are built from data. A role the engine lacks is left out: whatever would use it says it is
 * not available for the engine instead of using another metric.
 */
export interface EngineRoles {
  /** Gauge every live engine exposes (rows come from it, and instances are counted by it). */
  running: string;
  waiting?: string;
  /** Matcher that selects the total of the queue gauges (SGLang with priority scheduling writes it under `priority=""`). */
  queueTotal?: string;
  /**
   * Share of the KV cache in use. `scale`: the value meaning full (1 for 0–1). `basis`: what the share
   * is of — KV blocks per engine, or the token pool per scheduler rank (not the same denominator).
   */
  kvUsage?: { id: string; scale: 1 | 100; basis: 'blocks' | 'tokenPool' };
  /** Finished requests. */
  requests: string;
  /** Counts finished requests where `requests` does not exist yet (SGLang's e2e histogram `_count`). */
  requestsFallback?: string;
  /**
   * Failed or aborted requests; `label` is set when they are the `requests` counter under a matcher
   * on that label (vLLM `finished_reason`). `scope`: what counts as failed.
   */
  failures?: MetricRef & { label?: string; scope: 'abortsAndErrors' | 'aborts' };
  promptTokens?: string;
  /** `countedAt: 'finish'`: a request's tokens are counted when it finishes, not as they are generated. */
  generationTokens?: { id: string; countedAt: 'step' | 'finish' };
  /** Requests sent back before finishing: the counter, the UI word ("Preemptions") and its verb ("preempted"). */
  preemptions?: { id: string; word: 'Preemptions' | 'Retractions'; verb: string };
  ttft?: HistogramRole;
  itl?: HistogramRole;
  e2e?: HistogramRole;
  queueTime?: HistogramRole;
  /** Per-request prefill and decode time histograms (scheduled → first token, first → last token); SGLang has neither. */
  phases?: { prefill?: HistogramRole; decode?: HistogramRole };
  /**
   * Prefix-cache hits: counters of hit and queried tokens (a share over the rate window), a hit-rate
   * gauge (the last batch's), and a counter of cached prompt tokens.
   */
  prefixCache?: { counters?: { hits: string; queries: string }; hitRateGauge?: string; cachedTokens?: string };
  /** Sleep-state gauge (`sleep_state="awake"` is 0 while asleep). */
  sleepState?: string;
  /** Info gauge (value 1) with the KV-cache configuration in its labels (vLLM `cache_config_info`). */
  cacheConfig?: string;
  /** Frontend admission rejections counter. */
  admissionRejections?: string;
  /** Memory available for the KV cache, bytes. */
  kvMemory?: string;
  /** KV pool: capacity in tokens, and pages × page size from gauges or a legacy info gauge. */
  kvPages?: { capacityTokens: string; numPages: string; pageSize: string; cacheConfig: string };
  /** The engine's own launch flags for the knobs the Diagnosis actions name (a knob left out gets generic words). */
  knobs?: EngineKnobs;
}

/**
 * Launch flags per knob, as the engine spells them (Diagnosis actions, docs/verdicts.md "Actions per
 * engine"). Only flags confirmed in the engine's documentation; an unknown one is left out.
 */
export interface EngineKnobs {
  /** Share of GPU memory given to the KV cache. */
  kvMemory?: string;
  /** Longest request (prompt + output). */
  maxLen?: string;
  /** Most requests running at once. */
  maxSeqs?: string;
  /** Token budget of one step / prefill chunk. */
  batchTokens?: string;
  /** A smaller KV cache data type (flag and value). */
  kvDtype?: string;
  /** Number of speculative tokens. */
  spec?: string;
  /** Turns the prefix cache on. */
  prefixCache?: string;
  /** How conservatively new requests are admitted (fewer retractions when raised). */
  admission?: string;
}

export interface EngineCatalog<Id extends string = EngineId> {
  engine: Id;
  /** As the UI names the engine ("vLLM"). */
  label: string;
  /** Label names the filters offer, in order: model, instance, then the engine's rank labels. */
  filterLabels: { model: string; instance: string; rank: string[] };
  /** A metric present on every scraped engine, used for filter values and engine detection. */
  presenceMetric: string;
  /** The finished-requests counter: a feature counter still at 0 where it moved is a feature off (quiet.ts). */
  servedMetric?: string;
  metrics: Record<string, LogicalMetric>;
  /** Which metric plays which part; a catalog without (a test fixture) gets the presence-based rules only. */
  roles?: EngineRoles;
  /** Start of the engine's alert names (`VLLMHighTTFT`); default: the label's letters and digits. */
  alertPrefix?: string;
  stats: StatSpec[];
  /** Tiles the engine's family has and this engine lacks the metrics for: shown as not available, never queried. */
  absentStats?: readonly AbsentStat[];
  panels: PanelSpec[];
}
