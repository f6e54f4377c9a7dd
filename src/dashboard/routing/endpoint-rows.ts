// The per-endpoint table of the Routing section, pure: the router's per-endpoint answers (requests
// sent over the range, in flight now, health) joined to the engine's own figures by instance or
// pod (catalog/routers/join.ts). Removed workers parked at −1 (smg) are dropped; endpoints the
// join misses stay as rows, unjoined, with the reason. Imbalance is marked by the instance table's
// outlier rule (tables/table-data.ts `markOutliers`).
import { imbalance, joinKey, unjoinedReason, type DetectedRouter, type JoinKey, type RouterSeries, type UnjoinedReason } from '../../catalog';
import type { ColumnSpec, Unit } from '../../catalog/types';
import { parseSampleValue, type VectorSample } from '../../prometheus';
import { markOutliers, type Outlier, type TableRow } from '../tables/table-data';

export const ENGINE_COLUMNS = ['running', 'waiting', 'kv', 'prefix', 'ttft'] as const;
export type EngineColumn = (typeof ENGINE_COLUMNS)[number];

export const COLUMN_UNITS: Readonly<Record<EngineColumn | 'fair' | 'inflight', Unit>> = {
  fair: 'ratio',
  inflight: 'requests',
  running: 'requests',
  waiting: 'requests',
  kv: 'ratio',
  prefix: 'ratio',
  ttft: 'seconds',
};

export interface EndpointRow {
  endpoint: string;
  /** The engine key it joined to (an `instance`, or a pod name), else null. */
  engine: string | null;
  reason: UnjoinedReason | null;
  routed: number | null;
  share: number | null;
  /** Share ÷ fair share. */
  fair: number | null;
  inflight: number | null;
  health: number | null;
  figures: Partial<Record<EngineColumn, number>>;
  outliers: Partial<Record<EngineColumn | 'fair', Outlier>>;
}

export interface EndpointTable {
  rows: EndpointRow[];
  joined: number;
  by: JoinKey['by'] | null;
  /** std/mean of the requests sent per endpoint; null without a per-endpoint counter. */
  cv: number | null;
  dropped: number;
}

export interface EndpointAnswers {
  routed: readonly VectorSample[] | null;
  inflight: readonly VectorSample[] | null;
  health: readonly VectorSample[] | null;
  engine: Partial<Record<EngineColumn, readonly VectorSample[] | null>>;
}

const num = (s: VectorSample): number | null => {
  const v = parseSampleValue(s.value[1]);
  return Number.isFinite(v) ? v : null;
};

/**
 * One role's answer by endpoint, keyed by the endpoint's join key (its value for opaque ids): the
 * EPP names the same pod `vllm-0` on attempts and `vllm-0-rank-0` on its gauges.
 */
function byEndpoint(samples: readonly VectorSample[] | null, pick: RouterSeries | undefined): Map<string, { name: string; v: number | null }> {
  const out = new Map<string, { name: string; v: number | null }>();
  if (!samples || !pick?.endpoint) return out;
  for (const s of samples) {
    const ep = s.metric[pick.endpoint];
    if (ep === undefined || ep === '') continue;
    out.set(joinKey(ep, pick.shape ?? 'opaque')?.key ?? ep, { name: ep, v: num(s) });
  }
  return out;
}

const column = (id: string, unit: Unit): ColumnSpec => ({ id, title: id, unit, query: { id, legend: '', alternatives: [] }, worse: 'higher' });

/** The join this router allows: by instance (URL-keyed), by pod, or none. */
export const joinBy = (router: DetectedRouter): JoinKey['by'] | null => {
  const shape = router.picks.routed?.shape ?? router.picks.inflight?.shape ?? router.picks.health?.shape ?? 'opaque';
  return joinKey('x', shape)?.by ?? null;
};

export function buildEndpointTable(router: DetectedRouter, a: EndpointAnswers): EndpointTable {
  const { routed: routedPick, inflight: inflightPick, health: healthPick } = router.picks;
  const routed = byEndpoint(a.routed, routedPick);
  const inflight = byEndpoint(a.inflight, inflightPick);
  const health = byEndpoint(a.health, healthPick);
  const shape = routedPick?.shape ?? inflightPick?.shape ?? healthPick?.shape ?? 'opaque';
  const by = joinBy(router);
  const keys = [...new Set([...routed.keys(), ...inflight.keys(), ...health.keys()])];
  const dropped = keys.filter((k) => health.get(k)?.v === -1).length;
  const kept = keys.filter((k) => health.get(k)?.v !== -1).sort();
  // The endpoint as the router names it: on its routing counter first (the EPP's plain pod name).
  const nameOf = (k: string): string => routed.get(k)?.name ?? inflight.get(k)?.name ?? health.get(k)?.name ?? k;

  // The engine's own figures by instance, or by pod name (a router's pod series may lack the namespace).
  const engine = new Map<string, Partial<Record<EngineColumn, number>>>();
  let enginePods = false;
  for (const col of ENGINE_COLUMNS) {
    for (const s of a.engine[col] ?? []) {
      const key = by === 'instance' ? s.metric.instance : by === 'pod' ? s.metric.pod : undefined;
      const v = num(s);
      if (by === 'pod' && key) enginePods = true;
      if (!key || v === null) continue;
      engine.set(key, { ...engine.get(key), [col]: v });
    }
  }
  const sent = kept.map((k) => routed.get(k)?.v ?? 0);
  const { shares, ratio, cv } = routedPick ? imbalance(sent) : { shares: [], ratio: [], cv: null };
  const rows: EndpointRow[] = kept.map((k, i) => {
    const endpoint = nameOf(k);
    const figures = by === null ? undefined : engine.get(k);
    return {
      endpoint,
      engine: figures ? k : null,
      reason: figures ? null : unjoinedReason(endpoint, shape, enginePods),
      routed: routedPick ? (routed.get(k)?.v ?? 0) : null,
      share: shares[i] ?? null,
      fair: ratio[i] ?? null,
      inflight: inflight.get(k)?.v ?? null,
      health: health.get(k)?.v ?? null,
      figures: figures ?? {},
      outliers: {},
    };
  });
  // The instance table's rule, over this router's endpoints (one peer group).
  const cols = [column('fair', 'ratio'), ...ENGINE_COLUMNS.map((c) => column(c, COLUMN_UNITS[c]))];
  const tableRows: TableRow[] = rows.map((r) => ({
    key: r.endpoint,
    filterValue: r.endpoint,
    cells: Object.fromEntries([['fair', { value: r.fair }], ...ENGINE_COLUMNS.map((c) => [c, { value: r.figures[c] ?? null }])]),
  }));
  markOutliers(tableRows, cols, () => '');
  tableRows.forEach((t, i) => {
    const row = rows[i];
    if (!row) return;
    for (const [c, cell] of Object.entries(t.cells)) if (cell.outlier) row.outliers[c as EngineColumn | 'fair'] = cell.outlier;
  });
  return { rows, joined: rows.filter((r) => r.engine !== null).length, by, cv, dropped };
}
