// The charts layer's public surface: the dashboard imports from here, never from the files.
export { EChart, HeatmapEChart, exportPng } from './lazy-echart';
export type { AnyChartOption, EChartProps, EChartsInstance, EChartsType } from './echart';
export {
  matrixToHeatmap,
  seriesToDistribution,
  seriesToHeatmap,
  toDistribution,
  type Distribution,
  type DistributionBar,
  type HeatmapData,
} from './distribution-data';
export {
  bucketAxisLabel,
  bucketRangeLabel,
  buildDistributionOption,
  buildHeatmapOption,
  type DistributionChartOption,
  type DistributionLabels,
} from './distribution-options';
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
  csvText,
  type MatrixSample,
  type MatrixToSeriesOptions,
} from './matrix';
export {
  BAND_PREFIX,
  buildTimeSeriesOption,
  type ChartOption,
  type TimeSeriesOptionInput,
} from './options';
export { bandData, legendValueText, meanText, precisionLabel, seriesPrecision, type PrecisionText, type SeriesPrecision } from './quantile-bands';
export { ColorRegistry, SERIES_COLORS, chartTokens, seriesColor, seriesColorMap, seriesColors, type ChartTokens } from './palette';
export { MAX_TOOLTIP_ROWS, axisTooltipFormatter, tooltipHtml, type TooltipRow } from './tooltip';
export type { SeriesStyle, ChartSeries, ChartTheme, ChartThresholdLine, SeriesStats } from './types';
export { MARKER_SERIES_ID, alertMarkerSeries, groupMarkers, markerTooltipHtml, withAlertMarkers, type ChartMarker, type MarkerGroup } from './alert-markers';
export { EXEMPLAR_SERIES_ID, exemplarTooltipHtml, heatmapCellOf, heatmapHit, withHeatmapExemplars, type ExemplarLabels, type ExemplarPoint, type HeatmapHit } from './exemplar-options';
export { buildSeriesHeatmapOption, seriesHeatmapHeight, seriesToRows, type HeatmapRow, type RowNaming, type SeriesHeatmapData } from './series-heatmap';
export { exemplarsOfStep, lineExemplarHit, withLineExemplars, type LineExemplarOptions } from './line-exemplars';
export { SLO_SERIES_ID, withAddedSeries, withSloLine, type SloLineInput } from './slo-line';
