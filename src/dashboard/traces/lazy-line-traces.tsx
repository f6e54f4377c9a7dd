// The latency line panels' exemplars and trace searches are a chunk of their own, fetched when the
// first such panel has data to draw; until it is in, the panel draws its plain lines.
import { EChart } from '../../charts';
import { lazyComponent } from '../../components/lazy-component';
import { useDashboard } from '../data/context';
import type { LatencyLineChartProps } from './line-traces';

export { latencyKindOf } from './exemplar-query';

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
  () => import('./line-traces').then((m) => m.LatencyLineChart),
  (props) => <PlainLines {...props} />,
);

export const LatencyLineChart = lines.Component;
