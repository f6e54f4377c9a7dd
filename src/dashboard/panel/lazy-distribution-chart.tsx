// Distribution panels are few and far down the page: their shaping and option code stays out of
// the initial bundle and is fetched when the first of them comes into view (with its queries).
import type { ComponentProps } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { lazyComponent } from '../../components/lazy-component';
import type { DistributionChart as Impl } from './distribution-chart';

type Props = ComponentProps<typeof Impl>;

const distribution = lazyComponent<Props>(
  () => import('./distribution-chart').then((m) => m.DistributionChart),
  (props) => <div style={{ height: props.height, width: '100%' }} aria-hidden="true" />,
);

export function isDistributionPanel(panel: PanelSpec): boolean {
  return panel.chart === 'heatmap' || panel.chart === 'distribution';
}

export const DistributionChart = distribution.Component;

/** Starts (once) the download of the distribution chunk. */
export const preloadDistributionChart = distribution.preload;
