// ECharts is most of the bundle (~200 KB gzip): it is loaded on demand, after the shell, the
// header and the stat values are on screen, and in parallel with the first queries. A
// placeholder of the same height holds the layout while it arrives.
import { Suspense, lazy } from 'react';
import type { EChartsType } from 'echarts/core';
import type { EChartProps } from './echart';

const EChartImpl = lazy(() => import('./echart').then((m) => ({ default: m.EChart })));

export function EChart(props: EChartProps) {
  return (
    <Suspense fallback={<div style={{ height: props.height, width: '100%' }} aria-hidden="true" />}>
      <EChartImpl {...props} />
    </Suspense>
  );
}

/** PNG of a rendered chart, as a data URL (the instance comes from `onReady`). */
export function exportPng(instance: EChartsType, backgroundColor: string): string {
  return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor });
}
