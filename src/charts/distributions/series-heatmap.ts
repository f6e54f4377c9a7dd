// A heatmap with one row per series (a GPU, say) and time across: the colour is the series' value
// at that step. Used for utilisation by GPU; drawn by the lazily registered HeatmapChart
// (heatmap-echart.tsx), so this module rides in the distribution chunk, never the initial one.
import type { HeatmapSeriesOption } from 'echarts/charts';
import type { ComposeOption } from 'echarts/core';
import type { GridComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import { escapeHtml } from '../../lib/escape-html';
import { formatDateTime } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';
import { chartFrame, chartTokens } from '../core/palette';
import { timeCategoryAxis } from './distribution-options';
import type { ChartSeries, ChartTheme } from '../core/types';

export type SeriesHeatmapOption = ComposeOption<HeatmapSeriesOption | VisualMapComponentOption | GridComponentOption | TooltipComponentOption>;

export interface HeatmapRow {
  /** The row's text on the axis and in the table (plain text, never HTML). */
  label: string;
  /** The group the row sorts under (a node), shown first in its label. */
  group: string;
  mean: number | null;
  max: number | null;
  last: number | null;
}

export interface SeriesHeatmapData {
  /** Step times (ms), the x categories. */
  times: number[];
  /** Top to bottom. */
  rows: HeatmapRow[];
  /** [x, y, value]; steps without a sample are left out (a gap, not a zero). */
  cells: Array<[number, number, number]>;
}

/** How a series becomes a row: its group (sorted naturally) and its label. */
export interface RowNaming {
  group: (s: ChartSeries) => string;
  /** Sort key within the group (numbers sort as numbers: gpu 2 before gpu 10). */
  order: (s: ChartSeries) => string;
  label: (s: ChartSeries) => string;
}

// Made on first use: a top-level call would pin this module into the initial bundle (the barrel).
let collator: Intl.Collator | null = null;
const natural = (a: string, b: string): number => (collator ??= new Intl.Collator('en', { numeric: true })).compare(a, b);

/**
 * Series → rows grouped by `group`, ordered naturally inside, cells on the union of step times.
 * @example seriesToRows([{ labels: { Hostname: 'n1', gpu: '10' }, points: [[0, 0.5]] }, { labels: { Hostname: 'n1', gpu: '2' }, … }], naming)
 * // rows: n1 · 2, n1 · 10
 */
export function seriesToRows(series: readonly ChartSeries[], naming: RowNaming): SeriesHeatmapData {
  const sorted = [...series].sort((a, b) => natural(naming.group(a), naming.group(b)) || natural(naming.order(a), naming.order(b)) || natural(a.id, b.id));
  const times = [...new Set(sorted.flatMap((s) => s.points.map(([t]) => t)))].sort((a, b) => a - b);
  const xOf = new Map(times.map((t, i) => [t, i]));
  const cells: SeriesHeatmapData['cells'] = [];
  const rows = sorted.map((s, y): HeatmapRow => {
    let sum = 0;
    let n = 0;
    let max: number | null = null;
    let last: number | null = null;
    for (const [t, v] of s.points) {
      if (v === null) continue;
      cells.push([xOf.get(t) ?? 0, y, v]);
      sum += v;
      n++;
      max = max === null ? v : Math.max(max, v);
      last = v;
    }
    return { label: naming.label(s), group: naming.group(s), mean: n ? sum / n : null, max, last };
  });
  return { times, rows, cells };
}

/** Pixel height for `rows` rows: readable rows, never shorter than the other panels. */
export const seriesHeatmapHeight = (rows: number): number => Math.max(220, 70 + rows * 16);

export interface SeriesHeatmapInput {
  data: SeriesHeatmapData;
  unit: Unit;
  /** Scale bounds in the unit (utilisation: 0 and 1). */
  min: number;
  max: number;
  theme: ChartTheme;
  locale?: string;
  /** Words for the tooltip: the value's name ("Utilisation"). */
  valueLabel: string;
}

// Cool (idle) to hot (busy); the lowest step stays visible against the panel background.
const SCALE: Record<ChartTheme, string[]> = {
  light: ['#eef2ff', '#a5b4fc', '#facc15', '#f97316', '#b91c1c'],
  dark: ['#1e2340', '#4338ca', '#ca8a04', '#ea580c', '#fca5a5'],
};

export function buildSeriesHeatmapOption(input: SeriesHeatmapInput): SeriesHeatmapOption {
  const { data, unit, min, max, theme, locale, valueLabel } = input;
  const t = chartTokens(theme);
  const fmt = (v: number) => formatValue(v, unit, { locale });
  return {
    ...chartFrame(t),
    grid: { left: 8, right: 16, top: 8, bottom: 48, containLabel: true },
    xAxis: timeCategoryAxis(data.times, t, locale),
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.rows.map((r) => r.label),
      axisLine: { lineStyle: { color: t.axisLine } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { color: t.mutedText, hideOverlap: true, width: 260, overflow: 'truncate' },
    },
    visualMap: {
      type: 'continuous',
      show: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      itemWidth: 10,
      calculable: false,
      dimension: 2,
      min,
      max,
      text: [fmt(max), fmt(min)],
      textStyle: { color: t.mutedText, fontSize: 11 },
      inRange: { color: SCALE[theme] },
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      backgroundColor: t.tooltipBackground,
      borderColor: t.tooltipBorder,
      textStyle: { color: t.text, fontSize: 12 },
      formatter: (params: unknown) => {
        const value = typeof params === 'object' && params !== null ? (params as { value?: unknown }).value : undefined;
        if (!Array.isArray(value)) return '';
        const [x, y, v] = value as unknown[];
        const row = typeof y === 'number' ? data.rows[y] : undefined;
        const time = typeof x === 'number' ? data.times[x] : undefined;
        if (!row || time === undefined || typeof v !== 'number') return '';
        return (
          `<div class="iw-tt-time">${escapeHtml(formatDateTime(time, locale))}</div>` +
          `<div class="iw-tt-title">${escapeHtml(row.label)}</div>` +
          `<div class="iw-tt-kv"><span>${escapeHtml(valueLabel)}</span><span class="iw-tt-num">${escapeHtml(fmt(v))}</span></div>`
        );
      },
    },
    series: [{ type: 'heatmap', id: 'rows', data: data.cells, progressive: 0, emphasis: { disabled: true } }],
  };
}
