// Why a stat tile has its colour, in words, and the worst tile of the row for the header's health
// summary. Pure functions plus a store per query client the tiles report to (the header reads it).
import type { QueryClient } from '@tanstack/react-query';
import type { Threshold } from '../../catalog/types';
import type { Messages } from '../../i18n/en';
import { createScopedStore } from '../data/scoped-store';

export type StatColor = Threshold['color'] | 'none';

/**
 * Tile colours. A tile with no thresholds is neutral text, not a colour: it is context, not a
 * verdict, and must not look like the green of "within its threshold".
 */
export const STAT_COLORS: Record<StatColor, string> = {
  green: 'var(--iw-green)',
  amber: 'var(--iw-amber)',
  red: 'var(--iw-red)',
  none: 'var(--iw-text)',
};

export interface StatVerdict {
  color: StatColor;
  /** One sentence for the tile's tooltip: the value against the threshold that decided its colour. */
  reason: string;
}

const RANK: Record<StatColor, number> = { none: 0, green: 1, amber: 2, red: 3 };

/**
 * The colour of `value` against `thresholds` (the highest threshold at or below it) and why.
 *
 * @example
 * statVerdict(0.133, STAT_THRESHOLDS.ttft, (v) => `${v * 1000} ms`, en.verdict)
 * // { color: 'green', reason: '133 ms is below 1000 ms, where amber starts.' }
 */
export function statVerdict(
  value: number | null,
  thresholds: readonly Threshold[] | undefined,
  format: (v: number) => string,
  t: Messages['verdict'],
): StatVerdict {
  if (!thresholds || thresholds.length === 0) return { color: 'none', reason: t.noThreshold };
  if (value === null || !Number.isFinite(value)) return { color: 'none', reason: t.noValue };
  const sorted = [...thresholds].sort((a, b) => a.value - b.value);
  let at = -1;
  sorted.forEach((th, i) => {
    if (value >= th.value) at = i;
  });
  const current = sorted[at];
  const next = sorted.slice(at + 1).find((th) => th.color !== current?.color);
  const v = format(value);
  if (!current) return { color: 'none', reason: next ? t.below(v, format(next.value), t.colors[next.color]) : t.noThreshold };
  const head = current.color === 'green' ? '' : t.atOrAbove(v, format(current.value), t.colors[current.color]);
  const tail = next ? t.below(v, format(next.value), t.colors[next.color]) : '';
  return { color: current.color, reason: [head, tail].filter(Boolean).join(' ') || t.within(v) };
}

export interface ReportedStat extends StatVerdict {
  id: string;
  title: string;
  /** The value as the tile shows it. */
  text: string;
}

/** The stat furthest past its threshold (red before amber before green; the row's order among equals). */
export function worstStat(stats: readonly ReportedStat[]): ReportedStat | null {
  let worst: ReportedStat | null = null;
  for (const s of stats) if (s.color !== 'none' && (worst === null || RANK[s.color] > RANK[worst.color])) worst = s;
  return worst;
}

// The store, one per query client: each tile reports its verdict (or null when it has none to give),
// keyed by stat id. One scope per client: tiles withdraw their verdict while they have no value, so
// a new backend's row never carries the last one's.
const reported = createScopedStore<ReadonlyMap<string, ReportedStat>>(() => new Map());
const ROW = 'stat-row';

const same = (a: ReportedStat, b: ReportedStat) => a.color === b.color && a.text === b.text && a.reason === b.reason && a.title === b.title;

/** Called by a stat tile whenever its value or verdict changes; `null` withdraws it (unmount, no data). */
export function reportStatVerdict(queryClient: QueryClient, id: string, stat: ReportedStat | null): void {
  reported.update(queryClient, ROW, (map) => {
    const prev = map.get(id);
    if (stat === null ? prev === undefined : prev && same(prev, stat)) return map;
    const next = new Map(map);
    if (stat === null) next.delete(id);
    else next.set(id, stat);
    return next;
  });
}

export function useReportedStats(): ReadonlyMap<string, ReportedStat> {
  return reported.use(ROW);
}
