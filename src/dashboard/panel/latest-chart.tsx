// The body of a `latest` panel: each series' value at the range's end as horizontal bars (one per
// category, one colour per group), with the groups named under the chart. Loaded lazily
// (lazy-latest-chart.tsx): few panels are of this kind, and far down the page.
import { useMemo } from 'react';
import { EChart, seriesColor } from '../../charts';
import { buildLatestBarsOption, toLatestBars } from '../../charts/distributions/latest-bars';
import { formatValue } from '../../lib/units';
import { useDashboard } from '../data/context';
import type { ChartBodyProps } from './distribution-chart';

const BAR_ROW_PX = 26;

export function LatestChart({ panel, series, title, height, chartRef }: ChartBodyProps) {
  const { theme, locale } = useDashboard();
  const data = useMemo(() => toLatestBars(series, panel.category), [series, panel.category]);
  const colors = useMemo(() => data.groups.map((_, i) => seriesColor(i)), [data.groups]);
  const option = useMemo(() => buildLatestBarsOption({ data, unit: panel.unit, theme, locale, colors }), [data, panel.unit, theme, locale, colors]);
  // Grows with the bars (groups side by side in each category row), never below the panel height.
  const rows = data.categories.length * Math.max(1, data.groups.length);
  const h = typeof height === 'number' ? Math.max(height, rows * BAR_ROW_PX + 24) : height;
  return (
    <>
      <EChart
        option={option}
        theme={theme}
        height={h}
        ariaLabel={title}
        onReady={(inst) => {
          chartRef.current = inst;
        }}
      />
      {/* The values as text: the canvas says nothing to a screen reader or a text search. */}
      <table className="sr-only" data-testid="latest-values">
        <tbody>
          {data.groups.flatMap((g) =>
            data.categories.map((c, i) => (
              <tr key={`${g.id}|${c}`}>
                <th scope="row">{g.name ? `${g.name} · ${c}` : c}</th>
                <td>{formatValue(g.values[i] ?? null, panel.unit, { locale })}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      {data.groups.length > 1 && (
        <ul className="iw-legend flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="latest-groups">
          {data.groups.map((g, i) => (
            <li key={g.id} className="flex items-center gap-1">
              <span aria-hidden="true" style={{ background: colors[i], width: 10, height: 10, display: 'inline-block', borderRadius: 2 }} />
              {g.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
