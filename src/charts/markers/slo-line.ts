// The SLO threshold on a latency chart (pure): a dashed line across the plot at the threshold,
// labelled with the objective ("SLO 99 % ≤ 500 ms"), added to the time-series option. The line
// rides on a carrier series of two invisible points at the threshold, so the y axis always reaches
// it (ECharts leaves markLines out of the axis extent) with its usual nice rounding; the carrier's
// id starts with the bands' prefix, which the tooltip skips.
import type { LineSeriesOption } from 'echarts/charts';
import { axisFormatter, type Unit } from '../../lib/units';
import { valueExtent, yLabelRoom } from '../core/axis-room';
import { BAND_PREFIX, type ChartOption } from '../timeseries/options';
import type { ChartTheme } from '../core/types';
import { plainText } from '../core/plain-text';

export const SLO_SERIES_ID = `${BAND_PREFIX}slo`;
const COLOR: Record<ChartTheme, string> = { light: '#b45309', dark: '#fbbf24' };
const Y_SPLIT = 4;

export interface SloLineInput {
  /** The threshold, in the panel's unit. */
  value: number;
  /** Plain text drawn on the canvas (never parsed as HTML). */
  label: string;
  theme: ChartTheme;
  unit: Unit;
  locale?: string;
  startMs: number;
  endMs: number;
}

type Series = Pick<LineSeriesOption, 'data' | 'stack'>;

/** The option with `added` appended and the y labels' room measured again when the axis grew. */
export function withAddedSeries(option: ChartOption, added: LineSeriesOption, unit: Unit, locale?: string): ChartOption {
  const series = (Array.isArray(option.series) ? option.series : option.series ? [option.series] : []) as LineSeriesOption[];
  const next: ChartOption = { ...option, series: [...series, added] };
  const grid = Array.isArray(option.grid) ? null : option.grid;
  const y = Array.isArray(option.yAxis) ? null : option.yAxis;
  if (!grid || typeof grid.left !== 'number' || !y || (y as { max?: unknown }).max !== undefined) return next;
  const before = valueExtent(series as Series[]);
  const after = valueExtent([...(series as Series[]), added]);
  if (after[1] <= before[1]) return next;
  const fmt = axisFormatter(unit, locale);
  const grow = yLabelRoom(after, fmt, Y_SPLIT) - yLabelRoom(before, fmt, Y_SPLIT);
  return grow > 0 ? { ...next, grid: { ...grid, left: grid.left + grow } } : next;
}

export function withSloLine(option: ChartOption, input: SloLineInput): ChartOption {
  if (!Number.isFinite(input.value) || input.value <= 0) return option;
  const color = COLOR[input.theme];
  const carrier: LineSeriesOption = {
    type: 'line',
    id: SLO_SERIES_ID,
    data: [
      [input.startMs, input.value],
      [input.endMs, input.value],
    ],
    silent: true,
    symbol: 'none',
    showSymbol: false,
    lineStyle: { width: 0, opacity: 0 },
    emphasis: { disabled: true },
    tooltip: { show: false },
    markLine: {
      silent: true,
      symbol: 'none',
      animation: false,
      data: [{ yAxis: input.value, lineStyle: { color, type: 'dashed', width: 1.5 }, label: { formatter: plainText(input.label), color, position: 'insideEndTop' } }],
    },
  };
  return withAddedSeries(option, carrier, input.unit, input.locale);
}
