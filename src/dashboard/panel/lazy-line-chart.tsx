// The latency line panels' exemplars and trace searches (traces/line-traces.tsx) come in the
// distribution panels' lazy chunk, which holds the heatmaps' exemplar code they share: one chunk,
// fetched as soon as such a panel is in view (with its queries, chart-view.tsx), so it is in before
// the answers. Until it is in, a placeholder of the chart's height holds the place: drawing plain
// lines meanwhile built the chart twice (an ECharts instance for the lines, a second one when the
// chunk replaced them), about one frame more before an embedded panel was final.
import { lazyComponent } from '../../components/lazy-component';
import type { LatencyLineChartProps } from '../traces/line-traces';

const lines = lazyComponent<LatencyLineChartProps>(
  () => import('./distribution-chart').then((m) => m.LatencyLineChart),
  (props) => <div style={{ height: props.height, width: '100%' }} aria-hidden="true" />,
);

/** Starts (once) the download of the latency lines' chunk. */
export const preloadLatencyLines = lines.preload;

export const LatencyLineChart = lines.Component;
