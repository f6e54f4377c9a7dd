// The body of a `heatmap` panel with `seriesRows`: one row per series (a GPU), grouped and labelled
// from its labels, the value as colour, and the same figures as a table for keyboard and screen
// readers. Rides in the lazy distribution chunk (lazy-distribution-chart.tsx).
import { useMemo } from 'react';
import { HeatmapEChart, buildSeriesHeatmapOption, seriesHeatmapHeight, seriesToRows, type ChartSeries, type RowNaming } from '../../charts';
import { useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import { useDashboard } from '../data/context';
import type { ChartBodyProps } from './distribution-chart';

type Rows = NonNullable<ChartBodyProps['panel']['seriesRows']>;

function naming(rows: Rows): RowNaming {
  const group = (s: ChartSeries) => s.labels[rows.group] ?? '';
  const order = (s: ChartSeries) => s.labels[rows.order] ?? '';
  return { group, order, label: (s) => `${group(s)} · ${rows.order} ${order(s)} · ${s.labels[rows.holder] || rows.blank}` };
}

export function SeriesHeatmapChart({ panel, series, title, height, chartRef, rows }: ChartBodyProps & { rows: Rows }) {
  const t = useT();
  const { theme, locale } = useDashboard();
  const data = useMemo(() => seriesToRows(series, naming(rows)), [series, rows]);
  const option = useMemo(
    () => buildSeriesHeatmapOption({ data, unit: panel.unit, min: panel.min ?? 0, max: panel.max ?? Math.max(1e-12, ...data.rows.map((r) => r.max ?? 0)), theme, locale, valueLabel: title }),
    [data, panel.unit, panel.min, panel.max, theme, locale, title],
  );
  // A fill (full-screen) panel keeps its height; inline, the rows decide it.
  const h = typeof height === 'number' ? seriesHeatmapHeight(data.rows.length) : height;
  const fmt = (v: number | null) => formatValue(v, panel.unit, { locale });
  return (
    <>
      <HeatmapEChart
        option={option}
        theme={theme}
        height={h}
        ariaLabel={title}
        onReady={(inst) => {
          chartRef.current = inst;
        }}
      />
      <details className="iw-heatmap-table" data-heatmap-rows={data.rows.length}>
        <summary>{t.seriesHeatmap.table(data.rows.length)}</summary>
        <table className="iw-table">
          <caption className="sr-only">{t.seriesHeatmap.caption(title, data.rows.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.seriesHeatmap.row}</th>
              <th scope="col">{t.seriesHeatmap.mean}</th>
              <th scope="col">{t.seriesHeatmap.max}</th>
              <th scope="col">{t.seriesHeatmap.last}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.label} data-row-key={r.label} data-mean={r.mean ?? undefined}>
                <th scope="row" className="iw-cell-text">
                  {r.label}
                </th>
                <td>{fmt(r.mean)}</td>
                <td>{fmt(r.max)}</td>
                <td>{fmt(r.last)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
