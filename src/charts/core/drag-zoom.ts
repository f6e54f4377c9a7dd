// Grafana-style drag-to-zoom on a chart's x axis, drawn on the chart's own zrender layer.
//
// It used to be ECharts' toolbox dataZoom "select" feature behind an invisible toolbox. That cost
// on every refresh: the toolbox view rebuilt its icon paths and brush controller, and the dataZoom
// processors ran over every series (~12 % of ECharts' update time per window change in the CPU
// profile, docs/performance.md). Zooming never needed ECharts' zoom state: the page takes the
// dragged range into the URL and every chart redraws on it. So this listens to zrender's mouse
// events, draws one translucent band while the button is down, and reports the range in axis
// values on release. No option piece, nothing to merge on setOption.
import * as echarts from 'echarts/core';
import type { EChartsType } from 'echarts/core';

/** Drags narrower than this are clicks (they must not zoom to a few seconds). */
const MIN_DRAG_PX = 4;

interface Span {
  lo: number;
  hi: number;
}

/** The run of pixels around `at` (inclusive) for which `inside` holds, within [0, limit]. */
export function spanAround(at: number, limit: number, inside: (p: number) => boolean): Span {
  let lo = at;
  let hi = at;
  while (lo > 0 && inside(lo - 1)) lo--;
  while (hi < limit && inside(hi + 1)) hi++;
  return { lo, hi };
}

/** The dragged pixels as an ordered range of axis values, or null for a click. */
export function dragRange(x0: number, x1: number, toValue: (px: number) => number): [number, number] | null {
  if (Math.abs(x1 - x0) < MIN_DRAG_PX) return null;
  const a = toValue(Math.min(x0, x1));
  const b = toValue(Math.max(x0, x1));
  return Number.isFinite(a) && Number.isFinite(b) && b > a ? [a, b] : null;
}

type OnRange = (startMs: number, endMs: number) => void;

/**
 * Arms drag-to-zoom on `instance`. `color` and `handler` are read when a drag starts (the theme and
 * the page's zoom handler may change; no handler, no drag); the handler gets the range in ms.
 * Returns the function that disarms it.
 */
export function armDragZoom(instance: EChartsType, color: () => string, handler: () => OnRange | undefined): () => void {
  const zr = instance.getZr();
  const grid = { gridIndex: 0 };
  let drag: { x0: number; xs: Span; band: echarts.graphic.Rect; onRange: OnRange } | null = null;

  const clampX = (x: number): number => (drag ? Math.min(drag.xs.hi, Math.max(drag.xs.lo, x)) : x);
  const stop = (x: number | null): void => {
    if (!drag) return;
    const { x0, band, onRange } = drag;
    drag = null;
    zr.remove(band);
    window.removeEventListener('mouseup', onWindowUp);
    if (x === null || instance.isDisposed()) return;
    const range = dragRange(x0, x, (px) => Number(instance.convertFromPixel({ xAxisIndex: 0 }, px)));
    if (range) onRange(range[0], range[1]);
  };
  // A release outside the canvas ends the drag without zooming.
  const onWindowUp = (): void => stop(null);

  const onDown = (e: { offsetX: number; offsetY: number; event?: { button?: number } }): void => {
    const onRange = handler();
    if (!onRange || (e.event?.button ?? 0) !== 0 || instance.isDisposed()) return;
    const { offsetX: x, offsetY: y } = e;
    if (!instance.containPixel(grid, [x, y])) return;
    const xs = spanAround(x, zr.getWidth() ?? 0, (p) => instance.containPixel(grid, [p, y]));
    const ys = spanAround(y, zr.getHeight() ?? 0, (p) => instance.containPixel(grid, [x, p]));
    const band = new echarts.graphic.Rect({
      shape: { x, y: ys.lo, width: 0, height: ys.hi - ys.lo },
      style: { fill: color() },
      silent: true,
      z: 1000,
    });
    zr.add(band);
    drag = { x0: x, xs, band, onRange };
    window.addEventListener('mouseup', onWindowUp);
  };
  const onMove = (e: { offsetX: number }): void => {
    if (!drag) return;
    const x = clampX(e.offsetX);
    drag.band.setShape({ x: Math.min(drag.x0, x), width: Math.abs(x - drag.x0) });
  };
  const onUp = (e: { offsetX: number }): void => {
    window.removeEventListener('mouseup', onWindowUp);
    stop(clampX(e.offsetX));
  };

  zr.on('mousedown', onDown);
  zr.on('mousemove', onMove);
  zr.on('mouseup', onUp);
  return () => {
    stop(null);
    zr.off('mousedown', onDown);
    zr.off('mousemove', onMove);
    zr.off('mouseup', onUp);
  };
}
