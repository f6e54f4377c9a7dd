// The Routing section (docs/routing.md): present only when the backend holds a router's or gateway's
// series. The router figures over the range (lifetime-safe rates, beside the engines' own, never
// added to them), then the section's catalog panels (catalog/routers/panels.ts): time series of the
// router figures, drawn by the generic panel, and the per-endpoint table (`routing-endpoints`).
import { useMemo, useRef } from 'react';
import { detectRouters, routingPanels, ROUTING_ENDPOINTS, type DetectedRouter } from '../../catalog';
import type { PanelSpec } from '../../catalog/types';
import { formatValue } from '../../lib/units';
import { useT } from '../../i18n';
import { useDashboard } from '../data/context';
import { useInView } from '../data/use-in-view';
import { Panel } from '../panel/panel';
import { Section } from '../panel/section';
import { EndpointsPanel } from './endpoints-panel';
import { FIGURES, useRoutingTables, type Figure, type RoutingData } from './use-routing-data';

/** The routers the backend's names show, and the section's panels for them in the board's language. */
export function useRouting(names: ReadonlySet<string> | null): { routers: DetectedRouter[]; panels: PanelSpec[] } {
  const t = useT();
  const { catalog } = useDashboard();
  const routers = useMemo(() => (names ? detectRouters(names) : []), [names]);
  const panels = useMemo(() => routingPanels(routers, catalog.roles, { panels: t.routing.panels, legend: t.routing.legend }), [routers, catalog.roles, t]);
  return { routers, panels };
}

/** One Routing panel: the endpoint table, or a catalog chart drawn by the generic panel. */
export function RoutingPanel({ panel, routers, fill = false }: { panel: PanelSpec; routers: readonly DetectedRouter[]; fill?: boolean }) {
  return panel.id === ROUTING_ENDPOINTS ? <EndpointsPanel panel={panel} routers={routers} fill={fill} /> : <Panel panel={panel} fill={fill} />;
}

export function RoutingSection({ names }: { names: ReadonlySet<string> | null }) {
  const t = useT();
  const { state, setState } = useDashboard();
  const { routers, panels } = useRouting(names);
  if (routers.length === 0) return null;
  const collapsed = state.collapsed.includes('routing');
  const toggle = () => setState({ collapsed: collapsed ? state.collapsed.filter((c) => c !== 'routing') : [...state.collapsed, 'routing'] });
  return (
    <Section id="routing" title={t.routing.title} collapsed={collapsed} onToggle={toggle} summary={<p className="iw-muted">{t.routing.intro}</p>}>
      <RouterFigures routers={routers} />
      {panels.map((p) => (
        <RoutingPanel key={p.id} panel={p} routers={routers} />
      ))}
    </Section>
  );
}

const FIGURE_UNITS: Record<Figure, 'reqps' | 'ratio' | 'seconds' | 'requests'> = {
  reqRate: 'reqps',
  errRate: 'ratio',
  e2eRouter: 'seconds',
  e2eEngine: 'seconds',
  ttftRouter: 'seconds',
  ttftEngine: 'seconds',
  overhead: 'seconds',
  queue: 'ratio',
};

/** Each router's figures over the range (the endpoint table's window: same queries, one request each). */
function RouterFigures({ routers }: { routers: readonly DetectedRouter[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const data = useRoutingTables(routers, useInView(ref));
  return (
    <div ref={ref} className="md:col-span-2 grid grid-cols-1 gap-3">
      {routers.map((r, i) => (
        <RouterFigureList key={r.catalog.id} router={r} data={data[i]} />
      ))}
    </div>
  );
}

function RouterFigureList({ router, data }: { router: DetectedRouter; data: RoutingData | undefined }) {
  const t = useT();
  const { locale } = useDashboard();
  const f = data?.figures ?? {};
  const value = (id: Figure): string => {
    if (!(id in f)) return t.routing.notExposed;
    const v = id === 'errRate' ? (f.errRate != null && f.reqRate ? f.errRate / f.reqRate : f.errRate === 0 ? 0 : null) : (f[id] ?? null);
    // A queue that is a count of requests (Dynamo), not a 0–1 saturation (the EPP).
    const unit = id === 'queue' && router.picks.queue && !router.picks.queue.saturation ? 'requests' : FIGURE_UNITS[id];
    return formatValue(v, unit, { locale });
  };
  return (
    <div className="iw-panel" role="group" aria-label={router.catalog.label} data-router={router.catalog.id}>
      <h3 className="iw-panel-title">{router.catalog.label}</h3>
      {router.generation && <p className="iw-panel-desc">{t.routing.generation(router.generation)}</p>}
      <dl className="iw-routing-figures grid grid-cols-2 md:grid-cols-4 gap-x-4 gap-y-1" aria-label={t.routing.figures} data-state={data?.state ?? 'loading'}>
        {FIGURES.map((id) => (
          <div key={id} data-figure={id}>
            <dt className="iw-muted">{t.routing[id === 'errRate' ? 'errorShare' : id]}</dt>
            <dd>{data?.state === 'ok' ? value(id) : '…'}</dd>
          </div>
        ))}
      </dl>
      <p className="iw-muted">{t.routing.gapNote}</p>
    </div>
  );
}

/** A Routing panel alone (`panel=routing-…`, embeds and full screen); said plainly when no router has it. */
export function RoutingPanelAlone({ names, id }: { names: ReadonlySet<string> | null; id: string }) {
  const t = useT();
  const { routers, panels } = useRouting(names);
  if (names === null) return <p className="iw-muted">{t.routing.loading}</p>;
  const panel = panels.find((p) => p.id === id);
  if (panel) return <RoutingPanel panel={panel} routers={routers} fill />;
  return (
    <div className="iw-banner iw-banner-amber" role="status">
      {t.banner.unknownPanel(id)}
    </div>
  );
}
