// The one component that runs ECharts: module registry, lifecycle, shared crosshair, drag-to-zoom, PNG.
import { useEffect, useMemo, useRef, useState } from 'react';
// The ESM build: Vite would hand the CommonJS lib/ build over as { default } instead of the class.
import EChartsReactCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import type { EChartsType } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  AxisPointerComponent,
  GridComponent,
  MarkLineComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DistributionChartOption } from './distribution-options';
import type { ChartOption } from './options';
import { chartTokens } from './palette';
import type { ChartTheme } from './types';

// Only what the option builders use, so the bundle stays tree-shaken. ToolboxComponent brings the
// select-dataZoom behind drag-to-zoom; DataZoomComponent (inside + slider) is left out on purpose:
// "inside" would capture the mouse wheel and stop the dashboard from scrolling.
echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  AxisPointerComponent,
  MarkLineComponent,
  ToolboxComponent,
  CanvasRenderer,
]);

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

// Series are replaced as a list (ids absent from the new option are removed); the rest is merged.
const REPLACE_MERGE = ['series'];

// Stable object: echarts-for-react re-creates the instance whenever `opts` changes.
const INIT_OPTS = { renderer: 'canvas' } as const;

/** Turns the select-dataZoom brush on. Silent, so `echarts.connect` does not replay it on the group. */
function armZoomSelect(instance: EChartsType): void {
  if (instance.isDisposed()) return;
  instance.dispatchAction(
    { type: 'takeGlobalCursor', key: 'dataZoomSelect', dataZoomSelectActive: true },
    { silent: true },
  );
}

/** The dragged x range from a `datazoom` event fired by the toolbox select (values, not percents). */
function zoomRange(event: unknown): [number, number] | null {
  if (typeof event !== 'object' || event === null) return null;
  const batch = (event as { batch?: unknown }).batch;
  const first: unknown = Array.isArray(batch) ? batch[0] : event;
  if (typeof first !== 'object' || first === null) return null;
  const { startValue, endValue } = first as { startValue?: unknown; endValue?: unknown };
  if (typeof startValue !== 'number' || typeof endValue !== 'number') return null;
  if (!Number.isFinite(startValue) || !Number.isFinite(endValue) || endValue <= startValue) return null;
  return [startValue, endValue];
}

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
 * Adds the invisible toolbox whose dataZoom feature draws the selection rectangle. Only the x
 * axis is controlled (`yAxisIndex: 'none'`), so the brush is a vertical band as in Grafana.
 */
function withZoomSelect(option: AnyChartOption, theme: ChartTheme): AnyChartOption {
  return {
    ...option,
    toolbox: {
      show: true,
      itemSize: 0,
      showTitle: false,
      iconStyle: { opacity: 0 },
      feature: { dataZoom: { yAxisIndex: 'none', brushStyle: { color: chartTokens(theme).brush } } },
    },
  };
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
  const zoomable = onZoom !== undefined;
  const fullOption = useMemo(() => markSeriesDataShared(zoomable ? withZoomSelect(option, theme) : option), [option, theme, zoomable]);
  const [onScreen, observe] = useOnScreen();
  // What the chart draws: the latest option while on screen, else the one it last drew.
  const [shown, setShown] = useState(fullOption);
  if (onScreen && shown !== fullOption) setShown(fullOption);

  // Handlers read the latest props through refs, so `onEvents` stays one object for the chart's life.
  const latest = useRef({ fullOption, onZoom, onReady, group });
  useEffect(() => {
    latest.current = { fullOption, onZoom, onReady, group };
  });
  // Set on pointer down in *this* chart: a zoom replayed from a connected chart must not call onZoom twice.
  const pointerDown = useRef(false);

  const onEvents = useMemo(
    () => ({
      datazoom: (event: unknown, instance: EChartsType) => {
        const range = zoomRange(event);
        const mine = pointerDown.current;
        pointerDown.current = false;
        // setOption is refused while ECharts is still dispatching this action: reset on the next task.
        setTimeout(() => {
          if (instance.isDisposed()) return;
          instance.setOption(latest.current.fullOption, { notMerge: true });
          if (latest.current.onZoom) armZoomSelect(instance);
        }, 0);
        if (range && mine) latest.current.onZoom?.(range[0], range[1]);
      },
    }),
    [],
  );

  const handleReady = useMemo(
    () => (instance: EChartsType) => {
      instanceRef.current = instance;
      const { group: g, onZoom: z, onReady: ready } = latest.current;
      if (g) {
        instance.group = g;
        echarts.connect(g);
      }
      const zr = instance.getZr();
      zr.on('mousedown', () => {
        pointerDown.current = true;
      });
      // The brush ends on mouseup and dispatches synchronously; clear the flag after that.
      zr.on('mouseup', () => {
        setTimeout(() => (pointerDown.current = false), 0);
      });
      if (z) armZoomSelect(instance);
      observe(instance.getDom());
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

  // The select cursor survives option replacement (ECharts reuses the toolbox view), so it is only
  // re-armed when zoom is switched on after mount.
  useEffect(() => {
    const instance = instanceRef.current;
    if (zoomable && instance) armZoomSelect(instance);
  }, [zoomable]);

  return (
    <EChartsReactCore
      echarts={echarts}
      option={shown}
      replaceMerge={REPLACE_MERGE}
      lazyUpdate
      theme={theme === 'dark' ? 'dark' : undefined}
      opts={INIT_OPTS}
      onEvents={onEvents}
      onChartReady={handleReady}
      autoResize
      style={{ height, width: '100%' }}
      className={className}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
