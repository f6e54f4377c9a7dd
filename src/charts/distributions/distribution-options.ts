// Pure option builders for the distribution panels: a heatmap of bucket rates over time (drawn by
// the lazily registered HeatmapChart, see heatmap-echart.tsx) and bars "≤ N" of a length
// distribution over the range (the always-registered BarChart).
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, HeatmapSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import { escapeHtml } from '../../lib/escape-html';
import type { BucketRange } from '../../lib/histogram';
import { formatDateTime, formatTimestamp } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';
import type { Distribution, HeatmapData } from './distribution-data';
import { chartFrame, chartTokens } from '../core/palette';
import type { ChartTheme } from '../core/types';

/** The options this module builds (the heatmap one needs heatmap-echart.tsx's registrations). */
export type DistributionChartOption = ComposeOption<
  HeatmapSeriesOption | BarSeriesOption | VisualMapComponentOption | GridComponentOption | TooltipComponentOption
>;

/** Interface words, from the dashboard's language table. */
export interface DistributionLabels {
  /** Per-second rate of observations in a bucket, e.g. "Rate". */
  rate: string;
  /** Share of all observations, e.g. "Share". */
  share: string;
  /** Number of observations over the range, e.g. "Requests". */
  count: string;
  /** The heatmap's colour scale, e.g. "Requests/s per bucket" (no scale drawn without it). */
  scale?: string;
}

/**
 * A bucket bound as the engine declared it, in one unit: bounds of a minute or more read in whole
 * hours or minutes where they are such ("1 min", "20 min", "1 h"), else in seconds below two hours
 * ("80 s", "400 s", where a duration would say "1m 20s", "6m 40s"); shorter ones and other units
 * as every figure is formatted ("300 ms", "2h 8m").
 */
export function bucketBoundText(v: number, unit: Unit, locale?: string): string {
  if (unit !== 'seconds' || v < 60 || !Number.isInteger(v)) return formatValue(v, unit, { locale });
  const n = (x: number) => x.toLocaleString(locale);
  if (v % 3600 === 0) return `${n(v / 3600)} h`;
  if (v % 60 === 0 && v < 7200) return `${n(v / 60)} min`;
  return v < 7200 ? `${n(v)} s` : formatValue(v, unit, { locale });
}

/** Axis text of a bucket: "≤ 300 ms", "≤ 400 s", "> 2h 8m" for the +Inf bucket, "= 0 s" for `le="0"` (latencies and counts are never negative). */
export function bucketAxisLabel(b: BucketRange, unit: Unit, locale?: string): string {
  if (b.high === 0) return `= ${formatValue(0, unit, { locale })}`;
  return b.high === Infinity ? `> ${bucketBoundText(b.low, unit, locale)}` : `≤ ${bucketBoundText(b.high, unit, locale)}`;
}

/** Tooltip text of a bucket: "300 ms – 500 ms", "≤ 300 ms" for the first, "> 2h 8m" for +Inf. */
export function bucketRangeLabel(b: BucketRange, unit: Unit, locale?: string): string {
  if (b.high === Infinity || b.low <= 0) return bucketAxisLabel(b, unit, locale);
  return `${bucketBoundText(b.low, unit, locale)} – ${bucketBoundText(b.high, unit, locale)}`;
}

// Sequential scales from the panel background to a saturated end: the lowest step stays visible
// (a zero count is "observed none", not a gap, which is left transparent).
const SCALE: Record<ChartTheme, string[]> = {
  light: ['#eff6ff', '#93c5fd', '#3b82f6', '#1d4ed8', '#172554'],
  dark: ['#172036', '#1e3a8a', '#2563eb', '#60a5fa', '#fde68a'],
};

const row = (k: string, v: string) =>
  `<div class="iw-tt-kv"><span>${escapeHtml(k)}</span><span class="iw-tt-num">${escapeHtml(v)}</span></div>`;

function tooltipBase(theme: ChartTheme): TooltipComponentOption {
  const t = chartTokens(theme);
  return {
    trigger: 'item',
    confine: true,
    backgroundColor: t.tooltipBackground,
    borderColor: t.tooltipBorder,
    textStyle: { color: t.text, fontSize: 12 },
  };
}

function isNumberArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'number');
}

export interface HeatmapOptionInput {
  data: HeatmapData;
  /** The unit of the bucket bounds (seconds, tokens). */
  unit: Unit;
  theme: ChartTheme;
  locale?: string;
  labels: DistributionLabels;
}

/**
 * A heatmap on category axes (ECharts requires them): x the step grid, y the buckets in order,
 * labelled by their upper bound, so uneven (roughly logarithmic) bounds get equal rows and each
 * row says which interval it is. The colour follows the square root of the rate, so a tail of a
 * few requests stays visible beside the bulk; the tooltip gives the true rate and share.
 */
export function buildHeatmapOption(input: HeatmapOptionInput): DistributionChartOption {
  const { data, unit, theme, locale, labels } = input;
  const t = chartTokens(theme);
  const cells = data.cells.map(([x, y, v]) => [x, y, Math.sqrt(v), v]);
  const frame = chartFrame(t);
  return {
    ...frame,
    // Room above the cells for the colour scale.
    grid: labels.scale === undefined ? frame.grid : { ...frame.grid, top: 28 },
    xAxis: timeCategoryAxis(data.times, t, locale),
    yAxis: {
      type: 'category',
      data: data.buckets.map((b) => bucketAxisLabel(b, unit, locale)),
      axisLine: { lineStyle: { color: t.axisLine } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { color: t.mutedText, hideOverlap: true },
    },
    // The colour scale, over the panel's top right: square-root colours, true rates at its ends.
    visualMap: {
      type: 'continuous',
      show: labels.scale !== undefined,
      orient: 'horizontal',
      right: 16,
      top: 0,
      itemWidth: 10,
      itemHeight: 120,
      calculable: false,
      hoverLink: false,
      text: [formatValue(data.max, 'ops', { locale }), `${labels.scale ?? ''}  0`],
      textGap: 6,
      textStyle: { color: t.mutedText, fontSize: 11 },
      dimension: 2,
      min: 0,
      max: Math.max(Math.sqrt(data.max), 1e-12),
      inRange: { color: SCALE[theme] },
    },
    tooltip: {
      ...tooltipBase(theme),
      formatter: (params: unknown) => {
        const value = typeof params === 'object' && params !== null ? (params as { value?: unknown }).value : undefined;
        if (!isNumberArray(value)) return '';
        const [x = 0, y = 0, , rate = 0] = value;
        const bucket = data.buckets[y];
        const time = data.times[x];
        if (!bucket || time === undefined) return '';
        const total = data.totals[x];
        const share = total !== null && total !== undefined && total > 0 ? rate / total : null;
        return (
          `<div class="iw-tt-time">${escapeHtml(formatDateTime(time, locale))}</div>` +
          `<div class="iw-tt-title">${escapeHtml(bucketRangeLabel(bucket, unit, locale))}</div>` +
          row(labels.rate, formatValue(rate, 'ops', { locale })) +
          row(labels.share, formatValue(share, 'ratio', { locale }))
        );
      },
    },
    series: [
      {
        type: 'heatmap',
        id: 'buckets',
        data: cells,
        progressive: 0,
        emphasis: { disabled: true },
      },
    ],
  };
}

export interface DistributionOptionInput {
  data: Distribution;
  unit: Unit;
  theme: ChartTheme;
  locale?: string;
  labels: DistributionLabels;
  color: string;
}

/** Bars "≤ N", one per bucket, as the share of observations over the range. */
export function buildDistributionOption(input: DistributionOptionInput): DistributionChartOption {
  const { data, unit, theme, locale, labels, color } = input;
  const t = chartTokens(theme);
  return {
    ...chartFrame(t),
    xAxis: {
      type: 'category',
      data: data.bars.map((b) => bucketAxisLabel(b, unit, locale)),
      axisLine: { lineStyle: { color: t.axisLine } },
      axisTick: { show: false },
      axisLabel: { color: t.mutedText, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      splitNumber: 4,
      axisLabel: { color: t.mutedText, formatter: (v: number) => formatValue(v, 'ratio', { locale, digits: 2 }) },
      splitLine: { lineStyle: { color: t.gridLine } },
    },
    tooltip: {
      ...tooltipBase(theme),
      formatter: (params: unknown) => {
        const index = typeof params === 'object' && params !== null ? (params as { dataIndex?: unknown }).dataIndex : undefined;
        const bar = typeof index === 'number' ? data.bars[index] : undefined;
        if (!bar) return '';
        return (
          `<div class="iw-tt-title">${escapeHtml(bucketRangeLabel(bar, unit, locale))}</div>` +
          row(labels.count, formatValue(bar.count, 'count', { locale })) +
          row(labels.share, formatValue(bar.share, 'ratio', { locale }))
        );
      },
    },
    series: [
      {
        type: 'bar',
        id: 'share',
        data: data.bars.map((b) => b.share),
        itemStyle: { color },
        barMaxWidth: 28,
        emphasis: { disabled: true },
      },
    ],
  };
}

/** A heatmap's x axis: one category per step, labelled as times (shared with series-heatmap.ts). */
export function timeCategoryAxis(times: readonly number[], t: ReturnType<typeof chartTokens>, locale: string | undefined) {
  const span = (times[times.length - 1] ?? 0) - (times[0] ?? 0);
  return {
    type: 'category' as const,
    // Raw ms as the categories: only the labels ECharts shows get formatted (Intl is slow).
    data: times.map(String),
    axisLine: { lineStyle: { color: t.axisLine } },
    axisTick: { show: false },
    splitLine: { show: false },
    axisLabel: { color: t.mutedText, hideOverlap: true, formatter: (v: string) => formatTimestamp(Number(v), locale, span) },
  };
}
