// ECharts is most of the bundle (~200 KB gzip): it is not in the initial bundle; it is fetched
// just after the shell starts, in parallel with the backend discovery and the first queries. A
// placeholder of the same height holds the layout while it arrives.
import type { EChartsType } from 'echarts/core';
import { lazyComponent } from '../../components/lazy-component';
import type { EChartProps } from './echart';

const placeholder = (props: EChartProps) => <div style={{ height: props.height, width: '100%' }} aria-hidden="true" />;

const lineChart = lazyComponent<EChartProps>(() => import('./echart').then((m) => m.EChart), placeholder);

/** Starts (once) the download of the ECharts chunk. */
export function preloadECharts(): Promise<unknown> {
  return lineChart.preload();
}

// The first panel needs the chunk only once its data is in; fetching it right after the shell has
// started (not when the first panel turns ok) takes the chunk off the critical path: it downloads
// and compiles while the backend is asked for names and the first queries run.
if (typeof window !== 'undefined' && import.meta.env.MODE !== 'test') setTimeout(() => void preloadECharts().catch(() => {}), 0);

// Fetched only when a heatmap panel has data to draw (panels query only on or near the screen).
const heatmap = lazyComponent<EChartProps>(() => import('../distributions/heatmap-echart').then((m) => m.HeatmapEChart), placeholder);

/** The same wrapper with the heatmap series and visual map registered (a separate, later chunk). */
export const HeatmapEChart = heatmap.Component;

export const EChart = lineChart.Component;

/** PNG of a rendered chart, as a data URL (the instance comes from `onReady`). */
export function exportPng(instance: EChartsType, backgroundColor: string): string {
  return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor });
}
