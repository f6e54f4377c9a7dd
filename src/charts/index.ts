// The charts layer's public surface: the dashboard imports from here, never from the files.
export { EChart, HeatmapEChart, exportPng } from './core/lazy-echart';
export type { AnyChartOption, EChartProps, EChartsInstance, EChartsType } from './core/echart';
export {
  matrixToHeatmap,
  seriesToDistribution,
  seriesToHeatmap,
  toDistribution,
  type Distribution,
  type DistributionBar,
  type HeatmapData,
} from './distributions/distribution-data';
export {
  bucketAxisLabel,
  bucketRangeLabel,
  buildDistributionOption,
  buildHeatmapOption,
  type DistributionChartOption,
  type DistributionLabels,
} from './distributions/distribution-options';
export { PNG_MAX_LEGEND_ROWS, composePanelPng, pngLegendRows, type PngContext, type PngLegendRow } from './core/export-png';
export { LegendTable, type LegendLabels, type LegendTableProps } from './timeseries/legend-table';
export { MAX_LAG_STEPS, completeStepIndex, trimIncompleteSteps } from './timeseries/latest-step';
export { filterLegendRows, nextSort, sortLegendRows, type LegendSort, type LegendSortKey } from './timeseries/legend-sort';
export { Sparkline, sparklinePaths, type SparklineProps } from './timeseries/sparkline';
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
} from './timeseries/matrix';
export {
  BAND_PREFIX,
  buildTimeSeriesOption,
  type ChartOption,
  type TimeSeriesOptionInput,
} from './timeseries/options';
export { bandData, legendValueText, meanText, precisionLabel, seriesPrecision, type PrecisionText, type SeriesPrecision } from './timeseries/quantile-bands';
export { ColorRegistry, SERIES_COLORS, chartTokens, seriesColor, seriesColorMap, seriesColors, type ChartTokens } from './core/palette';
export { MAX_TOOLTIP_ROWS, axisTooltipFormatter, tooltipHtml, type TooltipRow } from './core/tooltip';
export type { SeriesStyle, ChartSeries, ChartTheme, ChartThresholdLine, SeriesStats } from './core/types';
export { MARKER_SERIES_ID, alertMarkerSeries, groupMarkers, markerTooltipHtml, withAlertMarkers, type ChartMarker, type MarkerGroup } from './markers/alert-markers';
export { EXEMPLAR_SERIES_ID, exemplarTooltipHtml, heatmapCellOf, heatmapHit, withHeatmapExemplars, type ExemplarLabels, type ExemplarPoint, type HeatmapHit } from './exemplars/exemplar-options';
export { buildSeriesHeatmapOption, seriesHeatmapHeight, seriesToRows, type HeatmapRow, type RowNaming, type SeriesHeatmapData } from './distributions/series-heatmap';
export { exemplarsOfStep, lineExemplarHit, withLineExemplars, type LineExemplarOptions } from './exemplars/line-exemplars';
export { SLO_SERIES_ID, withAddedSeries, withSloLine, type SloLineInput } from './markers/slo-line';
