// The rules pack as data: Prometheus rule groups, before they are written as YAML.
import type { EngineId } from '../catalog';

export interface RecordingRule {
  record: string;
  expr: string;
  /** Labels added to the recorded series (the router family). */
  labels?: Record<string, string>;
}

export interface AlertingRule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: { summary: string; description: string; runbook_url: string };
}

export type Rule = RecordingRule | AlertingRule;

export interface RuleGroup {
  name: string;
  interval?: string;
  rules: Rule[];
}

/** Service-level objectives: thresholds in seconds (each must be a bucket bound), objective 0..1. */
export interface SloSettings {
  ttft?: number;
  itl?: number;
  e2e?: number;
  /** The fraction of requests (tokens for ITL) that must meet the threshold, e.g. 0.99. */
  objective?: number;
}

export interface GenerateOptions {
  engine: EngineId;
  /**
   * Metric names the backend holds (from `label/__name__/values`); when given, every name is
   * resolved against them (legacy names, `_` spellings, prefixes). Omitted: current names.
   */
  metricNames?: readonly string[];
  /**
   * `le` label values per latency histogram (`ttft`, `itl`, `e2e`) as the backend stores them;
   * SLO thresholds are checked against them and matched in every spelling ("1" and "1.0").
   * Omitted: the engine's default buckets.
   */
  leValues?: Partial<Record<SloMetric, readonly string[]>>;
  slo?: SloSettings;
  /** Where `runbook_url` points; the alert's anchor is appended. */
  runbookBase?: string;
  /**
   * Window of the recorded rates (default `1m`: 4 scrapes at 15 s). The board reads a recorded
   * rate only when its own rate window is the same, and finds the window in the name (`rate2m`).
   */
  rateWindow?: string;
  /** Replaces every alert's `for` (tests use a short one). */
  forOverride?: string;
  /** Adds the GPU rules (DCGM joined to the engine instances; src/rules/gpus.ts). */
  gpus?: boolean;
  /**
   * Adds the router rules (src/rules/routers.ts): with `metricNames`, for the routers found there;
   * without, for every router family the catalog knows.
   */
  routers?: boolean;
}

export type SloMetric = 'ttft' | 'itl' | 'e2e';

export interface GeneratedRules {
  groups: RuleGroup[];
  yaml: string;
  /** What was left out and why (a metric the backend lacks, ...), also written as YAML comments. */
  notes: string[];
}

/** Every alert carries this label with the engine id, so the board can match alerts to an engine. */
export const ENGINE_LABEL = 'inferwatch_engine';
export const DEFAULT_RUNBOOK_BASE = 'docs/alerts.md';
