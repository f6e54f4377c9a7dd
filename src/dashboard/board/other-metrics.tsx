// "Other metrics": the engine families this backend holds that no catalog entry uses (newer than
// this release, or niche), at the end of the board, collapsed. Opening it reads the metric types
// (one metadata request; name suffixes when the backend has no such endpoint) and shows one
// automatic panel per family, as PanelSpec data rendered by the generic Panel; info-style
// families list their label sets. Nothing is queried while the section is closed.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { expandQuery } from '../../catalog';
import { buildAutoPanels, INFO_ROWS, MAX_OTHER_FAMILIES, otherFamilies, type AutoPanels } from '../../catalog/auto-panels';
import { ErrorBoundary } from '../../components/error-boundary';
import { useLang, useT } from '../../i18n';
import { metadataOptions, type QueryAnswer } from '../../prometheus';
import { DashboardContext, useDashboard } from '../data/context';
import { Panel } from '../panel/panel';
import { Section } from '../panel/section';
import { useInView } from '../data/use-in-view';
import { useBackendView } from '../data/use-backend-view';
import { useQueryAnswers } from '../data/use-query-answers';
import { viewReasonText } from '../data/view-text';

/**
 * The automatic panels for this backend's other families. `enabled` gates the one metadata request
 * (the section is open, or one of its panels is asked for alone with `panel=`).
 */
function useAutoPanels(names: ReadonlySet<string> | null, enabled: boolean) {
  const t = useT();
  const ctx = useDashboard();
  const { resolved, catalog, client, baseUrl } = ctx;
  const engineWord = catalog.engine;

  // By name suffix first: enough to know whether there is anything to list, without a request.
  const bySuffix = useMemo(() => (names && resolved ? otherFamilies(names, engineWord, resolved, null) : []), [names, resolved, engineWord]);

  const meta = useQuery({ ...metadataOptions(client, { baseUrl }), enabled: enabled && bySuffix.length > 0 });

  const auto: AutoPanels | null = useMemo(() => {
    if (!meta.isSuccess || !names || !resolved) return null;
    const families = otherFamilies(names, engineWord, resolved, meta.data);
    return buildAutoPanels(families, catalog, resolved, (k) => t.other.describe[k]);
  }, [meta.isSuccess, meta.data, names, resolved, engineWord, catalog, t]);

  // The same context with the extended catalog: the generic Panel resolves `other_<n>` like any metric.
  const inner = useMemo(() => (auto ? { ...ctx, catalog: auto.catalog, resolved: auto.resolved } : null), [auto, ctx]);
  return { bySuffix, meta, auto, inner };
}

/**
 * One automatic panel alone (`panel=other-…`, "open alone" from its menu, kiosk). Until the
 * backend's names and metadata are in, it says it is loading; a family this backend does not hold
 * gets the same "unknown panel" words as any other id.
 */
export function OtherMetricAlone({ names, id }: { names: ReadonlySet<string> | null; id: string }) {
  const t = useT();
  const { bySuffix, meta, auto, inner } = useAutoPanels(names, true);
  if (names !== null && (bySuffix.length === 0 || meta.isSuccess)) {
    const chart = auto?.charts.find((c) => c.panel.id === id);
    const info = auto?.infos.find((i) => i.id === id);
    if (inner && chart)
      return (
        <DashboardContext.Provider value={inner}>
          <Panel panel={chart.panel} fill />
        </DashboardContext.Provider>
      );
    if (inner && info)
      return (
        <DashboardContext.Provider value={inner}>
          <InfoFamily info={info} />
        </DashboardContext.Provider>
      );
    return (
      <div className="iw-banner iw-banner-amber" role="status">
        {t.banner.unknownPanel(id)}
      </div>
    );
  }
  return <p className="iw-muted">{t.other.loadingTypes}</p>;
}

export function OtherMetrics({ names }: { names: ReadonlySet<string> | null }) {
  const t = useT();
  const { catalog } = useDashboard();
  const engineWord = catalog.engine;
  const [open, setOpen] = useState(false);
  const { bySuffix, meta, auto, inner } = useAutoPanels(names, open);

  if (bySuffix.length === 0) return null;
  const total = bySuffix.length;
  return (
    <Section
      id="other"
      title={`${t.other.title} (${total})`}
      collapsed={!open}
      onToggle={() => setOpen((o) => !o)}
      summary={
        <p className="iw-muted text-xs" data-testid="other-summary">
          {t.other.summary(total)}
          {total > MAX_OTHER_FAMILIES && ` ${t.other.capped(MAX_OTHER_FAMILIES, total)}`}
          {open && meta.isSuccess && meta.data === null && ` ${t.other.typesFromSuffix}`}
        </p>
      }
    >
      {!inner || !auto ? (
        <p className="iw-muted">{t.other.loadingTypes}</p>
      ) : (
        <DashboardContext.Provider value={inner}>
          {auto.charts.map(({ panel }) => (
            <ErrorBoundary
              key={`${engineWord}-${panel.id}`}
              fallback={(message) => (
                <div role="figure" aria-label={panel.title} data-panel-id={panel.id} data-state="error" className="iw-panel">
                  <h3 className="iw-panel-title">{panel.title}</h3>
                  <p className="iw-error">{message}</p>
                </div>
              )}
            >
              <Panel panel={panel} />
            </ErrorBoundary>
          ))}
          {auto.infos.map((info) => (
            <InfoFamily key={`${engineWord}-${info.id}`} info={info} />
          ))}
        </DashboardContext.Provider>
      )}
    </Section>
  );
}

/** The label sets of an instant answer, one line each (`k="v", …`, sorted), sorted. */
function labelSets(answer: QueryAnswer): string[] {
  if (answer.result.resultType !== 'vector') return [];
  return answer.result.result
    .map((s) =>
      Object.entries(s.metric)
        .filter(([k]) => k !== '__name__')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${k}="${v}"`)
        .join(', '),
    )
    .sort();
}

/**
 * An info-style family: its label sets at the end of the range, as a list (at most INFO_ROWS).
 * Same DOM contract and state machine as a panel (role, aria-label, data-panel-id, data-state,
 * data-stale): the last list stays while a refresh loads or the backend does not answer.
 */
function InfoFamily({ info }: { info: AutoPanels['infos'][number] }) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const root = useRef<HTMLDivElement>(null);
  const inView = useInView(root);
  const exprs = useMemo(() => {
    if (!ctx.resolved) return [];
    const r = expandQuery(info.query, ctx.catalog, { resolved: ctx.resolved, filters: ctx.filters, rateInterval: ctx.rateInterval, by: ctx.by });
    return 'missing' in r ? [] : [r.expr];
  }, [info.query, ctx.catalog, ctx.resolved, ctx.filters, ctx.rateInterval, ctx.by]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client: ctx.client, baseUrl: ctx.baseUrl, exprs, window: ctx.window, enabled: inView });
  const answer = answers[0];
  const value = useMemo(() => (answer ? labelSets(answer) : null), [answer]);
  const view = useBackendView(ctx.baseUrl, { statuses, value, isEmpty: (rows) => rows.length === 0 });
  const rows = view.value ?? [];
  return (
    <div
      ref={root}
      role="figure"
      aria-label={info.title}
      data-panel-id={info.id}
      data-state={view.state}
      data-stale={view.stale || undefined}
      className="iw-panel"
    >
      <h3 className="iw-panel-title">{info.title}</h3>
      <p className="iw-panel-desc">{t.other.describe.info}</p>
      {view.stale && <span className="iw-badge iw-badge-amber">{t.state.stale}</span>}
      {view.state === 'loading' && <p className="iw-muted">{t.state.loading}</p>}
      {view.state === 'error' && <p className={view.reason?.kind === 'backend-down' ? 'iw-muted' : 'iw-error'}>{viewReasonText(view.reason, lang)}</p>}
      {view.state === 'empty' && <p className="iw-muted">{t.other.infoNone}</p>}
      {view.state === 'ok' && (
        <ul className="text-xs font-mono break-all space-y-1 mt-2" data-testid="info-rows">
          {rows.slice(0, INFO_ROWS).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {rows.length > INFO_ROWS && <p className="iw-panel-note">{t.other.infoMore(INFO_ROWS)}</p>}
    </div>
  );
}
