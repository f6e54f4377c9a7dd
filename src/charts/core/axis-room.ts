// Room for the y axis labels, computed here instead of by ECharts.
//
// With `grid.outerBoundsMode: 'auto'` (what `containLabel` now means) ECharts builds and measures
// every axis label twice on each update, once to fit the grid inside the chart and once to draw:
// ~20 % of its update time per refresh in the CPU profile (docs/performance.md). The time axis
// needs a fixed strip at the bottom anyway; only the y labels' width varies. It is the widest of
// the labels ECharts will draw, i.e. of its "nice" ticks over the data's extent, which this
// computes the same way (ECharts' intervalScaleNiceTicks) and measures with the chart's font.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';

/** ECharts' `nice(value, round = true)`: 1, 2, 3, 5 or 10 × a power of ten. */
export function niceNumber(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const exponent = Math.floor(Math.log10(value));
  const exp10 = 10 ** exponent;
  const f = value / exp10;
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10;
  return nf * exp10;
}

/** The tick values of a value axis over [lo, hi] with about `splitNumber` intervals (or a fixed `interval`). */
export function axisTicks(lo: number, hi: number, splitNumber: number, interval?: number): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0];
  const span = hi - lo;
  const step = interval ?? (span > 0 ? niceNumber(span / splitNumber) : niceNumber(Math.abs(hi) || 1));
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  const out: number[] = [];
  // Rounded like ECharts' round(x, precision) so 0.1 + 0.2 prints as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  for (let k = first; k <= last && out.length < 50; k++) out.push(Number((k * step).toFixed(Math.min(20, digits))));
  return out;
}

type AnySeries = Pick<LineSeriesOption | BarSeriesOption, 'data' | 'stack'>;

/** The value extent ECharts' y axis covers: stacks summed point by point, and 0 always in. */
export function valueExtent(series: readonly AnySeries[]): [number, number] {
  let lo = 0;
  let hi = 0;
  const stacks = new Map<string, { pos: number[]; neg: number[] }>();
  for (const s of series) {
    const data = Array.isArray(s.data) ? (s.data as unknown[]) : [];
    const stack = typeof s.stack === 'string' ? s.stack : null;
    const sums = stack === null ? null : (stacks.get(stack) ?? { pos: [], neg: [] });
    if (stack !== null && sums) stacks.set(stack, sums);
    data.forEach((p, i) => {
      const v = Array.isArray(p) ? (p[1] as unknown) : null;
      if (typeof v !== 'number' || !Number.isFinite(v)) return;
      if (!sums) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
        return;
      }
      const side = v >= 0 ? sums.pos : sums.neg;
      side[i] = (side[i] ?? 0) + v;
      if (side[i] > hi) hi = side[i];
      if (side[i] < lo) lo = side[i];
    });
  }
  return [lo, hi];
}

// One canvas context for measuring, made on first use; none outside a browser (unit tests).
let ctx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();
const FONT = '12px sans-serif';

/** The width of `text` in ECharts' default axis label font, px (an estimate without a canvas). */
export function labelWidth(text: string): number {
  const hit = widths.get(text);
  if (hit !== undefined) return hit;
  if (ctx === undefined) {
    try {
      ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      ctx = null;
    }
    if (ctx) ctx.font = FONT;
  }
  const w = ctx ? ctx.measureText(text).width : text.length * 7;
  if (widths.size > 2000) widths.clear();
  widths.set(text, w);
  return w;
}

/** The widest y label of an axis over `extent`, px. */
export function yLabelRoom(extent: [number, number], format: (v: number) => string, splitNumber: number, interval?: number): number {
  let widest = 0;
  for (const v of axisTicks(extent[0], extent[1], splitNumber, interval)) widest = Math.max(widest, labelWidth(format(v)));
  return Math.ceil(widest);
}
