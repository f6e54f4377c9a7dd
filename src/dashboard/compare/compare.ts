// Compare with an earlier window (`compare=1h`): the pure parts. The earlier window is the same
// expression run over [start − d, end − d] with the same step, its answers re-timed by +d onto
// the current grid. Why not PromQL `offset d`: that needs rewriting every selector inside the
// catalog's expressions (subqueries, `@`, functions over vectors), gives a different query string
// (so it never shares a cache entry with the same panel looked at d earlier), and is evaluated
// identically anyway (`rate(x[1m] offset 1h)` at t equals `rate(x[1m])` at t − 1h). The window
// approach works unchanged on VictoriaMetrics and keeps one request per distinct (expr, window).
import type { ChartSeries } from '../../charts';
import type { ColumnSpec } from '../../catalog/types';
import { parsePromDuration } from '../../prometheus';
import type { QueryWindow } from '../data/context';
import type { TableRow } from '../tables/table-data';

/** The header's presets; any other PromQL duration between 1m and 90d is accepted as custom. */
export const COMPARE_PRESETS = ['1h', '6h', '1d', '7d'] as const;

/** `compare=` value → shift in whole seconds, or null when off or not a duration. */
export function compareShiftSec(compare: string | null): number | null {
  if (!compare) return null;
  const sec = parsePromDuration(compare);
  return sec !== null && sec > 0 ? Math.round(sec) : null;
}

/** The same window (and step) moved back by `shiftSec`. */
export function shiftWindow(w: QueryWindow, shiftSec: number): QueryWindow {
  return { startSec: w.startSec - shiftSec, endSec: w.endSec - shiftSec, stepSec: w.stepSec };
}

/** The suffix a shifted series id carries: unique within a panel, never a label value. */
export const SHIFT_ID_SUFFIX = '~earlier';

/**
 * Series of the earlier window, re-timed by +shift so they sit on the current window's grid and
 * named with the shift ("… (1h ago)") for the legend, tooltip and CSV header.
 *
 * @example
 * shiftSeries([{ id: 'a', name: 'm', labels: {}, points: [[0, 1]] }], 3600, (n) => `${n} (1h ago)`)
 * // [{ id: 'a~earlier', name: 'm (1h ago)', labels: {}, points: [[3600000, 1]], shiftOf: 'a' }]
 */
export function shiftSeries(series: readonly ChartSeries[], shiftSec: number, name: (original: string) => string): ChartSeries[] {
  const ms = shiftSec * 1000;
  return series.map((s) => ({
    id: `${s.id}${SHIFT_ID_SUFFIX}`,
    name: name(s.name),
    labels: s.labels,
    points: s.points.map(([t, v]): [number, number | null] => [t + ms, v]),
    shiftOf: s.id,
  }));
}

/**
 * Each current series followed by its earlier copy (so the legend reads in pairs); an earlier
 * series with no current counterpart (a model that has stopped) is kept, after the rest.
 */
export function interleave(current: readonly ChartSeries[], earlier: readonly ChartSeries[]): ChartSeries[] {
  const byBase = new Map(earlier.map((s) => [s.shiftOf ?? s.id, s]));
  const out: ChartSeries[] = [];
  for (const s of current) {
    out.push(s);
    const e = byBase.get(s.id);
    if (e) {
      out.push(e);
      byBase.delete(s.id);
    }
  }
  return [...out, ...byBase.values()];
}

/**
 * The relative change of `now` against `before` (0.25 = 25 % more), or null when it has no
 * meaning: either side unknown, or `before` is 0 (from nothing, any rise is infinite).
 */
export function relativeChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null || !Number.isFinite(now) || !Number.isFinite(before)) return null;
  if (before === 0) return now === 0 ? 0 : null;
  return (now - before) / Math.abs(before);
}

/** A signed percentage: "+12.5 %", "-3 %" (whether up is good depends on the metric: no colour). */
export function formatDelta(delta: number, locale: string): string {
  const pct = new Intl.NumberFormat(locale, { maximumFractionDigits: Math.abs(delta) < 0.1 ? 1 : 0, signDisplay: 'exceptZero' }).format(delta * 100);
  return `${pct} %`;
}

/**
 * Table rows with each numeric cell's change against the same row and column of the earlier
 * window's rows (`delta`, as `relativeChange`); label and status columns, and rows or cells the
 * earlier window lacks, get none. New objects: the inputs are answers held on screen.
 *
 * @example
 * withDeltas([{ key: 'm', …, cells: { rps: { value: 3 } } }], [{ key: 'm', …, cells: { rps: { value: 2 } } }], cols)
 * // [{ key: 'm', …, cells: { rps: { value: 3, delta: 0.5 } } }]
 */
export function withDeltas(rows: readonly TableRow[], earlier: readonly TableRow[], columns: readonly ColumnSpec[]): TableRow[] {
  const before = new Map(earlier.map((r) => [r.key, r]));
  // Counts (instances) get no change; shares (`ratio`) change in points (0.096 = +9.6 pp).
  const numeric = columns.filter((c) => !c.label && !c.status && c.unit !== 'count');
  return rows.map((r) => {
    const then = before.get(r.key);
    if (!then) return r;
    const cells = { ...r.cells };
    for (const c of numeric) {
      const cell = cells[c.id];
      if (!cell) continue;
      const was = then.cells[c.id]?.value ?? null;
      cells[c.id] = { ...cell, delta: c.unit === 'ratio' ? (cell.value === null || was === null ? null : cell.value - was) : relativeChange(cell.value, was) };
    }
    return { ...r, cells };
  });
}
