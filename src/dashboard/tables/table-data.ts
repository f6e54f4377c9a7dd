// Table panels, pure: instant-query answers (one vector per column) → rows keyed by model or by
// instance (and rank), each row's status, cells that stand out from their peers, and sorting.
//
// Worked example (instance table, vLLM, row labels instance + engine):
//   running  {instance="a:8000",engine="0"} 3     → row "a:8000", running 3
//   status   {instance="a:8000"} 1, {instance="b:8000"} 0
//                                                  → row "a:8000" up; row "b:8000" down (no other cell)
// A column whose series lack the rank label (up, process start) applies to every rank of its instance.
import type { ColumnSpec, TableSpec, Unit } from '../../catalog/types';
import { parseSampleValue, type Labels, type VectorSample } from '../../prometheus';

export type RowStatus = 'up' | 'down' | 'sleeping' | 'restarted';

export interface Outlier {
  /** How far from the other peers' median, e.g. 3.1 (×); null when that median is 0. */
  factor: number | null;
  /** The median of the other peers (the row itself left out). */
  median: number;
}

export interface TableCell {
  value: number | null;
  /** Label columns (e.g. model) show text. */
  text?: string;
  outlier?: Outlier;
  /** A value of the whole instance (a series without rank labels) repeated on each of its rank
   * rows: adding the rows up counts it once per rank. */
  instanceWide?: boolean;
  /** Compare mode: change against the earlier window (see compare.ts `withDeltas`); null = none. */
  delta?: number | null;
}

export interface TableRow {
  key: string;
  /** The label value that filters the board to this row (model name or instance address). */
  filterValue: string;
  status?: RowStatus;
  /** The rank labels of a rank row (an instance reporting several ranks), e.g. {tp_rank: "0", dp_rank: "1"}. */
  rank?: Record<string, string>;
  cells: Record<string, TableCell>;
}

export interface RowLabels {
  /** `model_name` or `instance`. */
  primary: string;
  /** The engine's rank labels (instance table only). */
  rank: readonly string[];
}

/** Per column: its answer's samples, or null when the column cannot be computed on this backend. */
export type ColumnAnswers = Record<string, readonly VectorSample[] | null>;

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

function rankOf(metric: Labels, rank: readonly string[]): string {
  return rank.map((l) => metric[l] ?? '').join('/');
}

/**
 * Rows from the answers. A rank suffix (`|0/1`) is added only where one instance reports several
 * ranks, so a single-rank fleet has one row per instance keyed by its address.
 */
export function buildRows(spec: TableSpec, labels: RowLabels, answers: ColumnAnswers): TableRow[] {
  // instance → rank values seen (non-empty) across all columns
  const ranks = new Map<string, Set<string>>();
  for (const c of spec.columns) {
    for (const s of answers[c.id] ?? []) {
      const p = s.metric[labels.primary];
      if (p === undefined) continue;
      const r = rankOf(s.metric, labels.rank);
      const set = ranks.get(p) ?? new Set<string>();
      if (r.replaceAll('/', '') !== '') set.add(r);
      ranks.set(p, set);
    }
  }
  const keyOf = (p: string, r: string) => ((ranks.get(p)?.size ?? 0) > 1 ? `${p}|${r}` : p);
  const rows = new Map<string, TableRow>();
  const ensure = (p: string, r: string, metric: Labels): TableRow => {
    const key = keyOf(p, r);
    let row = rows.get(key);
    if (!row) {
      row = { key, filterValue: p, cells: {} };
      if (key !== p) row.rank = Object.fromEntries(labels.rank.flatMap((l) => (metric[l] ? [[l, metric[l]]] : [])));
      rows.set(key, row);
    }
    return row;
  };
  // A rank key's labels, for rows first made by a rank-less series.
  const rankLabels = new Map<string, Labels>();
  for (const c of spec.columns) for (const s of answers[c.id] ?? []) rankLabels.set(`${s.metric[labels.primary]}|${rankOf(s.metric, labels.rank)}`, s.metric);
  // Which rows exist only because of the status column.
  const fromEngine = new Set<string>();
  for (const c of spec.columns) {
    for (const s of answers[c.id] ?? []) {
      const p = s.metric[labels.primary];
      if (p === undefined) continue;
      const r = rankOf(s.metric, labels.rank);
      const cell = cellOf(c, s);
      const spread = r.replaceAll('/', '') === '' && (ranks.get(p)?.size ?? 0) > 1;
      const targets = spread ? [...(ranks.get(p) ?? [])].map((x) => ensure(p, x, rankLabels.get(`${p}|${x}`) ?? {})) : [ensure(p, r, s.metric)];
      for (const row of targets) {
        row.cells[c.id] = spread && !c.label && !c.status ? { ...cell, instanceWide: true } : cell;
        if (!c.status) fromEngine.add(row.key);
      }
    }
  }
  const out: TableRow[] = [];
  for (const row of rows.values()) {
    row.status = statusOf(spec.columns, row);
    // A live target of the same job that serves none of the shown series (another model under a
    // model filter, a sidecar): not this table's row. A dead one is, whatever it served.
    if (!fromEngine.has(row.key) && row.status !== 'down') continue;
    out.push(row);
  }
  return out;
}

function cellOf(c: ColumnSpec, s: VectorSample): TableCell {
  if (!c.label) return { value: finite(parseSampleValue(s.value[1])) };
  if (!c.numeric) return { value: null, text: s.metric[c.label] ?? '' };
  return { value: labelNumber(s.metric, c.label, c.numeric.orProductOf) };
}

/** A label's value as a number (`"1024"`, `"14.25"`); null for absent or not a number (`"None"`). */
export function labelNumber(metric: Labels, label: string, orProductOf?: readonly string[]): number | null {
  const num = (l: string) => {
    const v = metric[l]?.trim();
    return v === undefined || v === '' ? null : finite(Number(v));
  };
  const direct = num(label);
  if (direct !== null || !orProductOf || orProductOf.length === 0) return direct;
  let product = 1;
  for (const l of orProductOf) {
    const v = num(l);
    if (v === null) return null;
    product *= v;
  }
  return product;
}

function statusOf(columns: readonly ColumnSpec[], row: TableRow): RowStatus | undefined {
  let status: RowStatus | undefined;
  for (const c of columns) {
    const v = row.cells[c.id]?.value;
    if (c.status === 'up') {
      if (v === 0) return 'down';
      status ??= 'up';
    }
    if (c.status === 'awake' && v === 0) status = 'sleeping';
    if (c.status === 'restarts' && v !== null && v !== undefined && v > 0 && status !== 'sleeping') status = 'restarted';
  }
  return status;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Below this absolute difference from the peers, no mark whatever the ratio (3 ms against 2 ms,
 * 2 waiting against 0); with a zero median it is the only size test. */
export const ABSOLUTE_FLOOR: Partial<Record<Unit, number>> = { seconds: 0.01, requests: 5, ratio: 0.1, ops: 0.1, reqps: 0.1, tokps: 5 };
/** With one other peer: at least this ratio (nothing to measure a spread by). */
export const PAIR_FACTOR = 2;
/** With two or more other peers: at least this ratio… */
export const MIN_FACTOR = 1.5;
/** …and more than this many scaled MADs of the others (1.4826 × MAD estimates σ for normal data). */
export const MAD_LIMIT = 3;

/**
 * Marks cells that stand out from their peers (rows with the same `groupOf`, e.g. the instances of
 * one model) in the column's bad direction, each against the median of the OTHER peers, so an
 * outlier never drags the reference it is measured by (docs/architecture.md, "Outlier rule", has
 * worked examples). A cell is marked when its difference from that median is at least the unit's
 * absolute floor, and
 * - one other peer: it is at least 2× (or at most 1/2×) the other;
 * - two or more: it is at least 1.5× (1/1.5×) their median and more than 3 scaled MADs of theirs
 *   away; a zero median leaves the ratio out (108 waiting against 0 and 0 is marked).
 * An instance-wide value repeated on its rank rows counts once; a rank row is compared with the
 * rows of other instances only.
 */
export function markOutliers(rows: TableRow[], columns: readonly ColumnSpec[], groupOf: (r: TableRow) => string): void {
  const groups = new Map<string, TableRow[]>();
  for (const r of rows) {
    const g = groupOf(r);
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  for (const c of columns) {
    if (!c.worse) continue;
    const floor = ABSOLUTE_FLOOR[c.unit] ?? 0;
    for (const peers of groups.values()) {
      // One value per peer: rank rows repeating their instance's value are one peer.
      const points: { instance: string; v: number; cells: TableCell[] }[] = [];
      const byInstance = new Map<string, { instance: string; v: number; cells: TableCell[] }>();
      for (const r of peers) {
        const cell = r.cells[c.id];
        const v = cell?.value;
        if (!cell || v === null || v === undefined) continue;
        const shared = cell.instanceWide ? byInstance.get(r.filterValue) : undefined;
        if (shared) {
          shared.cells.push(cell);
          continue;
        }
        const p = { instance: r.filterValue, v, cells: [cell] };
        if (cell.instanceWide) byInstance.set(r.filterValue, p);
        points.push(p);
      }
      if (points.length < 2) continue;
      for (const p of points) {
        // Other instances only: two DP ranks of one server are not each other's peers.
        const others = points.filter((o) => o.instance !== p.instance).map((o) => o.v);
        if (others.length === 0) continue;
        const med = median(others);
        const diff = c.worse === 'higher' ? p.v - med : med - p.v;
        if (diff <= 0 || diff < floor) continue;
        let marked: boolean;
        if (others.length === 1) marked = med === 0 ? c.worse === 'higher' : c.worse === 'higher' ? p.v >= PAIR_FACTOR * med : p.v <= med / PAIR_FACTOR;
        else {
          const mad = median(others.map((v) => Math.abs(v - med))) * 1.4826;
          const ratio = med === 0 ? c.worse === 'higher' : c.worse === 'higher' ? p.v >= MIN_FACTOR * med : p.v <= med / MIN_FACTOR;
          marked = ratio && diff > MAD_LIMIT * mad;
        }
        if (marked) for (const cell of p.cells) cell.outlier = { factor: med === 0 ? null : p.v / med, median: med };
      }
    }
  }
}

/**
 * Whether a column is a value at the end of the range ('now': gauges, `up`, labels) or a summary
 * over it ('range': `rate(x[$__range])`, quantiles of it, `max_over_time`, instances seen). A range
 * selector after `and` only picks which rows to keep, so it does not make a column a range one
 * (the uptime of instances that served in the range is still the uptime now).
 */
export function columnScope(c: ColumnSpec): 'now' | 'range' {
  const summary = /\b(rate|increase|resets|changes|[a-z]+_over_time)\([^()]*\[\$__range\]/;
  return c.query.alternatives.some((a) => summary.test(a.expr.split(/\band\b/)[0] ?? '')) ? 'range' : 'now';
}

const STATUS_ORDER: Record<RowStatus, number> = { down: 0, restarted: 1, sleeping: 2, up: 3 };

/**
 * Sorted copy. Numbers compare numerically, text by locale, statuses worst first; empty cells
 * always last whatever the direction; ties keep the row key order (stable, deterministic).
 */
export function sortRows(rows: readonly TableRow[], column: ColumnSpec | undefined, dir: 'asc' | 'desc'): TableRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const keyed = rows.map((r) => {
    let k: number | string | null;
    if (!column) k = r.key;
    else if (column.status === 'up') k = r.status ? STATUS_ORDER[r.status] : null;
    else if (column.label && !column.numeric) k = r.cells[column.id]?.text ?? null;
    else k = r.cells[column.id]?.value ?? null;
    return { r, k };
  });
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) return a.k === b.k ? a.r.key.localeCompare(b.r.key) : a.k === null ? 1 : -1;
    const c = typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : String(a.k).localeCompare(String(b.k));
    return c !== 0 ? sign * c : a.r.key.localeCompare(b.r.key);
  });
  return keyed.map((x) => x.r);
}
