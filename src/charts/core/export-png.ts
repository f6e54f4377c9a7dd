// PNG export that says what it is: title, time range with time zone, backend and engine, filters
// and a legend (names, colours, last values) drawn on a canvas around the chart's own image, so a
// picture pasted into a ticket stands on its own.
import type { EChartsType } from 'echarts/core';
import { chartTokens } from './palette';
import type { ChartTheme } from './types';

export interface PngLegendRow {
  /** Plain text from label values: drawn with fillText, never parsed. */
  name: string;
  color: string;
  /** The formatted last value, or '' when there is none. */
  last: string;
  hidden: boolean;
}

export interface PngContext {
  title: string;
  /** Lines under the title, most important first: time range, backend and engine, filters. */
  lines: readonly string[];
  legend: readonly PngLegendRow[];
  /** A small footer, e.g. "inferwatch · exported 2026-12-01 03:21 UTC". */
  footer: string;
  /** "+ N more" for legend rows left out, in the interface language. */
  more: (n: number) => string;
  theme: ChartTheme;
}

/** Past this many legend rows the picture would be mostly legend: the rest are counted. */
export const PNG_MAX_LEGEND_ROWS = 24;
const PAD = 16;
const TITLE_PX = 16;
const LINE_PX = 12;
const ROW_PX = 16;

/** The legend rows drawn, and how many are left out ("+ N more"). */
export function pngLegendRows(legend: readonly PngLegendRow[]): { rows: PngLegendRow[]; more: number } {
  const rows = legend.slice(0, PNG_MAX_LEGEND_ROWS);
  return { rows, more: legend.length - rows.length };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('chart image failed to load'));
    img.src = src;
  });
}

/** Cuts text to `maxPx` with an ellipsis (a long label set must not run off the picture). */
function fit(ctx: CanvasRenderingContext2D, text: string, maxPx: number): string {
  if (ctx.measureText(text).width <= maxPx) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxPx) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/**
 * The panel as a PNG data URL: header lines, the chart (ECharts' own `getDataURL` at 2×), the
 * legend in two columns, a footer. Drawn in CSS pixels on a 2× canvas.
 */
export async function composePanelPng(instance: EChartsType, context: PngContext): Promise<string> {
  const tokens = chartTokens(context.theme);
  const ratio = 2;
  const chartW = instance.getWidth();
  const chartH = instance.getHeight();
  const chart = await loadImage(instance.getDataURL({ type: 'png', pixelRatio: ratio, backgroundColor: tokens.background }));
  const width = Math.max(chartW, 480) + 2 * PAD;
  const { rows, more } = pngLegendRows(context.legend);
  const columns = width >= 640 ? 2 : 1;
  const legendLines = Math.ceil(rows.length / columns) + (more > 0 ? 1 : 0);
  const headerH = PAD + TITLE_PX + 6 + context.lines.length * (LINE_PX + 4);
  const legendTop = headerH + 8 + chartH + 8;
  const height = legendTop + legendLines * ROW_PX + 8 + LINE_PX + PAD;

  const canvas = document.createElement('canvas');
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(ratio, ratio);
  ctx.fillStyle = tokens.background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'top';
  const font = (px: number, weight = 400) => `${weight} ${px}px ui-sans-serif, system-ui, sans-serif`;
  const inner = width - 2 * PAD;

  let y = PAD;
  ctx.fillStyle = tokens.text;
  ctx.font = font(TITLE_PX, 600);
  ctx.fillText(fit(ctx, context.title, inner), PAD, y);
  y += TITLE_PX + 6;
  ctx.font = font(LINE_PX);
  ctx.fillStyle = tokens.mutedText;
  for (const line of context.lines) {
    ctx.fillText(fit(ctx, line, inner), PAD, y);
    y += LINE_PX + 4;
  }
  ctx.drawImage(chart, PAD, headerH + 8, chartW, chartH);

  const colW = inner / columns;
  rows.forEach((row, i) => {
    const x = PAD + (i % columns) * colW;
    const ry = legendTop + Math.floor(i / columns) * ROW_PX;
    ctx.fillStyle = row.color;
    ctx.strokeStyle = row.color;
    ctx.lineWidth = 2;
    if (row.hidden) ctx.strokeRect(x + 1, ry + 2, 8, 8);
    else ctx.fillRect(x, ry + 1, 10, 10);
    ctx.fillStyle = row.hidden ? tokens.mutedText : tokens.text;
    ctx.font = font(LINE_PX);
    const lastW = row.last ? ctx.measureText(row.last).width + 12 : 0;
    ctx.fillText(fit(ctx, row.name, colW - 16 - lastW - 8), x + 16, ry);
    if (row.last) {
      ctx.textAlign = 'right';
      ctx.fillText(row.last, x + colW - 8, ry);
      ctx.textAlign = 'left';
    }
  });
  if (more > 0) {
    ctx.fillStyle = tokens.mutedText;
    ctx.fillText(context.more(more), PAD, legendTop + Math.ceil(rows.length / columns) * ROW_PX);
  }
  ctx.fillStyle = tokens.mutedText;
  ctx.font = font(LINE_PX - 1);
  ctx.fillText(fit(ctx, context.footer, inner), PAD, height - PAD - LINE_PX);
  return canvas.toDataURL('image/png');
}
