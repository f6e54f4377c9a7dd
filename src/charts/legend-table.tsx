// The panel legend as a DOM table (name, last, mean, max), because the ECharts legend cannot show stats.
import { useMemo } from 'react';
import { formatValue, type Unit } from '../lib/units';
import { seriesStats } from './matrix';
import { SHIFTED_OPACITY, seriesColors } from './series-colors';
import type { ChartSeries } from './types';

export interface LegendTableProps {
  /** The panel's full series list, in chart order: a row's colour is its index here. */
  series: readonly ChartSeries[];
  unit: Unit;
  /** Ids of series toggled off; the state lives with the panel so the chart can skip them too. */
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
  locale?: string;
  className?: string;
  /** Column headings in the interface language. */
  labels?: { name: string; last: string; mean: string; max: string };
}

const EN_LABELS = { name: 'Series', last: 'Last', mean: 'Mean', max: 'Max' };

/**
 * A compact legend: swatch, name, last, mean, max. Names are rendered as React text nodes (never
 * HTML), so hostile label values display literally. Each name is a toggle button (keyboard
 * operable, `aria-pressed` tells whether the series is shown).
 */
export function LegendTable({ series, unit, hidden, onToggle, locale, className, labels = EN_LABELS }: LegendTableProps) {
  const rows = useMemo(
    () => {
      const colors = seriesColors(series);
      return series.map((s, index) => ({ s, color: colors[index] ?? '', stats: seriesStats(s.points) }));
    },
    [series],
  );
  const fmt = (v: number | null) => formatValue(v, unit, { locale });
  return (
    <table className={`w-full border-collapse text-xs tabular-nums ${className ?? ''}`}>
      <thead>
        <tr className="text-left opacity-70">
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {labels.name}
          </th>
          <th scope="col" className="w-20 py-0.5 pl-2 text-right font-medium">
            {labels.last}
          </th>
          <th scope="col" className="w-20 py-0.5 pl-2 text-right font-medium">
            {labels.mean}
          </th>
          <th scope="col" className="w-20 py-0.5 pl-2 text-right font-medium">
            {labels.max}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ s, color, stats }) => {
          const shown = !hidden.has(s.id);
          return (
            <tr key={s.id} className={shown ? '' : 'opacity-50'}>
              <td className="max-w-0 py-0.5 pr-2">
                <button
                  type="button"
                  aria-pressed={shown}
                  title={s.name}
                  onClick={() => onToggle(s.id)}
                  className="flex w-full min-w-0 items-center gap-1.5 rounded text-left focus-visible:outline-2"
                >
                  <span
                    aria-hidden="true"
                    className="inline-block size-2.5 shrink-0 rounded-sm"
                    // An earlier-window copy (compare mode): a dashed, lighter swatch like its line.
                    style={
                      s.shiftOf
                        ? { backgroundColor: 'transparent', border: `2px dashed ${color}`, opacity: shown ? SHIFTED_OPACITY + 0.2 : 1 }
                        : { backgroundColor: shown ? color : 'transparent', border: `2px solid ${color}` }
                    }
                  />
                  <span className={`truncate ${shown ? '' : 'line-through'}`}>{s.name}</span>
                </button>
              </td>
              <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.last)}</td>
              <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.mean)}</td>
              <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.max)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
