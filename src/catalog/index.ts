// Public entry of the catalog layer: the engine registry and its catalogs, name resolution and
// PromQL templating.
import { ENGINES, type EngineId } from './engines';
import type { EngineCatalog } from './types';

/** Each registered engine's catalog, by id. */
export const catalogs = Object.fromEntries(ENGINES.map((e) => [e.id, e.catalog])) as Record<EngineId, EngineCatalog>;

export { vllmCatalog } from './vllm/catalog';
export { sglangCatalog } from './sglang/catalog';
export * from './types';
export {
  bareNameMatch,
  defineEngine,
  detectEngine,
  engineEntry,
  engineIdList,
  engineNameMatch,
  sharedNameMatch,
  ENGINES,
  isEngineId,
  presenceNames,
  resolveEngines,
} from './engines';
export type { EngineEntry, EngineRegistry } from './engines';
export { candidateNames, resolveMetrics, METRIC_NAME_RE, VENDOR_PREFIXES } from './resolve';
export type { BareNames, NameRewrite, ResolvedMetric } from './resolve';
export { escapeLabelValue, escapeRegex, expandExpr, expandQuery, GPU_PEAK_MISSING, matcherFor, referencedMetrics, TOPOLOGY_LABELS } from './promql';
export type { ExpandContext, ExpandedQuery } from './promql';
export { routerExclusion, ROUTER_SHAPE_LABELS, PRODUCTION_STACK_ENGINE_NAMES } from './routers/exclusion';
export { detectRouters, gaugeByEndpointExpr, gaugeExpr, p95Expr, rateExpr, routedExpr, routerSelector, ROUTER_NAME_MATCH, ROUTERS } from './routers';
export type { DetectedRouter, EndpointShape, RouterCatalog, RouterRole, RouterSeries } from './routers';
export { imbalance, joinKey, unjoinedReason, urlToInstance } from './routers/join';
export type { JoinKey, UnjoinedReason } from './routers/join';
export { isRoutingPanelId, routingPanels, ROUTING_ENDPOINTS, ROUTING_PANEL_IDS } from './routers/panels';
export type { RoutingPanelId, RoutingPanelText } from './routers/panels';
