// The latency line panels' exemplars and trace searches (traces/line-traces.tsx) come in the
// distribution panels' lazy chunk, which holds the heatmaps' exemplar code they share: one chunk,
// fetched when the first such panel has data to draw; until it is in, the panel draws plain lines.
import { EChart } from '../../charts';
import { lazyComponent } from '../../components/lazy-component';
import { useDashboard } from '../data/context';
import type { LatencyLineChartProps } from '../traces/line-traces';


function PlainLines({ option, title, height, chartRef }: LatencyLineChartProps) {
  const { theme, chartGroup, onZoom } = useDashboard();
  return (
    <EChart
      option={option}
      theme={theme}
      height={height}
      group={chartGroup}
      ariaLabel={title}
      onZoom={onZoom}
      onReady={(inst) => {
        chartRef.current = inst;
      }}
    />
  );
}

const lines = lazyComponent<LatencyLineChartProps>(
  () => import('./distribution-chart').then((m) => m.LatencyLineChart),
  (props) => <PlainLines {...props} />,
);

export const LatencyLineChart = lines.Component;
