// The one component that runs ECharts: module registry, lifecycle, shared crosshair, drag-to-zoom, PNG.
import { useEffect, useMemo, useRef, useState } from 'react';
// The ESM build: Vite would hand the CommonJS lib/ build over as { default } instead of the class.
import EChartsReactCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import type { EChartsType } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DistributionChartOption } from '../distributions/distribution-options';
import { armDragZoom } from './drag-zoom';
import type { ChartOption } from '../timeseries/options';
import { chartTokens } from './palette';
import type { ChartTheme } from './types';

// Only what the option builders use, so the bundle stays tree-shaken. Drag-to-zoom is our own
// (drag-zoom.ts), not ECharts' toolbox/dataZoom: those re-ran on every setOption.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, AxisPointerComponent, MarkLineComponent, CanvasRenderer]);

export type { EChartsType };
/** The live chart instance handed to `onReady` (alias kept for callers' readability). */
export type EChartsInstance = EChartsType;

/** Heatmap options need heatmap-echart.tsx loaded (it registers HeatmapChart and VisualMap). */
export type AnyChartOption = ChartOption | DistributionChartOption;

export interface EChartProps {
  option: AnyChartOption;
  theme: ChartTheme;
  /** CSS height of the chart, e.g. 240 or '100%'. */
  height: number | string;
  /** Accessible name of the chart image (the canvas itself says nothing to a screen reader). */
  ariaLabel: string;
  /** Charts with the same group share the crosshair and tooltip position (`echarts.connect`). */
  group?: string;
  /** Grafana-style drag-to-zoom on the x axis: called with the dragged range; the chart's own zoom resets. */
  onZoom?: (startMs: number, endMs: number) => void;
  /** The live instance, e.g. for `exportPng`. Called again if the instance is re-created (theme change). */
  onReady?: (instance: EChartsType) => void;
  className?: string;
}

// Stable object: echarts-for-react re-creates the instance whenever `opts` changes.
const INIT_OPTS = { renderer: 'canvas' } as const;

// echarts-for-react builds a throwaway instance and waits for its first 'finished' event to learn
// the container's final size, then builds the real one: one more instance and at least a frame
// before the first paint of every chart. Our containers have their size at mount (an explicit
// height, the row's width; later changes go through autoResize), so one instance does.
class SingleInitCore extends EChartsReactCore {
  override initEchartsInstance(): ReturnType<EChartsReactCore['initEchartsInstance']> {
    const echartsLib = this.echarts as typeof echarts;
    const instance = echartsLib.init(this.ele, this.props.theme, INIT_OPTS);
    return Promise.resolve(instance as unknown as Awaited<ReturnType<EChartsReactCore['initEchartsInstance']>>);
  }
}

// echarts-for-react skips the first resize callback (so as not to cancel the first animation), and
// size-sensor reports 60 ms debounced: a box that changes within 60 ms of the chart's init (the
// kiosk's traces row arriving under the chart) was swallowed as that "first" callback, and the
// canvas kept its old height, overhanging the row and taking its clicks. Our resize compares the
// box with the chart instead: it resizes whenever they differ (also the first time) and never
// otherwise, so an unchanged box costs no redraw. `resize` is private in the typings, hence the
// prototype assignment.
export function resizeToBox(this: Pick<EChartsReactCore, 'ele' | 'getEchartsInstance'>): void {
  const instance = this.getEchartsInstance() as EChartsType | undefined;
  const box = this.ele as HTMLElement | null;
  if (!instance || instance.isDisposed() || !box) return;
  if (box.clientWidth === instance.getWidth() && box.clientHeight === instance.getHeight()) return;
  instance.resize({ width: 'auto', height: 'auto' });
}
Object.defineProperty(SingleInitCore.prototype, 'resize', { value: resizeToBox, writable: true, configurable: true });

// Series are replaced as a list (ids absent from the new option are removed); the rest is merged.
const REPLACE_MERGE = ['series'];


// zrender's marker for "do not deep-copy": ECharts clones the whole option on every setOption and
// again when it merges a series, i.e. one new [t, v] array per point per update. Series data is
// never mutated, neither by the option builders (they make new arrays per answer) nor by ECharts
// (it reads the points into its own store), so the data arrays are handed over as they are.
const NO_CLONE = '__ec_primitive__';

/** Marks each series' data array so that ECharts keeps a reference instead of a deep copy. */
export function markSeriesDataShared(option: AnyChartOption): AnyChartOption {
  const series: unknown = option.series;
  if (!Array.isArray(series)) return option;
  for (const s of series as unknown[]) {
    const data = typeof s === 'object' && s !== null ? (s as { data?: unknown }).data : undefined;
    if (Array.isArray(data) && !Object.prototype.hasOwnProperty.call(data, NO_CLONE)) {
      Object.defineProperty(data, NO_CLONE, { value: true });
    }
  }
  return option;
}

/**
 * Whether the chart's box is on screen (no margin). Panels query and build their option within
 * 300 px of the viewport; a chart in that margin but not visible holds its last option until it
 * scrolls in, so a refresh does not pay setOption and a redraw for a chart nobody sees.
 */
function useOnScreen(): [boolean, (el: Element | null) => void] {
  const [on, setOn] = useState(true);
  const io = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => io.current?.disconnect(), []);
  const observe = useMemo(
    () => (el: Element | null) => {
      io.current?.disconnect();
      io.current = null;
      if (!el || typeof IntersectionObserver === 'undefined') return;
      io.current = new IntersectionObserver((entries) => {
        for (const e of entries) setOn(e.isIntersecting);
      });
      io.current.observe(el);
    },
    [],
  );
  return [on, observe];
}

/**
 * The chart wrapper. A new option updates the live chart in place (merge mode: the models and
 * views of axes, grid and series are reused, which is several times cheaper per refresh than a
 * rebuild), while `replaceMerge: ['series']` replaces the series list, so removed series never
 * linger; `lazyUpdate` batches a refresh into the next frame. echarts-for-react disposes the
 * instance on unmount and resizes it with the container (size-sensor, a ResizeObserver).
 */
export function EChart({ option, theme, height, ariaLabel, group, onZoom, onReady, className }: EChartProps) {
  const instanceRef = useRef<EChartsType | null>(null);
  const fullOption = useMemo(() => markSeriesDataShared(option), [option]);
  const [onScreen, observe] = useOnScreen();
  // What the chart draws: the latest option while on screen, else the one it last drew.
  const [shown, setShown] = useState(fullOption);
  if (onScreen && shown !== fullOption) setShown(fullOption);

  // Handlers read the latest props through refs, so they stay one object for the chart's life.
  const latest = useRef({ onZoom, onReady, group, theme });
  useEffect(() => {
    latest.current = { onZoom, onReady, group, theme };
  });
  const disarm = useRef<(() => void) | null>(null);
  useEffect(() => () => disarm.current?.(), []);

  const handleReady = useMemo(
    () => (instance: EChartsType) => {
      instanceRef.current = instance;
      const { group: g, onReady: ready } = latest.current;
      if (g) {
        instance.group = g;
        echarts.connect(g);
      }
      disarm.current?.();
      disarm.current = armDragZoom(
        instance,
        () => chartTokens(latest.current.theme).brush,
        () => latest.current.onZoom,
      );
      observe(instance.getDom());
      // The bench's floor figure (scripts/bench/raw-refresh-session.ts) re-runs setOption on the live charts.
      (globalThis as { __inferwatchBench?: { charts?: Set<EChartsType> } }).__inferwatchBench?.charts?.add(instance);
      ready?.(instance);
    },
    [observe],
  );

  // Group changes after mount.
  useEffect(() => {
    const instance = instanceRef.current;
    if (!instance || instance.isDisposed()) return;
    instance.group = group ?? '';
    if (group) echarts.connect(group);
  }, [group]);

  return (
    <SingleInitCore
      echarts={echarts}
      option={shown}
      replaceMerge={REPLACE_MERGE}
      lazyUpdate
      theme={theme === 'dark' ? 'dark' : undefined}
      opts={INIT_OPTS}
      onChartReady={handleReady}
      autoResize
      style={{ height, width: '100%' }}
      className={className}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
