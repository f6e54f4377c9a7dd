// The plan as a Grafana classic dashboard (schemaVersion 39: imports on Grafana 10.4 to 13.x),
// typed with @grafana/schema. The datasource is `${DS_PROMETHEUS}`: an import input, and a
// datasource variable of the same name for provisioning, so no UID is ever written.
import type { Dashboard, DataQuery, FieldConfigSource, Panel, RowPanel, ThresholdsConfig, ThresholdsMode, VariableModel } from '@grafana/schema';
import type { ExportItem, ExportPlan } from './model';
import { describe, notesMarkdown } from './notes';
import { GRAFANA_UNIT, THRESHOLD_COLOR } from './units';

export const SCHEMA_VERSION = 39;
const DS = { type: 'prometheus', uid: '${DS_PROMETHEUS}' } as const;

/** A Prometheus target: the fields of Grafana's Prometheus query model that the export writes. */
interface PromTarget extends DataQuery {
  datasource: typeof DS;
  expr: string;
  legendFormat: string;
  instant: boolean;
  range: boolean;
  format?: 'time_series' | 'table' | 'heatmap';
  editorMode: 'code';
}

interface GrafanaInput {
  name: string;
  label: string;
  description: string;
  type: 'datasource';
  pluginId: 'prometheus';
  pluginName: 'Prometheus';
}

/** The classic model plus the import inputs Grafana's "Export for sharing externally" writes. */
export type GrafanaDashboard = Dashboard & { __inputs: GrafanaInput[]; __requires: Array<{ type: string; id: string; name: string; version: string }> };

const REF_IDS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const refId = (i: number): string => (i < REF_IDS.length ? REF_IDS.charAt(i) : `Q${i}`);

function targets(item: ExportItem): Array<Record<string, unknown>> {
  return item.queries.map((q, i): PromTarget & Record<string, unknown> => {
    const t: PromTarget = { refId: refId(i), datasource: DS, expr: q.expr, legendFormat: q.legend || '__auto', instant: q.instant, range: !q.instant, editorMode: 'code' };
    if (item.kind === 'heatmap' || item.kind === 'distribution') t.format = 'heatmap';
    else if (item.kind === 'table') t.format = 'table';
    return { ...t };
  });
}

function thresholds(item: ExportItem): ThresholdsConfig {
  const steps: ThresholdsConfig['steps'] = [{ color: 'green', value: null }];
  for (const t of item.thresholds ?? []) steps.push({ color: THRESHOLD_COLOR[t.color], value: t.value });
  if (item.sloLine !== undefined) steps.push({ color: 'red', value: item.sloLine });
  return { mode: 'absolute' as ThresholdsMode, steps };
}

function fieldConfig(item: ExportItem, custom: Record<string, unknown>): FieldConfigSource {
  const defaults: FieldConfigSource['defaults'] = { unit: GRAFANA_UNIT[item.unit], thresholds: thresholds(item), custom };
  if (item.min !== undefined) defaults.min = item.min;
  if (item.max !== undefined) defaults.max = item.max;
  return { defaults, overrides: [] };
}

const LEGEND = { displayMode: 'table', placement: 'bottom', showLegend: true, calcs: ['lastNotNull', 'mean', 'max'] };

function panelOf(item: ExportItem, id: number, gridPos: { x: number; y: number; w: number; h: number }): Panel {
  const base: Panel = { id, type: 'timeseries', title: item.title, description: item.description, datasource: DS, gridPos, targets: targets(item) };
  switch (item.kind) {
    case 'stat':
      return {
        ...base,
        type: 'stat',
        fieldConfig: fieldConfig(item, {}),
        options: { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, graphMode: 'area', colorMode: 'value', textMode: 'value', justifyMode: 'auto', orientation: 'auto' },
      };
    case 'heatmap':
      return {
        ...base,
        type: 'heatmap',
        fieldConfig: { defaults: { custom: {} }, overrides: [] },
        options: { calculate: false, yAxis: { unit: GRAFANA_UNIT[item.unit], axisPlacement: 'left' }, rowsFrame: { layout: 'auto' }, color: { mode: 'scheme', scheme: 'Oranges', steps: 64 }, cellGap: 1, tooltip: { mode: 'single', yHistogram: true } },
      };
    case 'distribution':
    case 'latest':
      return {
        ...base,
        type: 'bargauge',
        fieldConfig: fieldConfig(item, {}),
        options: { displayMode: 'basic', orientation: 'horizontal', reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, showUnfilled: true },
      };
    case 'table': {
      const renameByName: Record<string, string> = {};
      item.queries.forEach((q, i) => {
        if (q.column) renameByName[item.queries.length === 1 ? 'Value' : `Value #${refId(i)}`] = q.column.title;
      });
      return {
        ...base,
        type: 'table',
        fieldConfig: fieldConfig(item, {}),
        options: { showHeader: true, cellHeight: 'sm' },
        transformations: [
          { id: 'merge', options: {} },
          { id: 'organize', options: { excludeByName: { Time: true }, renameByName } },
        ],
      };
    }
    default: {
      const custom: Record<string, unknown> = {
        drawStyle: item.kind === 'bars' ? 'bars' : 'line',
        lineWidth: 1,
        fillOpacity: item.kind === 'stacked' ? 40 : item.kind === 'bars' ? 80 : 0,
        showPoints: 'never',
        spanNulls: false,
        stacking: { mode: item.kind === 'stacked' ? 'normal' : 'none', group: 'A' },
        thresholdsStyle: { mode: item.sloLine !== undefined ? 'line' : 'off' },
      };
      return { ...base, fieldConfig: fieldConfig(item, custom), options: { legend: LEGEND, tooltip: { mode: 'multi', sort: 'desc' } } };
    }
  }
}

function variables(plan: ExportPlan): VariableModel[] {
  const ds: VariableModel = { type: 'datasource', name: 'DS_PROMETHEUS', label: 'Prometheus', query: 'prometheus', refresh: 1, hide: 0, options: [] };
  return [
    ds,
    ...plan.variables.map((v): VariableModel => {
      const query = `label_values(${v.source}, ${v.label})`;
      return {
        type: 'query',
        name: v.name,
        label: v.display,
        datasource: DS,
        query: { query, refId: 'PrometheusVariableQueryEditor-VariableQuery', qryType: 1 },
        multi: true,
        includeAll: true,
        allValue: '.*',
        refresh: 2,
        sort: 1,
        hide: 0,
        current: v.current.length > 0 ? { selected: true, text: v.current, value: v.current } : { selected: true, text: ['All'], value: ['$__all'] },
        options: [],
      };
    }),
  ];
}

const HEIGHT = { stat: 4, half: 8, full: 9, table: 8 } as const;

/** The Grafana dashboard object (write it with JSON.stringify). */
export function toGrafana(plan: ExportPlan): GrafanaDashboard {
  const panels: Array<Panel | RowPanel> = [];
  let id = 1;
  let y = 0;
  const text = notesMarkdown(plan, ['Heatmaps stay heatmaps (classic buckets, format "heatmap").']);
  const textHeight = Math.min(16, 4 + Math.ceil(text.split('\n').length / 2));
  panels.push({ id: id++, type: 'text', title: 'About this export', gridPos: { x: 0, y, w: 24, h: textHeight }, options: { mode: 'markdown', content: text } });
  y += textHeight;
  for (const section of plan.sections) {
    panels.push({ id: id++, type: 'row', title: section.title, collapsed: false, gridPos: { x: 0, y, w: 24, h: 1 }, panels: [] });
    y += 1;
    let x = 0;
    let rowH = 0;
    for (const item of section.items) {
      const w = item.kind === 'stat' ? 3 : item.full ? 24 : 12;
      const h = item.kind === 'stat' ? HEIGHT.stat : item.kind === 'table' ? HEIGHT.table : item.full ? HEIGHT.full : HEIGHT.half;
      if (x + w > 24) {
        y += rowH;
        x = 0;
        rowH = 0;
      }
      panels.push(panelOf(item, id++, { x, y, w, h }));
      x += w;
      rowH = Math.max(rowH, h);
    }
    y += rowH;
  }
  return {
    __inputs: [{ name: 'DS_PROMETHEUS', label: 'Prometheus', description: 'The Prometheus-compatible datasource the board read', type: 'datasource', pluginId: 'prometheus', pluginName: 'Prometheus' }],
    __requires: [
      { type: 'grafana', id: 'grafana', name: 'Grafana', version: '10.4.0' },
      { type: 'datasource', id: 'prometheus', name: 'Prometheus', version: '1.0.0' },
    ],
    title: `inferwatch · ${plan.meta.engineLabel}`,
    description: describe(plan),
    tags: ['inferwatch', plan.meta.engine],
    uid: `inferwatch-${plan.meta.engine}`,
    editable: true,
    graphTooltip: 1,
    schemaVersion: SCHEMA_VERSION,
    time: { from: 'now-1h', to: 'now' },
    refresh: '30s',
    templating: { list: variables(plan) },
    annotations: { list: [] },
    panels,
  };
}
