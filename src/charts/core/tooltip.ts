// The axis tooltip, built as an HTML string by us because ECharts renders tooltips as HTML.
import { escapeHtml } from '../../lib/escape-html';
import { formatDateTime } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';
import { chartTokens } from './palette';
import type { ChartTheme } from './types';

/** Above this many rows the tooltip would cover the chart; the rest are counted. */
export const MAX_TOOLTIP_ROWS = 15;

export interface TooltipRow {
  /** Plain text (a series name from label values). */
  name: string;
  value: number | null;
  color: string;
  /** Shown instead of the value when the value says more than the data (a quantile's bucket bound). */
  note?: string;
}

// Colours come from our palette, but they end up in an SVG attribute: accept only plain colour syntax.
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;

/**
 * The tooltip's HTML. Every piece of text (time, names, values) is escaped here, so a label
 * value such as `<img src=x onerror=alert(1)>` shows as text.
 *
 * @example
 * tooltipHtml(0, [{ name: '<b>', value: 0.5, color: '#2563eb' }], 'ratio', 'light', 'en-US')
 * // '<div …>1970-01-01 00:00:00</div><div …><span …background:#2563eb…></span>
 * //  <span …>&lt;b&gt;</span><span …>50 %</span></div>'
 */
export function tooltipHtml(
  timeMs: number,
  rows: readonly TooltipRow[],
  unit: Unit,
  theme: ChartTheme,
  locale?: string,
): string {
  const t = chartTokens(theme);
  const shown = rows.slice(0, MAX_TOOLTIP_ROWS);
  const header = `<div class="iw-tt-time">${escapeHtml(formatDateTime(timeMs, locale))}</div>`;
  const body = shown
    .map((r) => {
      const color = SAFE_COLOR.test(r.color) ? r.color : t.mutedText;
      // Classes and an SVG fill, not style attributes: a `style-src 'self'` policy blocks those.
      const swatch = `<svg class="iw-tt-swatch" width="8" height="8" aria-hidden="true"><rect width="8" height="8" rx="2" fill="${escapeHtml(color)}"/></svg>`;
      const name = `<span class="iw-tt-name">${escapeHtml(r.name)}</span>`;
      const value = `<span class="iw-tt-value">${escapeHtml(r.note ?? formatValue(r.value, unit, { locale }))}</span>`;
      return `<div class="iw-tt-row">${swatch}${name}${value}</div>`;
    })
    .join('');
  const more = rows.length - shown.length;
  const footer = more > 0 ? `<div class="iw-tt-more">+${more} more</div>` : '';
  return header + body + footer;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The `[time, value]` pair ECharts hands back for a time-axis point. */
function pointOf(params: Record<string, unknown>): [number, number | null] | null {
  const v = params.value;
  if (!Array.isArray(v)) return null;
  const [t, y] = v as unknown[];
  if (typeof t !== 'number') return null;
  return [t, typeof y === 'number' && Number.isFinite(y) ? y : null];
}

/**
 * An ECharts `tooltip.formatter` for `trigger: 'axis'`. It narrows ECharts' params from
 * `unknown` (never trusting their shape) and hands them to `tooltipHtml`.
 */
export function axisTooltipFormatter(
  unit: Unit,
  theme: ChartTheme,
  locale?: string,
  /** A bound to show instead of the value of a point (quantile-bands.ts), by series id and index. */
  note?: (seriesId: string, dataIndex: number) => string | undefined,
  /**
   * A line drawn with fewer points than it has (pixel-cap.ts): its full point at the pointer's
   * time and that point's index; null for a line drawn with all of them.
   */
  fullAt?: (seriesId: string, timeMs: number) => { point: readonly [number, number | null]; index: number } | null,
): (params: unknown) => string {
  return (params: unknown) => {
    const list = Array.isArray(params) ? (params as unknown[]) : [params];
    let time: number | null = null;
    const rows: TooltipRow[] = [];
    for (const p of list) {
      if (!isRecord(p)) continue;
      const seriesId = typeof p.seriesId === 'string' ? p.seriesId : '';
      // The shading bands of quantile-bands.ts are drawing aids, not series.
      if (seriesId.startsWith('band:')) continue;
      let point = pointOf(p);
      if (point === null) continue;
      let index = typeof p.dataIndex === 'number' ? p.dataIndex : null;
      const full = fullAt?.(seriesId, typeof p.axisValue === 'number' ? p.axisValue : point[0]);
      if (full) {
        point = [full.point[0], full.point[1]];
        index = full.index;
      }
      time ??= point[0];
      const row: TooltipRow = {
        name: typeof p.seriesName === 'string' ? p.seriesName : '',
        value: point[1],
        color: typeof p.color === 'string' ? p.color : '',
      };
      // A quantile line's point that is only a bound is a gap in the line (the band says it): its
      // row gives the bound.
      const text = note && index !== null ? note(seriesId, index) : undefined;
      if (text !== undefined) row.note = text;
      rows.push(row);
    }
    if (time === null) return '';
    return tooltipHtml(time, rows, unit, theme, locale);
  };
}
