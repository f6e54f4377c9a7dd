// Alert markers on a time axis: a vertical line at each alert's start (markLine on x), with its name
// on the line, and the name, place and summary added to the axis tooltip near the line (a marker's
// own item tooltip never shows under the board's axis tooltip). An added piece of the time-series
// option: `withAlertMarkers(option, …)` appends one empty carrier series and wraps the tooltip
// formatter; the rest is untouched.
// Plain data in ({t, label, severity}): the charts layer knows nothing of alerts or backends.
import type { LineSeriesOption } from 'echarts/charts';
import { escapeHtml } from '../../lib/escape-html';
import { formatDateTime } from '../../lib/time';
import type { ChartOption } from '../timeseries/options';
import { chartTokens } from '../core/palette';
import type { ChartTheme } from '../core/types';
import { plainText } from '../core/plain-text';

export interface ChartMarker {
  /** Unix ms of the alert's start (its `activeAt`). */
  t: number;
  /** Plain text: the alert name, drawn on the line. */
  label: string;
  /** Plain text: where (model, instance), in the tooltip and the accessible name. */
  place?: string;
  /** Plain text shown in the tooltip under the label: the summary. */
  detail?: string;
  severity: string;
  /** Pending (its `for` not yet elapsed): dashed; firing: solid. */
  pending?: boolean;
}

/** Id of the carrier series; the axis tooltip and the legend never see it (no data, no name). */
export const MARKER_SERIES_ID = 'alert-markers';
/** Lines closer than this share of the range are one marker ("name +2"). */
const MERGE_FRACTION = 0.01;
const MAX_TOOLTIP_ITEMS = 8;
/** A line nearer than this share of the range to the previous named one draws no name of its own:
 * vertical names that close overlap into an unreadable smudge; the tooltip still lists it. */
const LABEL_FRACTION = 0.03;

const SEVERITY_COLORS: Record<string, string> = { critical: '#dc2626', page: '#dc2626', error: '#dc2626', warning: '#d97706' };

export interface MarkerGroup {
  t: number;
  markers: ChartMarker[];
}

/**
 * Markers inside [startMs, endMs], oldest first, those within 1 % of the range of the previous one
 * merged (several targets going down together draw one line, not a smudge of labels).
 */
export function groupMarkers(markers: readonly ChartMarker[], startMs: number, endMs: number): MarkerGroup[] {
  const gap = Math.max(0, endMs - startMs) * MERGE_FRACTION;
  const inside = markers.filter((m) => Number.isFinite(m.t) && m.t >= startMs && m.t <= endMs).sort((a, b) => a.t - b.t || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const groups: MarkerGroup[] = [];
  for (const m of inside) {
    const last = groups[groups.length - 1];
    if (last && m.t - last.t <= gap) last.markers.push(m);
    else groups.push({ t: m.t, markers: [m] });
  }
  return groups;
}

const rank = (m: ChartMarker): number => (m.severity === 'critical' || m.severity === 'page' ? 0 : m.severity === 'warning' ? 1 : 2);

/** The tooltip's HTML: every piece of text escaped (alert names and summaries come from the backend). */
export function markerTooltipHtml(group: MarkerGroup, locale?: string): string {
  const items = group.markers.slice(0, MAX_TOOLTIP_ITEMS).map((m) => {
    const detail = m.detail ? `<div class="iw-tt-detail">${escapeHtml(m.detail)}</div>` : '';
    const place = m.place ? ` · ${escapeHtml(m.place)}` : '';
    return `<div class="iw-tt-item"><strong>${escapeHtml(m.label)}</strong>${place}${detail}</div>`;
  });
  const more = group.markers.length > MAX_TOOLTIP_ITEMS ? `<div>+${group.markers.length - MAX_TOOLTIP_ITEMS}</div>` : '';
  return `<div>${escapeHtml(formatDateTime(group.t, locale))}</div>${items.join('')}${more}`;
}

export function alertMarkerSeries(markers: readonly ChartMarker[], theme: ChartTheme, startMs: number, endMs: number): LineSeriesOption | null {
  const groups = groupMarkers(markers, startMs, endMs);
  if (groups.length === 0) return null;
  const t = chartTokens(theme);
  const labelGap = Math.max(0, endMs - startMs) * LABEL_FRACTION;
  let lastNamed = -Infinity;
  const named = groups.map((g) => {
    if (g.t - lastNamed < labelGap) return false;
    lastNamed = g.t;
    return true;
  });
  return {
    type: 'line',
    id: MARKER_SERIES_ID,
    data: [],
    silent: true,
    markLine: {
      symbol: 'none',
      animation: false,
      silent: true,
      data: groups.map((g, i) => {
        const worst = [...g.markers].sort((a, b) => rank(a) - rank(b))[0] ?? g.markers[0];
        const color = SEVERITY_COLORS[worst?.severity ?? ''] ?? t.mutedText;
        const first = worst?.label ?? '';
        return {
          xAxis: g.t,
          lineStyle: { color, width: 1.5, type: g.markers.every((m) => m.pending) ? 'dashed' : 'solid' },
          // Canvas text: never parsed as HTML.
          label: { show: named[i], formatter: plainText(g.markers.length > 1 ? `${first} +${g.markers.length - 1}` : first), color, position: 'insideEndTop', fontSize: 10 },
        };
      }),
    },
  };
}

type Formatter = (params: unknown, ...rest: unknown[]) => string;

/** The axis value (ms) a tooltip is for: the first param's `axisValue`. */
function axisValue(params: unknown): number | null {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  const v = typeof first === 'object' && first !== null ? (first as { axisValue?: unknown }).axisValue : undefined;
  return typeof v === 'number' ? v : null;
}

/** The axis tooltip, with the markers within 1 % of the range of the pointer added under it and
 * `note` (plain text) after them. */
function markerTooltip(tooltip: ChartOption['tooltip'], groups: MarkerGroup[], gap: number, locale?: string, note?: string): ChartOption['tooltip'] {
  if (!tooltip || Array.isArray(tooltip) || typeof tooltip.formatter !== 'function') return tooltip;
  const base = tooltip.formatter as Formatter;
  const formatter: Formatter = (params, ...rest) => {
    const html = base(params, ...rest);
    const x = axisValue(params);
    const near = x === null ? [] : groups.filter((g) => Math.abs(g.t - x) <= gap);
    const foot = note ? `<div class="iw-marker-note">${escapeHtml(note)}</div>` : '';
    return near.length ? `${html}<div class="iw-tt-markers">${near.map((g) => markerTooltipHtml(g, locale)).join('')}${foot}</div>` : html;
  };
  return { ...tooltip, formatter: formatter as NonNullable<typeof tooltip.formatter> };
}

/** The option with the markers' carrier series appended; the same object when none is in range.
 * `note`: plain text under the markers in the tooltip (what a marker's time means). */
export function withAlertMarkers(option: ChartOption, markers: readonly ChartMarker[], theme: ChartTheme, startMs: number, endMs: number, locale?: string, note?: string): ChartOption {
  if (markers.length === 0) return option;
  const carrier = alertMarkerSeries(markers, theme, startMs, endMs);
  if (!carrier) return option;
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  const groups = groupMarkers(markers, startMs, endMs);
  return { ...option, series: [...series, carrier], tooltip: markerTooltip(option.tooltip, groups, Math.max(0, endMs - startMs) * MERGE_FRACTION, locale, note) };
}
