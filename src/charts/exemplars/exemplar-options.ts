// Exemplar dots on a heatmap (pure): each exemplar in the cell of its time slice and bucket, drawn
// as symbols of a line series without a line (LineChart is registered everywhere; no new ECharts
// module), with a tooltip of its own: value, time and trace id, every piece escaped.
import { escapeHtml } from '../../lib/escape-html';
import { formatDateTime } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';
import type { HeatmapData } from '../distributions/distribution-data';
import type { DistributionChartOption } from '../distributions/distribution-options';
import type { ChartTheme } from '../core/types';

export const EXEMPLAR_SERIES_ID = 'exemplars';

export interface ExemplarPoint {
  /** Unix ms. */
  time: number;
  value: number;
  traceId: string;
}

export interface ExemplarLabels {
  exemplar: string;
  value: string;
  time: string;
  traceId: string;
  clickHint: string;
}

/** The heatmap cell [time index, bucket index] an observation falls in, or null outside the grid. */
export function heatmapCellOf(data: Pick<HeatmapData, 'times' | 'buckets'>, timeMs: number, value: number): [number, number] | null {
  const { times, buckets } = data;
  if (times.length === 0 || buckets.length === 0) return null;
  const step = times.length > 1 ? (times[1] ?? 0) - (times[0] ?? 0) : 0;
  // A point at t is the rate over the window ending at t: an observation belongs to the first
  // point at or after it.
  const x = times.findIndex((t) => t >= timeMs);
  if (x < 0) return null;
  if (x === 0 && step > 0 && timeMs < (times[0] ?? 0) - step) return null;
  const y = buckets.findIndex((b, i) => value <= b.high && (value > b.low || (i === 0 && value >= 0)));
  return y < 0 ? null : [x, y];
}

const DOT: Record<ChartTheme, { fill: string; border: string }> = {
  light: { fill: '#dc2626', border: '#ffffff' },
  dark: { fill: '#f87171', border: '#0b1020' },
};

const row = (k: string, v: string, cls = 'iw-tt-num') => `<div class="iw-tt-kv"><span>${escapeHtml(k)}</span><span class="${cls}">${escapeHtml(v)}</span></div>`;

export function exemplarTooltipHtml(p: ExemplarPoint, unit: Unit, labels: ExemplarLabels, locale?: string): string {
  return (
    `<div class="iw-tt-title">${escapeHtml(labels.exemplar)}</div>` +
    row(labels.value, formatValue(p.value, unit, { locale })) +
    row(labels.time, formatDateTime(p.time, locale)) +
    row(labels.traceId, p.traceId, 'iw-tt-num iw-tt-trace') +
    `<div class="iw-tt-more">${escapeHtml(labels.clickHint)}</div>`
  );
}

/** What a click on the chart hit: an exemplar (its index in `points`) or a cell, else null. */
export type HeatmapHit = { exemplar: number } | { cell: [number, number] };

export function heatmapHit(params: unknown): HeatmapHit | null {
  if (typeof params !== 'object' || params === null) return null;
  const p = params as { seriesId?: unknown; dataIndex?: unknown; value?: unknown };
  if (p.seriesId === EXEMPLAR_SERIES_ID && typeof p.dataIndex === 'number') return { exemplar: p.dataIndex };
  if (Array.isArray(p.value) && typeof p.value[0] === 'number' && typeof p.value[1] === 'number') return { cell: [p.value[0], p.value[1]] };
  return null;
}

/**
 * The heatmap option with the exemplars as dots (those outside the grid are left out: their index
 * in the returned `shown` list is what a click reports).
 */
export function withHeatmapExemplars(
  option: DistributionChartOption,
  data: HeatmapData,
  points: readonly ExemplarPoint[],
  opts: { unit: Unit; theme: ChartTheme; locale?: string; labels: ExemplarLabels },
): { option: DistributionChartOption; shown: ExemplarPoint[] } {
  const shown: ExemplarPoint[] = [];
  const xy: [number, number][] = [];
  for (const p of points) {
    const cell = heatmapCellOf(data, p.time, p.value);
    if (!cell) continue;
    shown.push(p);
    xy.push(cell);
  }
  if (shown.length === 0) return { option, shown };
  const base = option.tooltip;
  const baseTooltip = Array.isArray(base) ? base[0] : base;
  const baseFormatter = baseTooltip?.formatter;
  const dot = DOT[opts.theme];
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  // The colour scale is the heatmap's: it must not paint the dots (ECharts applies a visualMap to
  // every series unless told which).
  const vm = Array.isArray(option.visualMap) ? option.visualMap[0] : option.visualMap;
  return {
    shown,
    option: {
      ...option,
      ...(vm ? { visualMap: { ...vm, seriesIndex: series.map((_, i) => i) } } : {}),
      tooltip: {
        ...baseTooltip,
        formatter: (params: unknown) => {
          const hit = heatmapHit(params);
          if (hit && 'exemplar' in hit) {
            const p = shown[hit.exemplar];
            return p ? exemplarTooltipHtml(p, opts.unit, opts.labels, opts.locale) : '';
          }
          return typeof baseFormatter === 'function' ? (baseFormatter as (p: unknown) => string)(params) : '';
        },
      },
      series: [
        ...series,
        {
          type: 'line',
          id: EXEMPLAR_SERIES_ID,
          data: xy,
          symbol: 'circle',
          symbolSize: 7,
          showSymbol: true,
          lineStyle: { width: 0, opacity: 0 },
          itemStyle: { color: dot.fill, borderColor: dot.border, borderWidth: 1.5 },
          emphasis: { scale: 1.6 },
          animation: false,
          z: 5,
        },
      ] as DistributionChartOption['series'],
    },
  };
}
