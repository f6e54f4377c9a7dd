// Table panels, pure: instant-query answers (one vector per column) → rows keyed by model or by
// instance (and rank), each row's status, cells that stand out from their peers, and sorting.
//
// Worked example (instance table, vLLM, row labels instance + engine):
//   running  {instance="a:8000",engine="0"} 3     → row "a:8000", running 3
//   status   {instance="a:8000"} 1, {instance="b:8000"} 0
//                                                  → row "a:8000" up; row "b:8000" down (no other cell)
// A column whose series lack the rank label (up, process start) applies to every rank of its instance.
import type { ColumnSpec, TableSpec } from '../catalog/types';
import { parseSampleValue, type Labels, type VectorSample } from '../prometheus';

export type RowStatus = 'up' | 'down' | 'sleeping' | 'restarted';

export interface Outlier {
  /** How far from the peers' median, e.g. 3.1 (×). */
  factor: number;
  median: number;
}

export interface TableCell {
  value: number | null;
  /** Label columns (e.g. model) show text. */
  text?: string;
  outlier?: Outlier;
  /** Compare mode: change against the earlier window (see compare.ts `withDeltas`); null = none. */
  delta?: number | null;
}

export interface TableRow {
  key: string;
  /** The label value that filters the board to this row (model name or instance address). */
  filterValue: string;
  status?: RowStatus;
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
  const ensure = (p: string, r: string): TableRow => {
    const key = keyOf(p, r);
    let row = rows.get(key);
    if (!row) {
      row = { key, filterValue: p, cells: {} };
      rows.set(key, row);
    }
    return row;
  };
  // Which rows exist only because of the status column.
  const fromEngine = new Set<string>();
  for (const c of spec.columns) {
    for (const s of answers[c.id] ?? []) {
      const p = s.metric[labels.primary];
      if (p === undefined) continue;
      const r = rankOf(s.metric, labels.rank);
      const cell = cellOf(c, s);
      const targets =
        r.replaceAll('/', '') === '' && (ranks.get(p)?.size ?? 0) > 1 ? [...(ranks.get(p) ?? [])].map((x) => ensure(p, x)) : [ensure(p, r)];
      for (const row of targets) {
        row.cells[c.id] = cell;
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

/** Outliers need at least this many peers (the row itself included). */
export const MIN_PEERS = 3;
/** …and to be at least this far from the peers' median, as a ratio… */
export const MIN_FACTOR = 1.5;
/** …and more than this many scaled MADs (1.4826 × MAD estimates σ for normal data) away. */
export const MAD_LIMIT = 3;

/**
 * Marks cells that stand out from their peers (rows with the same `groupOf`, e.g. the instances of
 * one model) in the column's bad direction. Robust rule: with n ≥ 3 peers, a cell is an outlier
 * when it is at least 1.5× (or, for `worse: 'lower'`, at most 1/1.5×) the peers' median AND more
 * than 3 scaled median absolute deviations away from it. Both conditions: the ratio keeps tiny
 * absolute spreads from flagging (3 ms vs 2 ms), the MAD keeps a naturally wide spread from
 * flagging every other row. A zero MAD (all peers equal but this one) leaves the ratio to decide.
 */
export function markOutliers(rows: TableRow[], columns: readonly ColumnSpec[], groupOf: (r: TableRow) => string): void {
  const groups = new Map<string, TableRow[]>();
  for (const r of rows) {
    const g = groupOf(r);
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  for (const c of columns) {
    if (!c.worse) continue;
    for (const peers of groups.values()) {
      const vals = peers.flatMap((r) => {
        const v = r.cells[c.id]?.value;
        return v === null || v === undefined ? [] : [v];
      });
      if (vals.length < MIN_PEERS) continue;
      const med = median(vals);
      const mad = median(vals.map((v) => Math.abs(v - med))) * 1.4826;
      for (const r of peers) {
        const cell = r.cells[c.id];
        const v = cell?.value;
        if (!cell || v === null || v === undefined) continue;
        const far = Math.abs(v - med) > MAD_LIMIT * mad;
        if (c.worse === 'higher' && med > 0 && v >= MIN_FACTOR * med && far) cell.outlier = { factor: v / med, median: med };
        if (c.worse === 'lower' && med > 0 && v <= med / MIN_FACTOR && far) cell.outlier = { factor: v / med, median: med };
      }
    }
  }
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
