// `latest` panels (values that never move) are few: their shaping and option code is fetched when
// the first of them has data to draw, not with the initial bundle.
import { Suspense, lazy, type ComponentProps } from 'react';

const Impl = lazy(() => import('./latest-chart').then((m) => ({ default: m.LatestChart })));

export function LatestChart(props: ComponentProps<typeof Impl>) {
  return (
    <Suspense fallback={<div style={{ height: props.height, width: '100%' }} aria-hidden="true" />}>
      <Impl {...props} />
    </Suspense>
  );
}
