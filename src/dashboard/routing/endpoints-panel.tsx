// The `routing-endpoints` panel (docs/routing.md): one figure, the shared frame and panel menu (PromQL
// with "open in Prometheus", full screen, CSV), and per detected router its join statement, its
// per-endpoint table and the endpoints that did not join, with the reason. Embeds with
// `panel=routing-endpoints`.
import { useRef, useState } from 'react';
import type { DetectedRouter } from '../../catalog';
import type { PanelSpec } from '../../catalog/types';
import { csvText } from '../../charts';
import { useT } from '../../i18n';
import { useDashboard } from '../data/context';
import { useInView } from '../data/use-in-view';
import type { PanelQueryInfo } from '../data/use-panel-data';
import type { PanelState } from '../data/view-state';
import { PanelFrame } from '../panel/panel-frame';
import { panelMenu } from '../panel/panel-menu';
import { QueryDialog } from '../panel/query-dialog';
import { ENGINE_COLUMNS } from './endpoint-rows';
import { EndpointTableBody } from './endpoint-table';
import { useRoutingTables, type RoutingData } from './use-routing-data';

/** The panel's state over every router: an error or a wait anywhere shows as such. */
export function endpointsState(data: readonly RoutingData[]): PanelState {
  if (data.some((d) => d.state === 'error')) return 'error';
  if (data.some((d) => d.state === 'loading')) return 'loading';
  return data.some((d) => (d.table?.rows.length ?? 0) > 0) ? 'ok' : 'empty';
}

/** One CSV line per endpoint and router; label values as text (never a formula). */
export function endpointsCsv(routers: readonly DetectedRouter[], data: readonly RoutingData[]): string {
  const head = ['router', 'endpoint', 'engine', 'share', 'fair_share_ratio', 'router_inflight', ...ENGINE_COLUMNS.map((c) => `engine_${c}`)];
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const lines = data.flatMap((d, i) =>
    (d.table?.rows ?? []).map((r) =>
      [csvText(routers[i]?.catalog.id ?? ''), csvText(r.endpoint), csvText(r.engine ?? ''), n(r.share), n(r.fair), n(r.inflight), ...ENGINE_COLUMNS.map((c) => n(r.figures[c]))].join(','),
    ),
  );
  return [head.join(','), ...lines].map((l) => `${l}\r\n`).join('');
}

const queryInfos = (routers: readonly DetectedRouter[], data: readonly RoutingData[]): PanelQueryInfo[] =>
  data.flatMap((d, i) =>
    d.exprs.map(([k, expr]) => ({
      query: { id: `${routers[i]?.catalog.id ?? i}-${k}`, legend: `${routers[i]?.catalog.label ?? ''}: ${k}`, alternatives: [] },
      expanded: { expr, alternativeIndex: 0, metrics: [] },
      missing: [],
    })),
  );

export function EndpointsPanel({ panel, routers, fill = false }: { panel: PanelSpec; routers: readonly DetectedRouter[]; fill?: boolean }) {
  const t = useT();
  const { locale, setState } = useDashboard();
  const root = useRef<HTMLDivElement>(null);
  const active = useInView(root) || fill;
  const data = useRoutingTables(routers, active);
  const [showQuery, setShowQuery] = useState(false);
  const state = endpointsState(data);
  const queries = queryInfos(routers, data);
  const menuItems = panelMenu({
    panel,
    t,
    fill,
    setState,
    queryCount: queries.length,
    onShowQuery: () => setShowQuery(true),
    csv: state === 'ok' ? () => endpointsCsv(routers, data) : null,
  });
  const first = data[0];
  return (
    <PanelFrame panel={panel} title={panel.title} description={panel.description} fill={fill} root={root} state={state} stale={false} fetching={false} menuItems={menuItems}>
      <div data-at={first?.window.endSec} data-range={first ? first.window.endSec - first.window.startSec : undefined} className="space-y-3">
        {state === 'loading' && <p className="iw-muted">{t.routing.loading}</p>}
        {routers.map((router, i) => (
          <RouterEndpoints key={router.catalog.id} router={router} data={data[i]} locale={locale} />
        ))}
      </div>
      {showQuery && <QueryDialog title={panel.title} queries={queries} onClose={() => setShowQuery(false)} />}
    </PanelFrame>
  );
}

function RouterEndpoints({ router, data, locale }: { router: DetectedRouter; data: RoutingData | undefined; locale: string }) {
  const t = useT();
  const label = router.catalog.label;
  const table = data?.table ?? null;
  const joinText = !table
    ? null
    : table.by === null
      ? (router.catalog.joinNote ?? t.routing.noJoin)
      : t.routing.joined(table.joined, table.rows.length, table.by === 'instance' ? t.routing.byInstance : t.routing.byPod);
  const unjoined = table?.by ? table.rows.filter((r) => r.engine === null) : [];
  return (
    <div role="group" aria-label={label} data-router={router.catalog.id} data-state={data?.state === 'ok' ? (table && table.rows.length > 0 ? 'ok' : 'empty') : (data?.state ?? 'loading')}>
      <h4 className="iw-panel-title">{label}</h4>
      {data?.state === 'error' && <p role="alert">{t.routing.error}</p>}
      {table && (
        <>
          <p data-join-statement="true">
            {joinText}
            {table.cv !== null && ` ${t.routing.cv(table.cv.toFixed(2))}`}
            {!router.picks.routed && ` ${t.routing.noShare}`}
            {table.dropped > 0 && ` ${t.routing.dropped(table.dropped)}`}
          </p>
          {table.rows.length === 0 ? (
            <p className="iw-muted">{t.routing.empty}</p>
          ) : (
            <EndpointTableBody rows={table.rows} caption={t.routing.endpointsCaption(label)} locale={locale} />
          )}
          {unjoined.length > 0 && (
            <div data-unjoined="true">
              <h5 className="iw-muted">{t.routing.unjoinedTitle}</h5>
              <ul>
                {unjoined.map((r) => (
                  <li key={r.endpoint}>
                    <code>{r.endpoint}</code>: {r.reason ? t.routing.reason[r.reason] : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
