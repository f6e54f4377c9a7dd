// Alert markers on a time axis: a vertical line at each alert's start (markLine on x), with its name
// on the line and a tooltip with the name and summary. An added piece of the time-series option:
// `withAlertMarkers(option, …)` appends one empty carrier series and leaves the rest untouched.
// Plain data in ({t, label, severity}): the charts layer knows nothing of alerts or backends.
import type { LineSeriesOption } from 'echarts/charts';
import { escapeHtml } from '../lib/escape-html';
import { formatDateTime } from '../lib/time';
import type { ChartOption } from './options';
import { chartTokens } from './palette';
import type { ChartTheme } from './types';

export interface ChartMarker {
  /** Unix ms of the alert's start (its `activeAt`). */
  t: number;
  /** Plain text: the alert name (and where: model, instance). */
  label: string;
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
    const detail = m.detail ? `<div style="opacity:0.8">${escapeHtml(m.detail)}</div>` : '';
    return `<div style="margin-top:4px"><strong>${escapeHtml(m.label)}</strong>${detail}</div>`;
  });
  const more = group.markers.length > MAX_TOOLTIP_ITEMS ? `<div>+${group.markers.length - MAX_TOOLTIP_ITEMS}</div>` : '';
  return `<div>${escapeHtml(formatDateTime(group.t, locale))}</div>${items.join('')}${more}`;
}

export function alertMarkerSeries(markers: readonly ChartMarker[], theme: ChartTheme, startMs: number, endMs: number, locale?: string): LineSeriesOption | null {
  const groups = groupMarkers(markers, startMs, endMs);
  if (groups.length === 0) return null;
  const t = chartTokens(theme);
  return {
    type: 'line',
    id: MARKER_SERIES_ID,
    data: [],
    silent: true,
    markLine: {
      symbol: 'none',
      animation: false,
      // Its own item tooltip, over the board's axis tooltip, when the pointer is on the line.
      tooltip: {
        trigger: 'item',
        confine: true,
        backgroundColor: t.tooltipBackground,
        borderColor: t.tooltipBorder,
        textStyle: { color: t.text, fontSize: 12 },
        formatter: (p: unknown) => {
          const i = (p as { dataIndex?: number }).dataIndex ?? 0;
          const g = groups[i];
          return g ? markerTooltipHtml(g, locale) : '';
        },
      },
      data: groups.map((g) => {
        const worst = [...g.markers].sort((a, b) => rank(a) - rank(b))[0] ?? g.markers[0];
        const color = SEVERITY_COLORS[worst?.severity ?? ''] ?? t.mutedText;
        const first = worst?.label ?? '';
        return {
          xAxis: g.t,
          lineStyle: { color, width: 1.5, type: g.markers.every((m) => m.pending) ? 'dashed' : 'solid' },
          // Canvas text: never parsed as HTML.
          label: { formatter: g.markers.length > 1 ? `${first} +${g.markers.length - 1}` : first, color, position: 'insideEndTop', fontSize: 10 },
        };
      }),
    },
  };
}

/** The option with the markers' carrier series appended; the same object when none is in range. */
export function withAlertMarkers(option: ChartOption, markers: readonly ChartMarker[], theme: ChartTheme, startMs: number, endMs: number, locale?: string): ChartOption {
  if (markers.length === 0) return option;
  const carrier = alertMarkerSeries(markers, theme, startMs, endMs, locale);
  if (!carrier) return option;
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  return { ...option, series: [...series, carrier] };
}
