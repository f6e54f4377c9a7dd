// `latest` panels (values that never move) are few: their shaping and option code is fetched when
// the first of them has data to draw, not with the initial bundle.
import type { ComponentProps } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import type { LatestChart as Impl } from './latest-chart';

type Props = ComponentProps<typeof Impl>;

const latest = lazyComponent<Props>(
  () => import('./latest-chart').then((m) => m.LatestChart),
  (props) => <div style={{ height: props.height, width: '100%' }} aria-hidden="true" />,
);

export const LatestChart = latest.Component;
