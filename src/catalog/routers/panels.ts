// The Routing section's panels as catalog data (PanelSpec), built from the detected routers' picks
// and the engine's roles, rendered by the generic panel code: time series of the router figures
// (requests and errors by router, router-side TTFT/E2E p95 beside the engine's own, routing
// overhead, flow-control saturation and queued requests), and the per-endpoint table
// (`routing-endpoints`, drawn by dashboard/routing, since its rows join two sources). Router series
// are named as the router stores them (no engine filter applies to them); the engine's lines use the
// engine catalog's `{{metric}}` references, so they carry the engine filters and the router
// exclusion like every engine panel. Rates use `$__rate_interval`: a router younger than the range
// simply has no earlier points (nothing is averaged over time it did not exist).
import type { EngineRoles, PanelSpec, QuerySpec } from '../types';
import { routerSelector, type DetectedRouter } from './index';
import type { RouterSeries } from './types';

export const ROUTING_ENDPOINTS = 'routing-endpoints';
export const ROUTING_PANEL_IDS = ['routing-requests', 'routing-latency', 'routing-overhead', 'routing-saturation', 'routing-queued', ROUTING_ENDPOINTS] as const;
export type RoutingPanelId = (typeof ROUTING_PANEL_IDS)[number];

export const isRoutingPanelId = (id: string): id is RoutingPanelId => (ROUTING_PANEL_IDS as readonly string[]).includes(id);

/** Titles and descriptions in the board's language, and the legend words. */
export interface RoutingPanelText {
  panels: Record<RoutingPanelId, { title: string; description: string }>;
  legend: { requests: string; errors: string; ttftRouter: string; e2eRouter: string; ttftEngine: string; e2eEngine: string; overhead: string; saturation: string; queued: string };
}

const q = (id: string, legend: string, expr: string): QuerySpec => ({ id, legend, alternatives: [{ expr }] });
const rate = (s: RouterSeries): string => `sum(rate(${routerSelector(s)}[$__rate_interval]))`;
const p95 = (s: RouterSeries): string =>
  `histogram_quantile(0.95, sum by (le) (rate(${routerSelector(s, '_bucket')}[$__rate_interval])))${s.scale ? ` / ${s.scale}` : ''}`;
const engineP95 = (id: string): string => `histogram_quantile(0.95, sum by (le) (rate({{${id}_bucket}}[$__rate_interval])))`;

/**
 * The Routing section's panels for these routers (none without a router). A chart panel whose
 * role no detected router fills is left out; the endpoint table is always there.
 */
export function routingPanels(routers: readonly DetectedRouter[], roles: EngineRoles | undefined, text: RoutingPanelText): PanelSpec[] {
  if (routers.length === 0) return [];
  const L = text.legend;
  const per = (role: keyof DetectedRouter['picks'], legend: string, f: (s: RouterSeries) => string, filter: (s: RouterSeries) => boolean = () => true): QuerySpec[] =>
    routers.flatMap((r) => {
      const s = r.picks[role];
      return s && filter(s) ? [q(`${r.catalog.id}-${role}`, `${r.catalog.id} ${legend}`, f(s))] : [];
    });
  const panel = (id: RoutingPanelId, unit: PanelSpec['unit'], queries: QuerySpec[], extra: Partial<PanelSpec> = {}): PanelSpec[] =>
    queries.length === 0 ? [] : [{ id, section: 'advanced', unit, chart: 'timeseries', queries, ...text.panels[id], ...extra }];
  const routerLatency = [...per('ttft', L.ttftRouter, p95), ...per('e2e', L.e2eRouter, p95)];
  const engineLatency = [
    ...(roles?.ttft ? [q('engine-ttft', L.ttftEngine, engineP95(roles.ttft.id))] : []),
    ...(roles?.e2e ? [q('engine-e2e', L.e2eEngine, engineP95(roles.e2e.id))] : []),
  ];
  return [
    ...panel('routing-requests', 'reqps', [...per('requests', L.requests, rate), ...per('errors', L.errors, rate)]),
    ...panel('routing-latency', 'seconds', routerLatency.length ? [...routerLatency, ...engineLatency] : []),
    ...panel('routing-overhead', 'seconds', per('overhead', L.overhead, p95)),
    ...panel('routing-saturation', 'ratio', per('queue', L.saturation, (s) => `max(${routerSelector(s)})`, (s) => !!s.saturation), { min: 0, max: 1 }),
    ...panel('routing-queued', 'requests', per('queue', L.queued, (s) => `sum(${routerSelector(s)})`, (s) => !s.saturation)),
    { id: ROUTING_ENDPOINTS, section: 'advanced', unit: 'ratio', chart: 'table', queries: [], width: 'full', ...text.panels[ROUTING_ENDPOINTS] },
  ];
}
