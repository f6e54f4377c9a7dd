// The part of the Perses model the export writes, as @perses-dev/core 0.52.0 declares it
// (model/dashboard.d.ts, layout.d.ts, panels.d.ts, variables.d.ts, query.d.ts). Our own copy: 0.52
// wants React 17/18 as a peer (the app is on 19) and 0.54 depends on @perses-dev/spec, which the
// registry does not have (docs/export.md). The plugin specs follow perses/plugins.

export interface Definition<Kind extends string, Spec> {
  kind: Kind;
  spec: Spec;
}

export interface PersesDatasourceRef {
  kind: 'PrometheusDatasource';
  /** Absent: the project's default Prometheus datasource. */
  name?: string;
}

export type PersesQuery = Definition<'TimeSeriesQuery', { plugin: Definition<'PrometheusTimeSeriesQuery', { datasource: PersesDatasourceRef; query: string; seriesNameFormat?: string; minStep?: string }> }>;

export interface PersesFormat {
  unit: string;
  decimalPlaces?: number;
}

export interface PersesThresholds {
  mode?: 'percent' | 'absolute';
  defaultColor?: string;
  steps?: Array<{ value: number; color?: string; name?: string }>;
}

export type PersesPlugin =
  | Definition<'TimeSeriesChart', { legend?: { position: 'bottom' | 'right'; mode?: 'list' | 'table'; values?: string[] }; yAxis?: { format?: PersesFormat; min?: number; max?: number }; thresholds?: PersesThresholds; visual?: { display?: 'line' | 'bar'; stack?: 'all'; areaOpacity?: number; connectNulls?: boolean } }>
  | Definition<'StatChart', { calculation: 'last-number' | 'last' | 'mean'; format?: PersesFormat; thresholds?: PersesThresholds; sparkline?: Record<string, never> }>
  | Definition<'BarChart', { calculation: 'last-number' | 'last'; format?: PersesFormat; sort?: 'asc' | 'desc'; mode?: 'value' | 'percentage' }>
  | Definition<'Table', { density?: 'compact' | 'standard'; columnSettings?: Array<{ name: string; header?: string }> }>
  | Definition<'Markdown', { text: string }>;

export interface PersesPanel {
  kind: 'Panel';
  spec: { display: { name: string; description?: string }; plugin: PersesPlugin; queries?: PersesQuery[] };
}

export interface PersesGridItem {
  x: number;
  y: number;
  width: number;
  height: number;
  content: { $ref: `#/spec/panels/${string}` };
}

export type PersesLayout = Definition<'Grid', { display?: { title: string; collapse?: { open: boolean } }; items: PersesGridItem[] }>;

export type PersesVariable = Definition<
  'ListVariable',
  {
    name: string;
    display?: { name?: string; description?: string; hidden?: boolean };
    defaultValue?: string | string[];
    allowMultiple: boolean;
    allowAllValue: boolean;
    customAllValue?: string;
    sort?: string;
    plugin: Definition<'PrometheusLabelValuesVariable', { labelName: string; matchers?: string[]; datasource?: PersesDatasourceRef }>;
  }
>;

export interface PersesDashboardSpec {
  display?: { name: string; description?: string };
  duration: string;
  refreshInterval?: string;
  variables: PersesVariable[];
  panels: Record<string, PersesPanel>;
  layouts: PersesLayout[];
}

/** A bare dashboard for `percli apply` (`DashboardResource` in @perses-dev/core). */
export interface PersesDashboardResource {
  kind: 'Dashboard';
  metadata: { name: string; project: string };
  spec: PersesDashboardSpec;
}

/** The perses-operator's custom resource (v1alpha2: the dashboard under `spec.config`). */
export interface PersesDashboardCR {
  apiVersion: 'perses.dev/v1alpha2';
  kind: 'PersesDashboard';
  metadata: { name: string; labels: Record<string, string> };
  spec: { config: PersesDashboardSpec };
}
