// The charts layer's public surface: the dashboard imports from here, never from the files.
export { EChart, exportPng } from './lazy-echart';
export type { EChartProps, EChartsInstance, EChartsType } from './echart';
export { LegendTable, type LegendTableProps } from './legend-table';
export { Sparkline, sparklinePaths, type SparklineProps } from './sparkline';
export {
  DEFAULT_MAX_SERIES,
  MAX_GRID_POINTS,
  formatLabelSet,
  legendName,
  matrixToSeries,
  seriesStats,
  sumSeries,
  toCsv,
  csvText,
  type MatrixSample,
  type MatrixToSeriesOptions,
} from './matrix';
export {
  buildTimeSeriesOption,
  type ChartOption,
  type TimeSeriesOptionInput,
} from './options';
export { SERIES_COLORS, chartTokens, contrastRatio, seriesColor, type ChartTokens } from './palette';
export { MAX_TOOLTIP_ROWS, axisTooltipFormatter, tooltipHtml, type TooltipRow } from './tooltip';
export type { SeriesStyle, ChartSeries, ChartTheme, ChartThresholdLine, SeriesStats } from './types';
