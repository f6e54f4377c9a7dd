// The plan as a Perses dashboard (for `percli apply`) and as a PersesDashboard resource for the
// perses-operator. Grids are 24 columns; heatmaps become p50/p95/p99 lines (Perses' HeatMapChart
// takes native histograms only, and the engines export classic buckets).
import { toYaml, type YamlValue } from '../rules/yaml';
import type { ExportItem, ExportPlan, ExportQuery } from './model';
import { describe, notesMarkdown } from './notes';
import type { PersesDashboardCR, PersesDashboardResource, PersesDashboardSpec, PersesGridItem, PersesLayout, PersesPanel, PersesPlugin, PersesQuery, PersesThresholds, PersesVariable } from './perses-model';
import { PERSES_UNIT, THRESHOLD_COLOR } from './units';

const DS = { kind: 'PrometheusDatasource' } as const;
export const PERSES_PROJECT = 'inferwatch';
const QUANTILES = [0.5, 0.95, 0.99] as const;

function query(expr: string, legend: string): PersesQuery {
  return { kind: 'TimeSeriesQuery', spec: { plugin: { kind: 'PrometheusTimeSeriesQuery', spec: { datasource: DS, query: expr, seriesNameFormat: legend } } } };
}

/** A heatmap's bucket rates as three quantile lines over the same buckets. */
export function quantileLines(q: ExportQuery): Array<{ expr: string; legend: string }> {
  return QUANTILES.map((phi) => ({ expr: `histogram_quantile(${phi}, ${q.expr})`, legend: `p${Math.round(phi * 100)}` }));
}

function thresholds(item: ExportItem): PersesThresholds | undefined {
  const steps: NonNullable<PersesThresholds['steps']> = (item.thresholds ?? []).map((t) => ({ value: t.value, color: THRESHOLD_COLOR[t.color] }));
  if (item.sloLine !== undefined) steps.push({ value: item.sloLine, color: 'red', name: 'SLO' });
  return steps.length > 0 ? { mode: 'absolute', steps } : undefined;
}

function pluginOf(item: ExportItem): PersesPlugin {
  const format = { unit: PERSES_UNIT[item.unit] };
  const th = thresholds(item);
  switch (item.kind) {
    case 'stat':
      return { kind: 'StatChart', spec: { calculation: 'last-number', format, ...(th ? { thresholds: th } : {}), sparkline: {} } };
    case 'distribution':
    case 'latest':
      return { kind: 'BarChart', spec: { calculation: 'last-number', format, mode: 'value' } };
    case 'table':
      return { kind: 'Table', spec: { density: 'compact' } };
    default: {
      const yAxis: { format: typeof format; min?: number; max?: number } = { format };
      if (item.min !== undefined) yAxis.min = item.min;
      if (item.max !== undefined) yAxis.max = item.max;
      const visual = item.kind === 'bars' ? { display: 'bar' as const } : item.kind === 'stacked' ? { display: 'line' as const, stack: 'all' as const, areaOpacity: 0.4 } : { display: 'line' as const };
      return { kind: 'TimeSeriesChart', spec: { legend: { position: 'bottom', mode: 'table', values: ['last', 'mean', 'max'] }, yAxis, ...(th ? { thresholds: th } : {}), visual } };
    }
  }
}

function panelOf(item: ExportItem): PersesPanel {
  const queries = item.kind === 'heatmap' ? item.queries.flatMap((q) => quantileLines(q).map((l) => query(l.expr, l.legend))) : item.queries.map((q) => query(q.expr, q.legend));
  const description = item.kind === 'heatmap' ? `${item.description} (as p50/p95/p99 lines: Perses' heatmap takes native histograms only)` : item.description;
  return { kind: 'Panel', spec: { display: { name: item.title, ...(description ? { description } : {}) }, plugin: pluginOf(item), queries } };
}

function variables(plan: ExportPlan): PersesVariable[] {
  return plan.variables.map((v) => ({
    kind: 'ListVariable',
    spec: {
      name: v.name,
      display: { name: v.display },
      defaultValue: v.current.length > 0 ? [...v.current] : '$__all',
      allowMultiple: true,
      allowAllValue: true,
      customAllValue: '.*',
      sort: 'alphabetical-asc',
      plugin: { kind: 'PrometheusLabelValuesVariable', spec: { labelName: v.label, matchers: [v.source], datasource: DS } },
    },
  }));
}

/** The dashboard spec both Perses outputs share. */
export function persesSpec(plan: ExportPlan): PersesDashboardSpec {
  const panels: Record<string, PersesPanel> = {};
  const layouts: PersesLayout[] = [];
  const key = (id: string): string => {
    const base = id.replace(/[^A-Za-z0-9_-]/g, '_');
    let k = base;
    for (let i = 2; k in panels; i++) k = `${base}_${i}`;
    return k;
  };
  const heatmaps = plan.sections.flatMap((s) => s.items.filter((i) => i.kind === 'heatmap').map((i) => i.title));
  const notes = notesMarkdown(plan, heatmaps.length > 0 ? [`Heatmaps drawn as p50/p95/p99 lines (Perses' heatmap takes native histograms only): ${heatmaps.join(', ')}.`] : []);
  panels.about = { kind: 'Panel', spec: { display: { name: 'About this export' }, plugin: { kind: 'Markdown', spec: { text: notes } } } };
  layouts.push({ kind: 'Grid', spec: { items: [{ x: 0, y: 0, width: 24, height: Math.min(16, 4 + Math.ceil(notes.split('\n').length / 2)), content: { $ref: '#/spec/panels/about' } }] } });
  for (const section of plan.sections) {
    const items: PersesGridItem[] = [];
    let x = 0;
    let y = 0;
    let rowH = 0;
    for (const item of section.items) {
      const k = item.kind === 'stat' ? key(`stat-${item.id}`) : key(item.id);
      panels[k] = panelOf(item);
      const width = item.kind === 'stat' ? 3 : item.full ? 24 : 12;
      const height = item.kind === 'stat' ? 4 : item.full ? 9 : 8;
      if (x + width > 24) {
        y += rowH;
        x = 0;
        rowH = 0;
      }
      items.push({ x, y, width, height, content: { $ref: `#/spec/panels/${k}` } });
      x += width;
      rowH = Math.max(rowH, height);
    }
    layouts.push({ kind: 'Grid', spec: { display: { title: section.title, collapse: { open: true } }, items } });
  }
  return { display: { name: `inferwatch · ${plan.meta.engineLabel}`, description: describe(plan) }, duration: '1h', refreshInterval: '30s', variables: variables(plan), panels, layouts };
}

const resourceName = (plan: ExportPlan): string => `inferwatch-${plan.meta.engine}`;

export function toPerses(plan: ExportPlan): PersesDashboardResource {
  return { kind: 'Dashboard', metadata: { name: resourceName(plan), project: PERSES_PROJECT }, spec: persesSpec(plan) };
}

export function toPersesCr(plan: ExportPlan): PersesDashboardCR {
  return {
    apiVersion: 'perses.dev/v1alpha2',
    kind: 'PersesDashboard',
    metadata: { name: resourceName(plan), labels: { 'app.kubernetes.io/name': 'inferwatch', 'app.kubernetes.io/component': plan.meta.engine } },
    spec: { config: persesSpec(plan) },
  };
}

/** The resource as YAML (strings double-quoted, so no label value or message can change the structure). */
export function persesCrYaml(plan: ExportPlan): string {
  const header = `# ${describe(plan).replace(/[\r\n]+/g, ' ')}\n`;
  return header + toYaml(JSON.parse(JSON.stringify(toPersesCr(plan))) as YamlValue);
}
