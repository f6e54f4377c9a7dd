// Pure shaping and option building for `latest` panels: values that never move (start-up phases,
// memory sizes), drawn as one horizontal bar per category and group at the range's end, where a
// time axis would only draw flat lines or a stacked area of constants.
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { escapeHtml } from '../../lib/escape-html';
import { formatValue, type Unit } from '../../lib/units';
import { chartFrame, chartTokens } from '../core/palette';
import type { ChartSeries, ChartTheme } from '../core/types';

export type LatestBarsOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface LatestBars {
  /** The bars' axis: the category label's values in first-seen order, or the series' names. */
  categories: string[];
  /** One colour per group (the labels besides the category), a value per category or null. */
  groups: Array<{ id: string; name: string; values: Array<number | null> }>;
}

function lastValue(s: ChartSeries): number | null {
  for (let i = s.points.length - 1; i >= 0; i--) {
    const y = s.points[i]?.[1];
    if (y !== null && y !== undefined) return y;
  }
  return null;
}

/**
 * `category`: the label whose values are the bars (e.g. `phase`); series without it, or no
 * category at all, give one bar each under their own name.
 */
export function toLatestBars(series: readonly ChartSeries[], category?: string): LatestBars {
  const categories: string[] = [];
  const groups = new Map<string, { id: string; name: string; byCategory: Map<string, number | null> }>();
  for (const s of series) {
    const cat = category ? s.labels[category] : undefined;
    const bar = cat ?? s.name;
    if (!categories.includes(bar)) categories.push(bar);
    const rest = Object.entries(s.labels)
      .filter(([k]) => k !== category)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = cat === undefined ? '' : JSON.stringify(rest);
    // The legend text without the category's value: "{{model_name}} {{phase}}" → the model.
    const name = cat === undefined ? '' : s.name.replace(cat, '').replace(/\s+/g, ' ').trim();
    let g = groups.get(key);
    if (!g) {
      g = { id: key || 'value', name, byCategory: new Map() };
      groups.set(key, g);
    }
    g.byCategory.set(bar, lastValue(s));
  }
  return {
    categories,
    groups: [...groups.values()].map((g) => ({ id: g.id, name: g.name, values: categories.map((c) => g.byCategory.get(c) ?? null) })),
  };
}

export interface LatestBarsInput {
  data: LatestBars;
  unit: Unit;
  theme: ChartTheme;
  locale?: string;
  /** One colour per group, in order. */
  colors: readonly string[];
}

export function buildLatestBarsOption({ data, unit, theme, locale, colors }: LatestBarsInput): LatestBarsOption {
  const t = chartTokens(theme);
  const fmt = (v: number | null) => formatValue(v, unit, { locale });
  const many = data.groups.length > 1;
  return {
    ...chartFrame(t),
    // Room on the right for the value labels of a lone group.
    grid: { left: 8, right: many ? 16 : 56, top: 8, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      axisLabel: { color: t.mutedText, formatter: (v: number) => fmt(v) },
      splitLine: { lineStyle: { color: t.gridLine } },
    },
    yAxis: {
      type: 'category',
      // First category at the top, as it is read.
      inverse: true,
      data: data.categories,
      axisLine: { lineStyle: { color: t.axisLine } },
      axisTick: { show: false },
      axisLabel: { color: t.mutedText },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      backgroundColor: t.tooltipBackground,
      borderColor: t.tooltipBorder,
      textStyle: { color: t.text, fontSize: 12 },
      formatter: (params: unknown) => {
        const list = Array.isArray(params) ? (params as Array<{ axisValue?: unknown; seriesName?: unknown; value?: unknown }>) : [];
        const head = list[0]?.axisValue;
        const rows = list.map((p) => {
          const v = typeof p.value === 'number' ? p.value : null;
          const who = many && typeof p.seriesName === 'string' ? `${escapeHtml(p.seriesName)}: ` : '';
          return `<div>${who}<span class="iw-tt-num">${escapeHtml(fmt(v))}</span></div>`;
        });
        return `<div class="iw-tt-title">${escapeHtml(typeof head === 'string' ? head : '')}</div>${rows.join('')}`;
      },
    },
    series: data.groups.map((g, i) => ({
      type: 'bar',
      id: g.id,
      name: g.name,
      data: g.values,
      barMaxWidth: 18,
      itemStyle: { color: colors[i] ?? t.text },
      label: { show: !many, position: 'right', color: t.text, formatter: (p: { value?: unknown }) => fmt(typeof p.value === 'number' ? p.value : null) },
      emphasis: { disabled: true },
    })),
  };
}
