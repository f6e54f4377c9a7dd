// The board as the exporters read it: sections of items in board order, each with the PromQL the
// board sends for this backend written over variables, plus what could not be exported and why.
import type { EngineId, SectionId, Unit } from '../catalog/types';

export type ExportFormat = 'grafana' | 'perses' | 'perses-cr';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['grafana', 'perses', 'perses-cr'];

/** How an item is drawn: the catalog's chart kinds, and the stat row's tiles. */
export type ItemKind = 'stat' | 'timeseries' | 'bars' | 'stacked' | 'table' | 'heatmap' | 'distribution' | 'latest';

export interface ExportQuery {
  /** The catalog query id (or table column id), unique within the item. */
  id: string;
  /**
   * The expression the board sends, with `$__rate_interval` for its rate window, `$__range` /
   * `$__range_s` for its range, and `label=~"$var"` where the board puts a filter's matcher.
   */
  expr: string;
  /** Legend template with `{{label}}` placeholders (Grafana and Perses read the same syntax). */
  legend: string;
  /** Asked once at the range's end (tables, distributions, latest bars), not over the range. */
  instant: boolean;
  /** Recorded series the board reads instead of raw ones (their rate window is fixed). */
  recorded?: string[];
  /** Variables that do not filter this query (the recorded series it reads keep no such label). */
  unfiltered?: string[];
  /** A table column's title and unit. */
  column?: { title: string; unit: Unit };
}

export interface ExportThreshold {
  value: number;
  color: 'green' | 'amber' | 'red';
}

export interface ExportItem {
  /** The board's panel or stat id. */
  id: string;
  kind: ItemKind;
  title: string;
  description: string;
  unit: Unit;
  min?: number;
  max?: number;
  full: boolean;
  queries: ExportQuery[];
  thresholds?: ExportThreshold[];
  /** The SLO threshold line (seconds) of a latency chart, set only where it sits on a bucket bound. */
  sloLine?: number;
}

export interface ExportSection {
  /** `overview` holds the stat row and the panels under it. */
  id: SectionId | 'overview';
  title: string;
  items: ExportItem[];
}

/** One filter of the board as a dashboard variable (`$name`). */
export interface ExportVariable {
  name: string;
  display: string;
  /** The label whose values the variable offers. */
  label: string;
  /** The series selector its values come from (the engine's presence metric as stored here). */
  source: string;
  /** What the board filters on now (the variable's default; empty: All). */
  current: string[];
}

export interface DroppedItem {
  id: string;
  title: string;
  section: string;
  reason: string;
}

export interface ExportMeta {
  engine: EngineId;
  engineLabel: string;
  /** `promql` (Prometheus and compatible) or `metricsql` (VictoriaMetrics), null if not told. */
  backendKind: string | null;
  /** The presence metric as this backend stores it, and how the names were matched. */
  nameVariant: string;
  /** The rate window the board used (the check ran with it; recorded series use theirs). */
  rateInterval: string;
  /** ISO date-time of the export. */
  generatedAt: string;
}

export interface ExportPlan {
  meta: ExportMeta;
  variables: ExportVariable[];
  sections: ExportSection[];
  dropped: DroppedItem[];
  /** Board parts with no counterpart in a dashboard file (Diagnosis, explained empty states, …). */
  notes: string[];
}

/** A reason the export cannot be written at all (no server of the engine, unreachable backend). */
export class ExportInputError extends Error {
  override readonly name = 'ExportInputError';
}

export const exportFileName = (engine: EngineId, format: ExportFormat): string =>
  format === 'grafana' ? `inferwatch-${engine}.grafana.json` : format === 'perses' ? `inferwatch-${engine}.perses.json` : `inferwatch-${engine}.perses-cr.yaml`;
