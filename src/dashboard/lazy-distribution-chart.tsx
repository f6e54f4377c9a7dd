// Distribution panels are few and far down the page: their shaping and option code stays out of
// the initial bundle and is fetched when the first of them has data to draw.
import { Suspense, lazy, type ComponentProps } from 'react';
import type { PanelSpec } from '../catalog/types';

const Impl = lazy(() => import('./distribution-chart').then((m) => ({ default: m.DistributionChart })));

export function isDistributionPanel(panel: PanelSpec): boolean {
  return panel.chart === 'heatmap' || panel.chart === 'distribution';
}

export function DistributionChart(props: ComponentProps<typeof Impl>) {
  return (
    <Suspense fallback={<div style={{ height: props.height, width: '100%' }} aria-hidden="true" />}>
      <Impl {...props} />
    </Suspense>
  );
}
