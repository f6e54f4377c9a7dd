// Exemplar dots beside the quantile lines of a latency time-series panel (pure): an added piece of
// the time-series option, like the alert markers. Each exemplar is a symbol at (its time, its
// value) of a line series without a line (no new ECharts module); the board's axis tooltip gets
// the exemplars of the step under the pointer (value, time, trace id, escaped), since an item
// tooltip never shows under an axis tooltip.
import type { LineSeriesOption } from 'echarts/charts';
import type { Unit } from '../../lib/units';
import { EXEMPLAR_SERIES_ID, exemplarTooltipHtml, type ExemplarLabels, type ExemplarPoint } from './exemplar-options';
import type { ChartOption } from '../timeseries/options';
import { withAddedSeries } from '../markers/slo-line';
import type { ChartTheme } from '../core/types';

/** Exemplars listed in the tooltip of one step at most (the slowest first). */
const TOOLTIP_MAX = 3;

const DOT: Record<ChartTheme, { fill: string; border: string }> = {
  light: { fill: '#dc2626', border: '#ffffff' },
  dark: { fill: '#f87171', border: '#0b1020' },
};

export interface LineExemplarOptions {
  unit: Unit;
  theme: ChartTheme;
  locale?: string;
  labels: ExemplarLabels;
  /** The x axis' range and the step of the lines (a point at t stands for the step ending at t). */
  startMs: number;
  endMs: number;
  stepMs: number;
}

type Formatter = (params: unknown, ...rest: unknown[]) => string;

const seriesIdOf = (p: unknown): unknown => (typeof p === 'object' && p !== null ? (p as { seriesId?: unknown }).seriesId : undefined);

/** The time a tooltip is for: the first line point's `axisValue`. */
function axisValueOf(params: readonly unknown[]): number | null {
  for (const p of params) {
    const v = typeof p === 'object' && p !== null ? (p as { axisValue?: unknown }).axisValue : undefined;
    if (typeof v === 'number') return v;
  }
  return null;
}

/** The exemplars of the step ending at `t` (t − step < time ≤ t), slowest first. */
export function exemplarsOfStep(points: readonly ExemplarPoint[], t: number, stepMs: number): ExemplarPoint[] {
  return points.filter((p) => p.time > t - stepMs && p.time <= t).sort((a, b) => b.value - a.value);
}

/** What a click on the line chart hit: an exemplar dot (its index in `shown`), else null. */
export function lineExemplarHit(params: unknown): number | null {
  if (typeof params !== 'object' || params === null) return null;
  const p = params as { seriesId?: unknown; dataIndex?: unknown };
  return p.seriesId === EXEMPLAR_SERIES_ID && typeof p.dataIndex === 'number' ? p.dataIndex : null;
}

/**
 * The time-series option with the exemplars inside [startMs − step, endMs] as dots. `shown` is the
 * list a click's data index refers to. The y axis grows to the slowest dot (ECharts counts every
 * series), so the label room is measured again over the dots too.
 */
export function withLineExemplars(option: ChartOption, points: readonly ExemplarPoint[], opts: LineExemplarOptions): { option: ChartOption; shown: ExemplarPoint[] } {
  const shown = points.filter((p) => Number.isFinite(p.value) && p.time > opts.startMs - opts.stepMs && p.time <= opts.endMs);
  if (shown.length === 0) return { option, shown };
  const dot = DOT[opts.theme];
  const dots: LineSeriesOption = {
    type: 'line',
    id: EXEMPLAR_SERIES_ID,
    data: shown.map((p) => [p.time, p.value]),
    symbol: 'circle',
    symbolSize: 5,
    showSymbol: true,
    connectNulls: false,
    lineStyle: { width: 0, opacity: 0 },
    itemStyle: { color: dot.fill, borderColor: dot.border, borderWidth: 1, opacity: 0.85 },
    emphasis: { scale: 1.6 },
    animation: false,
    z: 5,
  };
  const tooltip = Array.isArray(option.tooltip) ? option.tooltip[0] : option.tooltip;
  const base = typeof tooltip?.formatter === 'function' ? (tooltip.formatter as Formatter) : null;
  const formatter: Formatter = (params, ...rest) => {
    const list = (Array.isArray(params) ? params : [params]).filter((p) => seriesIdOf(p) !== EXEMPLAR_SERIES_ID);
    const html = base && list.length > 0 ? base(list, ...rest) : '';
    const t = axisValueOf(Array.isArray(params) ? params : [params]);
    const near = t === null ? [] : exemplarsOfStep(shown, t, opts.stepMs);
    if (near.length === 0) return html;
    const items = near.slice(0, TOOLTIP_MAX).map((p) => `<div class="iw-tt-item">${exemplarTooltipHtml(p, opts.unit, opts.labels, opts.locale)}</div>`);
    const more = near.length > TOOLTIP_MAX ? `<div class="iw-tt-more">+${near.length - TOOLTIP_MAX}</div>` : '';
    return `${html}<div class="iw-tt-markers">${items.join('')}${more}</div>`;
  };
  const withTooltip: ChartOption = tooltip ? { ...option, tooltip: { ...tooltip, formatter: formatter as NonNullable<typeof tooltip.formatter> } } : option;
  return { option: withAddedSeries(withTooltip, dots, opts.unit, opts.locale), shown };
}
