// The panel legend as a DOM table (name, last, mean, max), because the ECharts legend cannot show
// stats. Every series is reachable: no fixed-height box; long lists collapse behind a "show all"
// button and get a filter field; columns sort.
import { useId, useMemo, useState } from 'react';
import { formatValue, type Unit } from '../../lib/units';
import { trimIncompleteSteps } from './latest-step';
import { filterLegendRows, nextSort, sortLegendRows, type LegendSort, type LegendSortKey } from './legend-sort';
import { seriesStats } from './matrix';
import type { ColorRegistry } from '../core/palette';
import { SHIFTED_OPACITY, shiftAwareColorMap } from '../core/series-colors';
import type { ChartSeries } from '../core/types';

export interface LegendLabels {
  name: string;
  last: string;
  mean: string;
  max: string;
  filter: string;
  showAll: (n: number) => string;
  showFewer: string;
  noMatch: string;
}

export interface LegendTableProps {
  /** The panel's full series list, in chart order (colours come from the series' identities). */
  series: readonly ChartSeries[];
  unit: Unit;
  /** Ids of series toggled off; the state lives with the panel so the chart can skip them too. */
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
  locale?: string;
  className?: string;
  /** Column headings and controls in the interface language. */
  labels?: LegendLabels;
  /** Show every row (full screen, or a compact legend that scrolls inside its own box). */
  expanded?: boolean;
  /** The panel's colour memory, shared with its chart (colours by position without one). */
  colors?: ColorRegistry;
  /** Text to show instead of a value (a quantile's bucket bound, "< 300 ms"), by series id. */
  valueText?: (seriesId: string, value: number, stat: 'last' | 'mean' | 'max') => string | undefined;
}

const EN_LABELS: LegendLabels = {
  name: 'Series',
  last: 'Last',
  mean: 'Mean',
  max: 'Max',
  filter: 'Filter series',
  showAll: (n) => `Show all ${n} series`,
  showFewer: 'Show fewer',
  noMatch: 'No series match',
};

/** Up to this many rows show in full; a longer list shows COLLAPSED_ROWS and a "show all" button. */
export const LEGEND_ROWS = 6;
const COLLAPSED_ROWS = 5;
const COLUMNS: LegendSortKey[] = ['name', 'last', 'mean', 'max'];

/**
 * A compact legend: swatch, name, last, mean, max. Names are rendered as React text nodes (never
 * HTML), so hostile label values display literally. Each name is a toggle button (keyboard
 * operable, `aria-pressed` tells whether the series is shown). "Last" is the value at the last
 * step every series has reached, like the chart's right edge (see latest-step.ts).
 */
export function LegendTable({ series, unit, hidden, onToggle, locale, className, labels = EN_LABELS, expanded = false, colors, valueText }: LegendTableProps) {
  const [sort, setSort] = useState<LegendSort | null>(null);
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const filterId = useId();
  const rows = useMemo(() => {
    const byId = shiftAwareColorMap(series, colors);
    return trimIncompleteSteps(series).map((s) => ({ s, name: s.name, color: byId.get(s.id) ?? 'currentColor', stats: seriesStats(s.points) }));
  }, [series, colors]);
  const long = rows.length > LEGEND_ROWS;
  const matching = useMemo(() => sortLegendRows(filterLegendRows(rows, query), sort, locale), [rows, query, sort, locale]);
  const collapsed = long && !expanded && !showAll && query.trim() === '';
  const shown = collapsed ? matching.slice(0, COLLAPSED_ROWS) : matching;
  const fmt = (v: number | null, id: string, stat: 'last' | 'mean' | 'max') => (v !== null ? valueText?.(id, v, stat) : undefined) ?? formatValue(v, unit, { locale });
  return (
    <div className={className}>
      {long && (
        <input
          type="search"
          className="iw-input iw-legend-filter"
          aria-label={labels.filter}
          placeholder={labels.filter}
          aria-controls={filterId}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <table id={filterId} className="w-full border-collapse text-xs tabular-nums">
        <thead>
          <tr className="text-left">
            {COLUMNS.map((key) => (
              <th
                key={key}
                scope="col"
                aria-sort={sort?.key === key ? sort.dir : undefined}
                className={`py-0.5 font-medium ${key === 'name' ? 'pr-2' : 'w-20 pl-2 text-right'}`}
              >
                <button type="button" className="iw-sort" data-active={sort?.key === key || undefined} onClick={() => setSort(nextSort(sort, key))}>
                  {labels[key]}
                  <span aria-hidden="true" className="iw-sort-mark">
                    {sort?.key === key ? (sort.dir === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map(({ s, color, stats }) => {
            const on = !hidden.has(s.id);
            return (
              <tr key={s.id} data-series-id={s.id} className={on ? '' : 'opacity-50'}>
                <td className="max-w-0 py-0.5 pr-2">
                  <button
                    type="button"
                    aria-pressed={on}
                    title={s.name}
                    onClick={() => onToggle(s.id)}
                    className="flex w-full min-w-0 items-center gap-1.5 rounded text-left focus-visible:outline-2"
                  >
                    <span
                      aria-hidden="true"
                      data-color={color}
                      className="iw-swatch inline-block size-2.5 shrink-0 rounded-sm"
                      // An earlier-window copy (compare mode): a dashed, lighter swatch like its line.
                      style={
                        s.shiftOf
                          ? { backgroundColor: 'transparent', border: `2px dashed ${color}`, opacity: on ? SHIFTED_OPACITY + 0.2 : 1 }
                          : { backgroundColor: on ? color : 'transparent', border: `2px solid ${color}` }
                      }
                    />
                    <span className={`truncate ${on ? '' : 'line-through'}`}>{s.name}</span>
                  </button>
                </td>
                <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.last, s.id, 'last')}</td>
                <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.mean, s.id, 'mean')}</td>
                <td className="py-0.5 pl-2 text-right whitespace-nowrap">{fmt(stats.max, s.id, 'max')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {matching.length === 0 && query.trim() !== '' && <p className="iw-muted py-0.5 text-xs">{labels.noMatch}</p>}
      {long && !expanded && query.trim() === '' && (
        <button type="button" className="iw-link-button" aria-expanded={!collapsed} aria-controls={filterId} onClick={() => setShowAll((v) => !v)}>
          {collapsed ? labels.showAll(rows.length) : labels.showFewer}
        </button>
      )}
    </div>
  );
}
