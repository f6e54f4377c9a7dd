// The Routing section (PRODUCT.md §7): present only when the backend holds a router's or gateway's
// series. Per router: its own figures beside the engines' (never added to them), and the
// per-endpoint table joined to the engines' own series, with the join stated in words.
import { useMemo, useRef } from 'react';
import { detectRouters, type DetectedRouter } from '../../catalog';
import { formatValue } from '../../lib/units';
import { useT } from '../../i18n';
import { useDashboard } from '../data/context';
import { useInView } from '../data/use-in-view';
import { EndpointTableBody } from './endpoint-table';
import { FIGURES, useRoutingData, type Figure } from './use-routing-data';

const FIGURE_UNITS: Record<Figure, 'reqps' | 'ratio' | 'seconds'> = {
  reqRate: 'reqps',
  errRate: 'ratio',
  e2eRouter: 'seconds',
  e2eEngine: 'seconds',
  ttftRouter: 'seconds',
  ttftEngine: 'seconds',
  overhead: 'seconds',
  queue: 'ratio',
};

export function RoutingSection({ names }: { names: ReadonlySet<string> | null }) {
  const t = useT();
  const { state, setState } = useDashboard();
  const routers = useMemo(() => (names ? detectRouters(names) : []), [names]);
  if (routers.length === 0) return null;
  const collapsed = state.collapsed.includes('routing');
  const toggle = () => setState({ collapsed: collapsed ? state.collapsed.filter((c) => c !== 'routing') : [...state.collapsed, 'routing'] });
  return (
    <section aria-labelledby="section-routing" data-section-id="routing" className="iw-section">
      <h2 id="section-routing" className="iw-section-title">
        <button type="button" aria-expanded={!collapsed} onClick={toggle} title={collapsed ? t.expand : t.collapse}>
          <span aria-hidden="true" className="iw-caret">{collapsed ? '▸' : '▾'}</span>
          {t.routing.title}
        </button>
      </h2>
      <div className="iw-section-summary">
        <p className="iw-muted">{t.routing.intro}</p>
      </div>
      {!collapsed && (
        <div className="grid grid-cols-1 gap-3">
          {routers.map((r) => (
            <RouterView key={r.catalog.id} router={r} />
          ))}
        </div>
      )}
    </section>
  );
}

function RouterView({ router }: { router: DetectedRouter }) {
  const t = useT();
  const { locale } = useDashboard();
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const data = useRoutingData(router, inView);
  const label = router.catalog.label;
  const table = data.table;
  const f = data.figures;
  const value = (id: Figure): string => {
    if (!(id in f)) return t.routing.notExposed;
    const v = id === 'errRate' ? (f.errRate != null && f.reqRate ? f.errRate / f.reqRate : f.errRate === 0 ? 0 : null) : (f[id] ?? null);
    return formatValue(v, FIGURE_UNITS[id], { locale });
  };
  const joinText = !table
    ? null
    : table.by === null
      ? (router.catalog.joinNote ?? t.routing.noJoin)
      : t.routing.joined(table.joined, table.rows.length, table.by === 'instance' ? t.routing.byInstance : t.routing.byPod);
  return (
    <div ref={ref} className="iw-panel md:col-span-2" role="group" aria-label={label} data-router={router.catalog.id}>
      <h3 className="iw-panel-title">{label}</h3>
      {router.generation && <p className="iw-panel-desc">{t.routing.generation(router.generation)}</p>}
      <dl className="iw-routing-figures grid grid-cols-2 md:grid-cols-4 gap-x-4 gap-y-1" aria-label={t.routing.figures} data-state={data.state}>
        {FIGURES.map((id) => (
          <div key={id} data-figure={id}>
            <dt className="iw-muted">{t.routing[id === 'errRate' ? 'errorShare' : id]}</dt>
            <dd>{data.state === 'ok' ? value(id) : '…'}</dd>
          </div>
        ))}
      </dl>
      <p className="iw-muted">{t.routing.gapNote}</p>
      <div
        data-panel-id="routing-endpoints"
        data-state={data.state === 'ok' ? (table && table.rows.length > 0 ? 'ok' : 'empty') : data.state}
        data-at={data.window.endSec}
        data-range={data.window.endSec - data.window.startSec}
        role="figure"
        aria-label={`${t.routing.endpointsTitle}: ${label}`}
      >
        <h4 className="iw-panel-title">{t.routing.endpointsTitle}</h4>
        {data.state === 'loading' && <p className="iw-muted">{t.routing.loading}</p>}
        {data.state === 'error' && <p role="alert">{t.routing.error}</p>}
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
            {table.rows.some((r) => r.engine === null) && table.by !== null && (
              <div data-unjoined="true">
                <h5 className="iw-muted">{t.routing.unjoinedTitle}</h5>
                <ul>
                  {table.rows
                    .filter((r) => r.engine === null)
                    .map((r) => (
                      <li key={r.endpoint}>
                        <code>{r.endpoint}</code>: {r.reason ? t.routing.reason[r.reason] : ''}
                      </li>
                    ))}
                </ul>
              </div>
            )}
          </>
        )}
        <details>
          <summary className="iw-muted">PromQL</summary>
          <ul>
            {data.exprs.map(([k, e]) => (
              <li key={k}>
                <code>{e}</code>
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
