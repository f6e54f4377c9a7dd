// Wire types of the Prometheus HTTP API (https://prometheus.io/docs/prometheus/latest/querying/api/), as sent.

/** The envelope of every `/api/v1/*` answer: ApiSuccess or ApiFailure; errors may arrive with 2xx, 4xx or 5xx codes. */
export interface ApiSuccess<T> {
  status: 'success';
  data: T;
  warnings?: string[];
  infos?: string[];
}

export interface ApiFailure {
  status: 'error';
  errorType: ApiErrorType;
  error: string;
  data?: unknown;
  warnings?: string[];
  infos?: string[];
}

/** Prometheus' own `errorType`s; other backends may invent more, so any string is kept. */
export type ApiErrorType =
  | 'bad_data'
  | 'timeout'
  | 'execution'
  | 'unavailable'
  | 'canceled'
  | 'internal'
  | 'not_found'
  | (string & {});

/** `[unix seconds, value]`; the value is a string because it may be "NaN", "+Inf" or "-Inf". */
export type SamplePair = [number, string];

/** Series labels, `__name__` included when the query keeps it. */
export type Labels = Record<string, string>;

export interface MatrixSeries {
  metric: Labels;
  values: SamplePair[];
}

/**
 * One series of a range answer as the client returns it: sample times (unix seconds) and values,
 * decoded off the main thread. `NaN`, `+Inf` and `-Inf` stay floats (a chart turns them into gaps);
 * an unparsable value is `NaN`. `t` and `v` are views on buffers the whole answer shares.
 */
export interface ColumnarSeries {
  metric: Labels;
  t: Float64Array;
  v: Float64Array;
}

export interface VectorSample {
  metric: Labels;
  value: SamplePair;
}

export interface MatrixResult {
  resultType: 'matrix';
  result: MatrixSeries[];
}

export interface VectorResult {
  resultType: 'vector';
  result: VectorSample[];
}

export interface ScalarResult {
  resultType: 'scalar';
  result: SamplePair;
}

export interface StringResult {
  resultType: 'string';
  result: SamplePair;
}

/** What `/api/v1/query` can return; `/api/v1/query_range` is always a matrix. */
export type QueryResult = MatrixResult | VectorResult | ScalarResult | StringResult;

export type TargetHealth = 'up' | 'down' | 'unknown';

/** One entry of `/api/v1/targets` `activeTargets` (durations as Prometheus strings, e.g. "15s"). */
export interface ActiveTarget {
  discoveredLabels?: Labels;
  labels: Labels;
  scrapePool: string;
  scrapeUrl: string;
  globalUrl?: string;
  lastError: string;
  lastScrape?: string;
  lastScrapeDuration?: number;
  health: TargetHealth;
  /** Present since Prometheus 2.25; absent from some compatible backends. */
  scrapeInterval?: string;
  scrapeTimeout?: string;
}

export interface DroppedTarget {
  discoveredLabels: Labels;
}

export interface TargetsData {
  activeTargets: ActiveTarget[];
  droppedTargets?: DroppedTarget[];
}

export type MetricType =
  | 'counter'
  | 'gauge'
  | 'histogram'
  | 'gaugehistogram'
  | 'summary'
  | 'info'
  | 'stateset'
  | 'unknown'
  | (string & {});

export interface MetricMetadata {
  type: MetricType;
  help: string;
  unit: string;
}

/** `/api/v1/metadata`: metric name → one entry per distinct (type, help, unit) seen. */
export type MetadataData = Record<string, MetricMetadata[]>;

/** `/api/v1/status/buildinfo`. VictoriaMetrics answers a fixed `{version:"2.24.0"}`, so do not feature-detect on it. */
export interface BuildInfo {
  version: string;
  revision?: string;
  branch?: string;
  buildUser?: string;
  buildDate?: string;
  goVersion?: string;
}

/** `/api/v1/status/config`: the loaded configuration as YAML text. */
export interface ConfigData {
  yaml: string;
}

/** `/api/v1/alerts` and the `alerts` of an alerting rule. `activeAt` is RFC 3339. */
export type AlertState = 'firing' | 'pending' | 'inactive';
export interface Alert {
  labels: Labels;
  annotations: Labels;
  state: AlertState;
  activeAt?: string;
  value?: string;
}
export interface AlertsData {
  alerts: Alert[];
}

/** `/api/v1/rules`: rule groups with each rule's health; alerting rules carry `duration` (`for`, s). */
export interface AlertingRuleInfo {
  type: 'alerting';
  name: string;
  query: string;
  duration: number;
  labels: Labels;
  annotations: Labels;
  alerts: Alert[];
  health: string;
  state?: AlertState;
  lastError?: string;
}
export interface RecordingRuleInfo {
  type: 'recording';
  name: string;
  query: string;
  health: string;
  lastError?: string;
}
export interface RuleGroupInfo {
  name: string;
  file: string;
  interval: number;
  rules: Array<AlertingRuleInfo | RecordingRuleInfo>;
}
export interface RulesData {
  groups: RuleGroupInfo[];
}
