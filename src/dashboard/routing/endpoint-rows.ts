// The per-endpoint table of the Routing section, pure: the router's per-endpoint answers (requests
// sent over the range, in flight now, health) joined to the engine's own figures by instance or
// pod (catalog/routers/join.ts). Removed workers parked at −1 (smg) are dropped; endpoints the
// join misses stay as rows, unjoined, with the reason. Imbalance is marked by the instance table's
// outlier rule (tables/table-data.ts `markOutliers`).
import { imbalance, joinKey, unjoinedReason, type DetectedRouter, type JoinKey, type RouterSeries, type UnjoinedReason } from '../../catalog';
import type { ColumnSpec, Unit } from '../../catalog/types';
import { parseSampleValue, type VectorSample } from '../../prometheus';
import { markOutliers, type Outlier, type TableRow } from '../tables/table-data';

export const ENGINE_COLUMNS = ['rate', 'running', 'waiting', 'kv', 'prefix', 'ttft'] as const;
export type EngineColumn = (typeof ENGINE_COLUMNS)[number];

export const COLUMN_UNITS: Readonly<Record<EngineColumn | 'fair' | 'inflight', Unit>> = {
  fair: 'ratio',
  inflight: 'requests',
  rate: 'reqps',
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
function byEndpoint(samples: readonly VectorSample[] | null, pick: RouterSeries | undefined): Map<string, { name: string; v: number | null; ns: string | undefined }> {
  const out = new Map<string, { name: string; v: number | null; ns: string | undefined }>();
  if (!samples || !pick?.endpoint) return out;
  for (const s of samples) {
    // Scraped with `honor_labels: false`, a router label that collides with a target label (`pod`,
    // `namespace`) is stored as `exported_<label>`, the plain one being the router's own target.
    const ep = s.metric[`exported_${pick.endpoint}`] || s.metric[pick.endpoint];
    if (ep === undefined || ep === '') continue;
    out.set(joinKey(ep, pick.shape ?? 'opaque')?.key ?? ep, { name: ep, v: num(s), ns: s.metric.exported_namespace || s.metric.namespace || undefined });
  }
  return out;
}

type EngineFigures = Partial<Record<EngineColumn, number>>;

/**
 * The engine figures of one join key: by pod, the namespace must agree when both the router's
 * series and the engine's carry one (two namespaces may each run a `vllm-0`); otherwise the only
 * engine with that pod name.
 */
function engineFor(byNs: Map<string, EngineFigures> | undefined, ns: string | undefined): EngineFigures | undefined {
  if (!byNs) return undefined;
  if (ns !== undefined && byNs.has(ns)) return byNs.get(ns);
  const named = [...byNs.keys()].filter((k) => k !== '');
  if (ns !== undefined && named.length > 0) return byNs.get('');
  return byNs.size === 1 ? [...byNs.values()][0] : byNs.get('');
}

// Like the instance table: a low request rate stands out, high load and latency do.
const column = (id: string, unit: Unit): ColumnSpec => ({ id, title: id, unit, query: { id, legend: '', alternatives: [] }, worse: id === 'rate' ? 'lower' : 'higher' });

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

  // The engine's own figures by instance, or by pod name and namespace (a router's pod series may lack the namespace).
  const engine = new Map<string, Map<string, EngineFigures>>();
  let enginePods = false;
  for (const col of ENGINE_COLUMNS) {
    for (const s of a.engine[col] ?? []) {
      const key = by === 'instance' ? s.metric.instance : by === 'pod' ? s.metric.pod : undefined;
      const v = num(s);
      if (by === 'pod' && key) enginePods = true;
      if (!key || v === null) continue;
      const ns = by === 'pod' ? (s.metric.namespace ?? '') : '';
      const byNs = engine.get(key) ?? new Map<string, EngineFigures>();
      byNs.set(ns, { ...byNs.get(ns), [col]: v });
      engine.set(key, byNs);
    }
  }
  const nsOf = (k: string): string | undefined => routed.get(k)?.ns ?? inflight.get(k)?.ns ?? health.get(k)?.ns;
  const sent = kept.map((k) => routed.get(k)?.v ?? 0);
  const { shares, ratio, cv } = routedPick ? imbalance(sent) : { shares: [], ratio: [], cv: null };
  const rows: EndpointRow[] = kept.map((k, i) => {
    const endpoint = nameOf(k);
    const figures = by === null ? undefined : engineFor(engine.get(k), by === 'pod' ? nsOf(k) : undefined);
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
