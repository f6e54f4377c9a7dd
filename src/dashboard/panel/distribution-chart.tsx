// The body of a `heatmap` or `distribution` panel: bucket series (one per `le`) → de-cumulated
// cells or bars → the chart. Loaded lazily (lazy-distribution-chart.tsx); the heatmap's ECharts
// modules come in a further chunk of their own.
import { useMemo } from 'react';
import type { PanelSpec } from '../../catalog/types';
import {
  EChart,
  HeatmapEChart,
  buildDistributionOption,
  buildHeatmapOption,
  seriesColor,
  seriesToDistribution,
  seriesToHeatmap,
  type ChartSeries,
  type EChartsInstance,
} from '../../charts';
import { useT } from '../../i18n';
import { useDashboard } from '../data/context';
import { useHeatmapTraces } from '../traces/heatmap-traces';
import { SeriesHeatmapChart } from './series-heatmap-chart';

// The latency line panels' traces share this chunk (lazy-line-chart.tsx).
export { LatencyLineChart } from '../traces/line-traces';

/** What the generic panel hands a chart body of a kind of its own (distribution, latest bars). */
export interface ChartBodyProps {
  panel: PanelSpec;
  series: ChartSeries[];
  title: string;
  height: number | string;
  chartRef: React.RefObject<EChartsInstance | null>;
}

export function DistributionChart(props: ChartBodyProps) {
  const rows = props.panel.seriesRows;
  return rows ? <SeriesHeatmapChart {...props} rows={rows} /> : <BucketChart {...props} />;
}

function BucketChart({ panel, series, title, height, chartRef }: ChartBodyProps) {
  const t = useT();
  const { theme, locale } = useDashboard();
  const heatmap = panel.chart === 'heatmap';
  const scale = t.fleetViews.heatmapScale;
  const labels = useMemo(() => (heatmap ? { ...t.distribution, scale } : t.distribution), [heatmap, t.distribution, scale]);
  const shaped = useMemo(() => (heatmap ? seriesToHeatmap(series) : seriesToDistribution(series)), [heatmap, series]);
  const option = useMemo(
    () =>
      'cells' in shaped
        ? buildHeatmapOption({ data: shaped, unit: panel.unit, theme, locale, labels })
        : buildDistributionOption({ data: shaped, unit: panel.unit, theme, locale, labels, color: seriesColor(0) }),
    [shaped, panel.unit, theme, locale, labels],
  );
  // Latency heatmaps: exemplar dots, their explanation and trace links (src/dashboard/traces/).
  const traces = useHeatmapTraces(panel, 'cells' in shaped ? shaped : null, option);
  const Chart = heatmap ? HeatmapEChart : EChart;
  const notes = [shaped.partial > 0 ? labels.partial(shaped.partial) : '', shaped.merged > 0 ? labels.merged(shaped.merged) : ''].filter(Boolean);
  return (
    <>
      <Chart
        option={traces.option}
        theme={theme}
        height={height}
        // In the grid a heatmap grows to its row (a neighbour's legend makes rows taller).
        className={heatmap && typeof height === 'number' ? 'iw-heatmap-grow' : undefined}
        ariaLabel={title}
        onReady={(inst) => {
          chartRef.current = inst;
          traces.attach(inst);
        }}
      />
      {notes.length > 0 && <p className="iw-panel-note">{notes.join(' ')}</p>}
      {traces.footer}
    </>
  );
}
