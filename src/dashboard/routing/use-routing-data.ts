// The Routing section's queries: one instant query per figure at the end of the range (the
// tables' summary window), for one detected router. Router series by their own names; the
// engine's own figures through the engine catalog (expandQuery), so they carry the same router
// exclusion as every engine panel and are never added to the router's.
import { useMemo } from 'react';
import { expandQuery, gaugeByEndpointExpr, gaugeExpr, p95Expr, rateExpr, routedExpr, type DetectedRouter } from '../../catalog';
import type { EngineCatalog, EngineRoles, ResolvedMetric } from '../../catalog';
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

const ref = (id: string, m?: string) => (m ? `{{${id}|${m}}}` : `{{${id}}}`);

/** The engine's own figures, per `$__by` (instance, or namespace and pod), as catalog templates. */
export function engineTemplates(r: EngineRoles | undefined): Partial<Record<EngineColumn | 'e2eAll' | 'ttftAll', string>> {
  if (!r) return {};
  const p95 = (id: string, by: string) => `histogram_quantile(0.95, sum by (le${by}) (rate(${ref(`${id}_bucket`)}[$__range])))`;
  const out: Partial<Record<EngineColumn | 'e2eAll' | 'ttftAll', string>> = { running: `sum by ($__by) (${ref(r.running)})` };
  if (r.waiting) out.waiting = `sum by ($__by) (${ref(r.waiting, r.queueTotal)})`;
  if (r.kvUsage) out.kv = `max by ($__by) (${ref(r.kvUsage.id)})${r.kvUsage.scale === 1 ? '' : ` / ${r.kvUsage.scale}`}`;
  const pc = r.prefixCache;
  if (pc?.counters) out.prefix = `sum by ($__by) (rate(${ref(pc.counters.hits)}[$__range])) / (sum by ($__by) (rate(${ref(pc.counters.queries)}[$__range])) > 0)`;
  else if (pc?.hitRateGauge) out.prefix = `avg by ($__by) (${ref(pc.hitRateGauge)})`;
  if (r.ttft) {
    out.ttft = p95(r.ttft.id, ', $__by');
    out.ttftAll = p95(r.ttft.id, '');
  }
  if (r.e2e) out.e2eAll = p95(r.e2e.id, '');
  return out;
}

function expand(template: string | undefined, catalog: EngineCatalog, resolved: Map<string, ResolvedMetric>, by: string[], range: number): string | null {
  if (!template) return null;
  const r = expandQuery({ id: 'routing', legend: '', alternatives: [{ expr: template }] }, catalog, { resolved, filters: {}, rateInterval: '1m', by, range });
  return 'expr' in r ? r.expr : null;
}

const vector = (a: QueryAnswer | undefined): readonly VectorSample[] | null => (a && a.result.resultType === 'vector' ? a.result.result : null);
const scalarOf = (a: QueryAnswer | undefined): number | null => {
  const v = vector(a)?.[0];
  const n = v ? Number(v.value[1]) : NaN;
  return Number.isFinite(n) ? n : null;
};

export function useRoutingData(router: DetectedRouter, enabled: boolean): RoutingData {
  const ctx = useDashboard();
  const { catalog, resolved, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const range = rangeSeconds(w);
  const exprs = useMemo((): Array<[string, string]> => {
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
      const t = engineTemplates(catalog.roles);
      const by = joinBy(router);
      const labels = by === 'instance' ? ['instance'] : by === 'pod' ? ['namespace', 'pod'] : null;
      out.push(['e2eEngine', expand(t.e2eAll, catalog, resolved, [], range)], ['ttftEngine', expand(t.ttftAll, catalog, resolved, [], range)]);
      if (labels) for (const c of ENGINE_COLUMNS) out.push([`engine:${c}`, expand(t[c], catalog, resolved, labels, range)]);
    }
    return out.filter((e): e is [string, string] => e[1] !== null);
  }, [router, range, resolved, catalog]);
  const list = useMemo(() => exprs.map(([, e]) => e), [exprs]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: list, window: w, enabled });
  return useMemo((): RoutingData => {
    const base = { exprs, window: w, figures: {}, table: null };
    if (statuses.some((s) => s.error && !s.hasData)) return { ...base, state: 'error' };
    if (answers.some((a) => a === undefined)) return { ...base, state: 'loading' };
    const get = (id: string) => answers[exprs.findIndex(([k]) => k === id)];
    const figures: Partial<Record<Figure, number | null>> = {};
    for (const f of FIGURES) if (exprs.some(([k]) => k === f)) figures[f] = scalarOf(get(f));
    const table = buildEndpointTable(router, {
      routed: vector(get('routed')),
      inflight: vector(get('inflight')),
      health: vector(get('health')),
      engine: Object.fromEntries(ENGINE_COLUMNS.map((c) => [c, vector(get(`engine:${c}`))])),
    });
    return { ...base, state: 'ok', figures, table };
  }, [statuses, answers, exprs, router, w]);
}
