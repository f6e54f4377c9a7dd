// Legend rows in the order the user asked for: by name, last, mean or max, either way.
import type { SeriesStats } from '../core/types';

export type LegendSortKey = 'name' | 'last' | 'mean' | 'max';
export type LegendSortDir = 'ascending' | 'descending';
export interface LegendSort {
  key: LegendSortKey;
  dir: LegendSortDir;
}

export interface SortableRow {
  name: string;
  stats: SeriesStats;
}

/**
 * The rows sorted by `sort` (a stable sort: ties keep chart order); `null` keeps chart order.
 * Rows without a value (`–`) go last whichever the direction, so "largest first" starts with
 * numbers. Names compare in the viewer's locale, numbers numerically.
 *
 * @example
 * sortLegendRows(rows, { key: 'last', dir: 'descending' }) // the busiest series first, empty ones last
 */
export function sortLegendRows<R extends SortableRow>(rows: readonly R[], sort: LegendSort | null, locale?: string): R[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'ascending' ? 1 : -1;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      if (sort.key === 'name') return sign * collator.compare(a.row.name, b.row.name) || a.index - b.index;
      const x = a.row.stats[sort.key];
      const y = b.row.stats[sort.key];
      if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.index - b.index;
      return sign * (x - y) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The next sort after a click on `key`'s header: numbers start largest first, names A→Z; a second click flips. */
export function nextSort(current: LegendSort | null, key: LegendSortKey): LegendSort {
  if (current?.key === key) return { key, dir: current.dir === 'ascending' ? 'descending' : 'ascending' };
  return { key, dir: key === 'name' ? 'ascending' : 'descending' };
}

/** Rows whose name contains `query` (case-insensitive); all rows for a blank query. */
export function filterLegendRows<R extends SortableRow>(rows: readonly R[], query: string): R[] {
  const q = query.trim().toLowerCase();
  return q === '' ? [...rows] : rows.filter((r) => r.name.toLowerCase().includes(q));
}
