// Pure option builders: shaped series + unit + theme → a typed ECharts option (no ECharts runtime here).
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  AxisPointerComponentOption,
  GridComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { formatTimestamp } from '../../lib/time';
import { axisFormatter, formatValue, type Unit } from '../../lib/units';
import { valueExtent, yLabelRoom } from '../core/axis-room';
import { trimIncompleteSteps } from './latest-step';
import { capLineSeries, fullPointAt } from './pixel-cap';
import { chartFrame, chartTokens, type ColorRegistry } from '../core/palette';
import { bandData, floorData, lineData, precisionLabel, splitFirstBucket, type PrecisionText, type SeriesPrecision } from './quantile-bands';
import { SHIFTED_OPACITY, shiftAwareColorMap } from '../core/series-colors';
import { axisTooltipFormatter } from '../core/tooltip';
import type { SeriesStyle, ChartSeries, ChartTheme, ChartThresholdLine } from '../core/types';
import { plainText } from '../core/plain-text';

const Y_SPLIT = 4;
/** Grid edge to the labels, and labels to the axis line (ECharts' axisLabel.margin is 8) plus slack. */
const GRID_PAD = 8;
const GRID_RIGHT = 16;
const LABEL_GAP = 12;
/** The time axis' strip under the grid: label margin (8) + one 12 px line + the edge (4). */
const X_LABEL_ROOM = 26;

/** Every option the charts layer builds; only these modules are registered in echart.tsx. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | AxisPointerComponentOption
  | MarkLineComponentOption
>;

export interface TimeSeriesOptionInput {
  series: readonly ChartSeries[];
  unit: Unit;
  theme: ChartTheme;
  kind: SeriesStyle;
  /** Y axis bounds in the panel's unit (e.g. 0..1 for a ratio); automatic when omitted. */
  min?: number;
  max?: number;
  /** The x axis always spans the requested range, so an empty tail reads as "no data yet". */
  startMs: number;
  endMs: number;
  locale?: string;
  thresholds?: readonly ChartThresholdLine[];
  /** Series ids toggled off in the legend table: skipped, without shifting other colours. */
  hidden?: ReadonlySet<string>;
  /**
   * Quantile series (by id) judged against their buckets: where a point is only known to lie in a
   * coarse bucket, a band shades the bucket and the tooltip gives the bound (`precisionText`).
   */
  precision?: ReadonlyMap<string, SeriesPrecision>;
  precisionText?: PrecisionText;
  /** The panel's colour memory, shared with its legend (colours by position without one). */
  colors?: ColorRegistry;
  /**
   * The chart's width in CSS px, when a line may have more points than its plot has pixels: the
   * plain lines are then capped to two points per pixel column (pixel-cap.ts). Omitted: all points.
   */
  widthPx?: number;
}

/** Series ids of the shading bands start with this; the tooltip skips them. */
export const BAND_PREFIX = 'band:';

/** Two stacked invisible-edged lines: the bucket's lower edge, then its height as a shaded area. */
function bandSeries(s: ChartSeries, precision: SeriesPrecision, color: string): LineSeriesOption[] {
  const band = bandData(s, precision);
  // A light fill with a thin outline: overlapping bands of several lines stay readable as edges
  // instead of adding up to an opaque block.
  const common = {
    type: 'line' as const,
    stack: `${BAND_PREFIX}${s.id}`,
    connectNulls: false,
    showSymbol: false,
    symbol: 'none',
    silent: true,
    lineStyle: { width: 1, color, opacity: 0.45, type: 'dotted' as const },
    emphasis: { disabled: true },
  };
  const floor = floorData(s, precision);
  return [
    ...(band.any
      ? [
          { ...common, id: `${BAND_PREFIX}lo:${s.id}`, data: band.lower, lineStyle: { ...common.lineStyle, opacity: band.lower.some(([, v]) => v !== null && v > 0) ? 0.45 : 0 } },
          { ...common, id: `${BAND_PREFIX}hi:${s.id}`, data: band.height, areaStyle: { color, opacity: 0.07 } },
        ]
      : []),
    // Above the highest bound there is no upper edge: the bound itself, dotted ("≥ bound").
    ...(floor.any ? [{ ...common, stack: undefined, id: `${BAND_PREFIX}floor:${s.id}`, data: floor.data, lineStyle: { width: 1.5, color, opacity: 0.8, type: 'dotted' as const } }] : []),
  ];
}

const LINE_WIDTH = 1.5;

function thresholdMarkLine(
  thresholds: readonly ChartThresholdLine[],
  unit: Unit,
  locale: string | undefined,
): LineSeriesOption['markLine'] {
  return {
    silent: true,
    symbol: 'none',
    animation: false,
    data: thresholds.map((th) => ({
      yAxis: th.value,
      lineStyle: { color: th.color, type: 'dashed', width: 1 },
      // Canvas text: never parsed as HTML, so a label can be any plain text.
      label: { formatter: plainText(th.label ?? formatValue(th.value, unit, { locale })), color: th.color, position: 'insideEndTop' },
    })),
  };
}

/**
 * The option for a time-series panel: fixed time x axis over [startMs, endMs], gaps left as gaps
 * (`connectNulls: false`), no symbols, 1.5 px lines, a light area under a lone line, stacked
 * areas for `stacked`, bars for `bars`, no animation (live refresh would animate every 10 s),
 * and an axis tooltip whose HTML escapes every name and value.
 *
 * @example
 * buildTimeSeriesOption({ series, unit: 'seconds', theme: 'dark', kind: 'line',
 *   startMs: 0, endMs: 3_600_000, locale: 'en-US' })
 * // → { animation: false, xAxis: { type: 'time', min: 0, max: 3600000, … },
 * //     series: [{ type: 'line', id, name, data: points, connectNulls: false, … }], … }
 */
export function buildTimeSeriesOption(input: TimeSeriesOptionInput): ChartOption {
  const { unit, theme, kind, startMs, endMs, locale, hidden } = input;
  const t = chartTokens(theme);
  const spanMs = endMs - startMs;
  // Colours by identity over the full list (see seriesColorMap); the right edge stops at the last
  // step every series has reached (see trimIncompleteSteps), like the legend's "Last".
  const colors = shiftAwareColorMap(input.series, input.colors);
  const visible = trimIncompleteSteps(input.series)
    .map((s) => ({ s, color: colors.get(s.id) ?? chartTokens(theme).text }))
    .filter(({ s }) => !hidden?.has(s.id));
  const lone = visible.length === 1;
  // An earlier-window copy (compare mode): dashed and lighter, never stacked onto the current ones.
  const shifted = (s: ChartSeries) => s.shiftOf !== undefined;

  const series: Array<LineSeriesOption | BarSeriesOption> = visible.map(({ s, color }, i) => {
    const markLine =
      i === 0 && input.thresholds && input.thresholds.length > 0
        ? thresholdMarkLine(input.thresholds, unit, locale)
        : undefined;
    if (kind === 'bars') {
      const bar: BarSeriesOption = {
        type: 'bar',
        id: s.id,
        name: s.name,
        data: s.points,
        itemStyle: shifted(s) ? { color, opacity: SHIFTED_OPACITY } : { color },
        barMaxWidth: 12,
      };
      if (markLine) bar.markLine = markLine;
      return bar;
    }
    const stacked = kind === 'stacked';
    const line: LineSeriesOption = {
      type: 'line',
      id: s.id,
      name: s.name,
      // Quantile lines leave out the points that are only a bound: the band says those.
      data: kind === 'line' ? lineData(s, input.precision?.get(s.id)) : s.points,
      connectNulls: false,
      showSymbol: false,
      symbol: 'none',
      lineStyle: shifted(s) ? { width: LINE_WIDTH, color, type: 'dashed', opacity: SHIFTED_OPACITY } : { width: LINE_WIDTH, color },
      itemStyle: { color },
      emphasis: { disabled: true },
    };
    if (stacked && shifted(s)) {
      // Earlier copies stack among themselves (dashed outlines, no area): their top line is the
      // earlier total, comparable with the current stack's top.
      line.stack = 'earlier';
    } else if (stacked) {
      line.stack = 'total';
      line.areaStyle = { opacity: 0.35, color };
    } else if (lone && !shifted(s)) {
      line.areaStyle = { opacity: 0.12, color };
    }
    if (markLine) line.markLine = markLine;
    return line;
  });
  // Bands only on plain lines: stacked areas and bars have no single line to shade around. Lines
  // of one histogram in the same buckets (p50, p95, p99 all in the first bucket) share one band,
  // drawn neutral, instead of stacking six translucent layers into an opaque block.
  if (kind === 'line' && input.precision) {
    // The first bucket is one neutral band for every line (splitFirstBucket); the rest per line.
    const split = splitFirstBucket(visible.map(({ s }) => s).filter((s) => !shifted(s)), input.precision);
    if (split.first) series.push(...bandSeries(split.first.s, split.first.p, t.mutedText));
    const bands = new Map<string, { s: ChartSeries; p: SeriesPrecision; color: string; shared: boolean }>();
    for (const { s, color } of visible) {
      const p = split.rest.get(s.id) ?? input.precision.get(s.id);
      if (!p) continue;
      const key = JSON.stringify(p.points.map((x) => (x && x.kind !== 'overflow' ? [x.low, x.high] : 0)));
      const seen = bands.get(key);
      if (seen) seen.shared = true;
      else bands.set(key, { s, p, color, shared: false });
    }
    for (const { s, p, color, shared } of bands.values()) series.push(...bandSeries(s, p, shared ? t.mutedText : color));
  }
  // The y labels' room, computed (axis-room.ts), so ECharts need not measure every label twice.
  // Capping keeps each pixel column's extremes, so the extent is the same before and after it.
  const interval = input.min === 0 && input.max === 1 ? 0.25 : undefined;
  const [dataLo, dataHi] = valueExtent(series);
  const extent: [number, number] = [input.min ?? dataLo, input.max ?? dataHi];
  const yRoom = yLabelRoom(extent, axisFormatter(unit, locale), Y_SPLIT, interval);
  const gridLeft = GRID_PAD + yRoom + LABEL_GAP;
  const full = kind === 'line' && input.widthPx !== undefined ? capLineSeries(series, input.widthPx - gridLeft - GRID_RIGHT) : null;
  const fullAt =
    full && full.size > 0
      ? (seriesId: string, timeMs: number) => {
          const points = full.get(seriesId);
          return points ? fullPointAt(points, timeMs) : null;
        }
      : undefined;

  const { precision, precisionText } = input;
  const note =
    precision && precisionText
      ? (seriesId: string, index: number) => {
          const p = precision.get(seriesId)?.points[index];
          return p ? precisionLabel(p, unit, precisionText, locale) : undefined;
        }
      : undefined;


  return {
    ...chartFrame(t),
    grid: { left: gridLeft, right: GRID_RIGHT, top: 12, bottom: X_LABEL_ROOM, outerBoundsMode: 'none' },
    xAxis: {
      type: 'time',
      min: startMs,
      max: endMs,
      axisLine: { lineStyle: { color: t.axisLine } },
      axisTick: { lineStyle: { color: t.axisLine } },
      splitLine: { show: false },
      axisLabel: {
        color: t.mutedText,
        hideOverlap: true,
        formatter: (v: number) => formatTimestamp(v, locale, spanMs),
      },
    },
    yAxis: {
      type: 'value',
      min: input.min,
      max: input.max,
      splitNumber: Y_SPLIT,
      // A fixed 0..1 ratio axis: quarter ticks, not ECharts' 0.3 steps that end in a stray 90 %/100 %.
      ...(interval !== undefined ? { interval } : {}),
      axisLabel: { color: t.mutedText, formatter: axisFormatter(unit, locale) },
      splitLine: { lineStyle: { color: t.gridLine } },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: t.tooltipBackground,
      borderColor: t.tooltipBorder,
      textStyle: { color: t.text, fontSize: 12 },
      axisPointer: { type: 'line', lineStyle: { color: t.axisLine } },
      formatter: axisTooltipFormatter(unit, theme, locale, note, fullAt),
    },
    series,
  };
}
