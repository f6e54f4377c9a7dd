// The router registry, detection from the backend's metric names, and the PromQL of the Routing
// section (pure). Router series are selected by their own names, or, for production-stack's copies
// of engine names, by the router's label (`server!=""`), never by an engine selector.
import { lifetimeRate } from '../lifetime-rate';
import { escapeLabelValue, lifetimeWindowFor } from '../promql';
import { eppRouter } from './epp';
import { dynamoFrontend, genAiGateway } from './gateways';
import { productionStackRouter } from './production-stack';
import { sglRouter, smgRouter, vllmProjectRouter } from './sglang';
import type { RouterCatalog, RouterRole, RouterSeries } from './types';

export type { EndpointShape, RouterCatalog, RouterRole, RouterRoles, RouterSeries } from './types';

export const ROUTERS: readonly RouterCatalog[] = [productionStackRouter, eppRouter, sglRouter, smgRouter, vllmProjectRouter, dynamoFrontend, genAiGateway];

const HISTOGRAM_ROLES: ReadonlySet<RouterRole> = new Set(['e2e', 'ttft', 'overhead']);

/**
 * The `match[]` asking the backend for router names that carry no engine word (production-stack's
 * `vllm:` names come with the engines' own request).
 */
export const ROUTER_NAME_MATCH =
  '{__name__=~"(llm_d_epp_|llm_d_router_epp_|inference_model_|inference_objective_|inference_pool_|inference_extension_|sgl_router_|smg_|dynamo_frontend_|dynamo_router_|nv_llm_http_service_|gen_ai_server_|agentgateway_gen_ai_server_|router_cpu_).+"}';

export interface DetectedRouter {
  catalog: RouterCatalog;
  /** The name generation seen (EPP, SGLang router forms), when the family has several. */
  generation: string | null;
  /** Per role, the one series read (the first alternative the backend holds). */
  picks: Partial<Record<RouterRole, RouterSeries>>;
}

function present(s: RouterSeries, role: RouterRole, names: ReadonlySet<string>): boolean {
  return names.has(HISTOGRAM_ROLES.has(role) ? `${s.name}_bucket` : s.name);
}

/** Routers whose names the backend holds, in registry order. */
export function detectRouters(names: ReadonlySet<string>, registry: readonly RouterCatalog[] = ROUTERS): DetectedRouter[] {
  const out: DetectedRouter[] = [];
  for (const catalog of registry) {
    const hit = catalog.detect.find((d) => names.has(d.name));
    if (!hit) continue;
    const picks: Partial<Record<RouterRole, RouterSeries>> = {};
    for (const [role, alts] of Object.entries(catalog.roles) as Array<[RouterRole, RouterSeries[]]>) {
      const pick = alts.find((s) => present(s, role, names));
      if (pick) picks[role] = pick;
    }
    out.push({ catalog, generation: hit.generation ?? null, picks });
  }
  return out;
}

/** A router series' selector: its name (quoted in `__name__` when not a plain identifier) and matcher. */
export const routerSelector = (s: RouterSeries, suffix = ''): string => {
  const name = `${s.name}${suffix}`;
  const ok = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name);
  const m = [ok ? '' : `__name__="${escapeLabelValue(name)}"`, s.matcher ?? ''].filter(Boolean).join(', ');
  return ok ? (m ? `${name}{${m}}` : name) : `{${m}}`;
};
const win = (rangeSec: number): string => `${Math.max(1, Math.round(rangeSec))}s`;

/** Per endpoint, requests sent over the range: counters summed across router replicas. */
export const routedExpr = (s: RouterSeries, rangeSec: number): string => `sum by (${s.endpoint ?? 'instance'}) (increase(${routerSelector(s)}[${win(rangeSec)}]))`;

/** Per endpoint, a gauge now: the max across router replicas (each has its own view), never a sum. */
export const gaugeByEndpointExpr = (s: RouterSeries): string => `max by (${s.endpoint ?? 'instance'}) (${routerSelector(s)})`;

/**
 * A counter's rate over the range, all the router's series: each router target's increase over its
 * own lifetime inside the range (lifetime-rate.ts), so a router restarted ten minutes ago does not
 * read a third of its traffic over a 30-minute range. A router older than the range gets exactly
 * `sum(rate(x[range]))`.
 */
export const rateExpr = (s: RouterSeries, rangeSec: number): string => {
  const r = Math.max(1, Math.round(rangeSec));
  return `sum(${lifetimeRate(routerSelector(s))})`
    .replaceAll('$__range_seconds', String(r))
    .replaceAll('$__lifetime_window', lifetimeWindowFor(r))
    .replaceAll('$__range', win(r));
};

/** p95 of a router histogram over the range, in seconds. */
export const p95Expr = (s: RouterSeries, rangeSec: number): string =>
  `histogram_quantile(0.95, sum by (le) (rate(${routerSelector(s, '_bucket')}[${win(rangeSec)}])))${s.scale ? ` / ${s.scale}` : ''}`;

/** A router gauge now (queue, saturation): the highest across its series. */
export const gaugeExpr = (s: RouterSeries): string => `max(${routerSelector(s)})`;
