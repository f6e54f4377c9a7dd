// The Routing section's queries: one instant query per figure at the end of the range (the
// tables' summary window), for the detected routers. Router series by their own names; the
// engine's own figures through the engine catalog: the instance table's columns (running, waiting,
// KV usage, TTFT p95, and req/s as a lifetime rate) expanded `by (instance)` or `by (namespace,
// pod)`, so they carry the same router exclusion as every engine panel and are never added to the
// router's. All routers' queries go in one `useQueryAnswers` call.
import { useMemo } from 'react';
import { expandQuery, gaugeByEndpointExpr, gaugeExpr, p95Expr, rateExpr, routedExpr, type DetectedRouter } from '../../catalog';
import type { EngineCatalog, ResolvedMetric } from '../../catalog';
import type { QuerySpec } from '../../catalog/types';
import type { QueryAnswer, VectorSample } from '../../prometheus';
import { rangeSeconds, summaryWindow, useDashboard, type QueryWindow } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { buildEndpointTable, ENGINE_COLUMNS, joinBy, type EndpointTable, type EngineColumn } from './endpoint-rows';

export const FIGURES = ['reqRate', 'errRate', 'e2eRouter', 'e2eEngine', 'ttftRouter', 'ttftEngine', 'overhead', 'queue'] as const;
export type Figure = (typeof FIGURES)[number];

export interface RoutingData {
  state: 'loading' | 'ok' | 'error';
  table: EndpointTable | null;
  figures: Partial<Record<Figure, number | null>>;
  /** Every expression asked, for the PromQL list (label → PromQL). */
  exprs: Array<[string, string]>;
  /** The summary window the table was computed over (`data-at`, `data-range`). */
  window: QueryWindow;
}

const ref = (id: string) => `{{${id}}}`;
const q = (expr: string): QuerySpec => ({ id: 'routing', legend: '', alternatives: [{ expr }] });

/** The instance table's column behind each engine column of the endpoint table. */
const INSTANCE_COLUMN: Partial<Record<EngineColumn, string>> = { running: 'running', waiting: 'waiting', kv: 'kv-usage', ttft: 'ttft-p95', rate: 'req-rate' };

/**
 * The engine's own figures as catalog queries: per endpoint (`$__by`), the instance table's columns
 * and the prefix-cache hit rate (a ratio of rates, which no lifetime changes); over all engines,
 * the TTFT and E2E p95 the router figures are compared with.
 */
export function engineQueries(catalog: EngineCatalog): Partial<Record<EngineColumn | 'e2eAll' | 'ttftAll', QuerySpec>> {
  const r = catalog.roles;
  if (!r) return {};
  const columns = catalog.panels.find((p) => p.id === 'instance-table')?.table?.columns ?? [];
  const out: Partial<Record<EngineColumn | 'e2eAll' | 'ttftAll', QuerySpec>> = {};
  for (const [c, id] of Object.entries(INSTANCE_COLUMN) as Array<[EngineColumn, string]>) {
    const col = columns.find((x) => x.id === id);
    if (col && !col.notAvailable) out[c] = col.query;
  }
  const pc = r.prefixCache;
  if (pc?.counters) out.prefix = q(`sum by ($__by) (rate(${ref(pc.counters.hits)}[$__range])) / (sum by ($__by) (rate(${ref(pc.counters.queries)}[$__range])) > 0)`);
  else if (pc?.hitRateGauge) out.prefix = q(`avg by ($__by) (${ref(pc.hitRateGauge)})`);
  const p95 = (id: string) => q(`histogram_quantile(0.95, sum by (le) (rate(${ref(`${id}_bucket`)}[$__range])))`);
  if (r.ttft) out.ttftAll = p95(r.ttft.id);
  if (r.e2e) out.e2eAll = p95(r.e2e.id);
  return out;
}

function expand(query: QuerySpec | undefined, catalog: EngineCatalog, resolved: Map<string, ResolvedMetric>, by: string[], range: number): string | null {
  if (!query) return null;
  const r = expandQuery(query, catalog, { resolved, filters: {}, rateInterval: '1m', by, range });
  return 'expr' in r ? r.expr : null;
}

/** One router's expressions, label → PromQL (pure). */
export function routingExprs(router: DetectedRouter, catalog: EngineCatalog, resolved: Map<string, ResolvedMetric> | null, range: number): Array<[string, string]> {
  const p = router.picks;
  const out: Array<[string, string | null]> = [
    ['reqRate', p.requests ? rateExpr(p.requests, range) : null],
    ['errRate', p.errors ? rateExpr(p.errors, range) : null],
    ['e2eRouter', p.e2e ? p95Expr(p.e2e, range) : null],
    ['ttftRouter', p.ttft ? p95Expr(p.ttft, range) : null],
    ['overhead', p.overhead ? p95Expr(p.overhead, range) : null],
    ['queue', p.queue ? gaugeExpr(p.queue) : null],
    ['routed', p.routed ? routedExpr(p.routed, range) : null],
    ['inflight', p.inflight ? gaugeByEndpointExpr(p.inflight) : null],
    ['health', p.health ? gaugeByEndpointExpr(p.health) : null],
  ];
  if (resolved) {
    const t = engineQueries(catalog);
    const by = joinBy(router);
    const labels = by === 'instance' ? ['instance'] : by === 'pod' ? ['namespace', 'pod'] : null;
    out.push(['e2eEngine', expand(t.e2eAll, catalog, resolved, [], range)], ['ttftEngine', expand(t.ttftAll, catalog, resolved, [], range)]);
    if (labels) for (const c of ENGINE_COLUMNS) out.push([`engine:${c}`, expand(t[c], catalog, resolved, labels, range)]);
  }
  return out.filter((e): e is [string, string] => e[1] !== null);
}

const vector = (a: QueryAnswer | undefined): readonly VectorSample[] | null => (a && a.result.resultType === 'vector' ? a.result.result : null);
const scalarOf = (a: QueryAnswer | undefined): number | null => {
  const v = vector(a)?.[0];
  const n = v ? Number(v.value[1]) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Every detected router's figures and endpoint table, in one batch of instant queries. */
export function useRoutingTables(routers: readonly DetectedRouter[], enabled: boolean): RoutingData[] {
  const ctx = useDashboard();
  const { catalog, resolved, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const range = rangeSeconds(w);
  const perRouter = useMemo(() => routers.map((r) => routingExprs(r, catalog, resolved, range)), [routers, range, resolved, catalog]);
  // Routers in front of the same engines ask the same engine figures: each expression once.
  const list = useMemo(() => [...new Set(perRouter.flatMap((e) => e.map(([, x]) => x)))], [perRouter]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: list, window: w, enabled });
  return useMemo((): RoutingData[] => {
    const at = new Map(list.map((e, i) => [e, i]));
    return routers.map((router, i) => {
      const exprs = perRouter[i] ?? [];
      const idx = exprs.map(([, e]) => at.get(e) ?? -1);
      const base = { exprs, window: w, figures: {}, table: null };
      const mine = idx.flatMap((j) => statuses[j] ?? []);
      const got = idx.map((j) => answers[j]);
      if (mine.some((s) => s.error && !s.hasData)) return { ...base, state: 'error' };
      if (got.some((a) => a === undefined)) return { ...base, state: 'loading' };
      const get = (id: string) => got[exprs.findIndex(([k]) => k === id)];
      const figures: Partial<Record<Figure, number | null>> = {};
      for (const f of FIGURES) if (exprs.some(([k]) => k === f)) figures[f] = scalarOf(get(f));
      const table = buildEndpointTable(router, {
        routed: vector(get('routed')),
        inflight: vector(get('inflight')),
        health: vector(get('health')),
        engine: Object.fromEntries(ENGINE_COLUMNS.map((c) => [c, vector(get(`engine:${c}`))])),
      });
      return { ...base, state: 'ok', figures, table };
    });
  }, [statuses, answers, perRouter, routers, w, list]);
}

const LOADING_WINDOW: QueryWindow = { startSec: 0, endSec: 0, stepSec: 1 };

/** One router's figures and endpoint table (the Diagnosis verdict reads this shape). */
export function useRoutingData(router: DetectedRouter, enabled: boolean): RoutingData {
  const routers = useMemo(() => [router], [router]);
  return useRoutingTables(routers, enabled)[0] ?? { state: 'loading', table: null, figures: {}, exprs: [], window: LOADING_WINDOW };
}
