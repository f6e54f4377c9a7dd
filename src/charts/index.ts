// The charts layer's public surface: the dashboard imports from here, never from the files.
export { EChart, exportPng } from './lazy-echart';
export type { EChartProps, EChartsInstance, EChartsType } from './echart';
export { PNG_MAX_LEGEND_ROWS, composePanelPng, pngLegendRows, type PngContext, type PngLegendRow } from './export-png';
export { LegendTable, type LegendLabels, type LegendTableProps } from './legend-table';
export { MAX_LAG_STEPS, completeStepIndex, trimIncompleteSteps } from './latest-step';
export { filterLegendRows, nextSort, sortLegendRows, type LegendSort, type LegendSortKey } from './legend-sort';
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
  type MatrixSample,
  type MatrixToSeriesOptions,
} from './matrix';
export {
  buildTimeSeriesOption,
  type ChartOption,
  type TimeSeriesOptionInput,
} from './options';
export { ColorRegistry, SERIES_COLORS, chartTokens, contrastRatio, seriesColor, seriesColorMap, seriesColors, type ChartTokens } from './palette';
export { MAX_TOOLTIP_ROWS, axisTooltipFormatter, tooltipHtml, type TooltipRow } from './tooltip';
export type { ChartKind, ChartSeries, ChartTheme, ChartThresholdLine, SeriesStats } from './types';
