// The burn-rate panel of the Latency section (`slo-burn-rate`): for each SLO, the error-budget
// burn rate over a sliding 1 h window at every step, with the workbook's paging lines (14.4× over
// 1 h, 6× over 6 h). Between bucket bounds the line follows the interpolated attainment. Runs
// through the one state machine: the last lines stay while a refresh loads, stale while the backend
// does not answer.
import { useMemo, useRef, useState } from 'react';
import { expandQuery } from '../../catalog';
import { EChart, LegendTable, buildTimeSeriesOption, type ChartSeries } from '../../charts';
import { useLang, useT } from '../../i18n';
import { BURN_PAGE, BURN_PAGE_6H, burnRate } from '../../lib/slo';
import type { PanelState } from '../data/view-state';
import { viewReasonText } from '../data/view-text';
import { useBackendView } from '../data/use-backend-view';
import { useQueryAnswers } from '../data/use-query-answers';
import { useDashboard } from '../data/context';
import { boundsStatuses, thresholdsScope, useSloSetup, type SloSetup } from './data';
import { attainmentSeries, type EffectiveSlo } from './queries';
import { useInView } from '../data/use-in-view';

export const BURN_PANEL_ID = 'slo-burn-rate';
const KIND_LABEL = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' } as const;
/** A round top above the 14.4× line (ticks 0, 5, 10, 15, 20). */
export const BURN_AXIS_MAX = 20;

/** The y-axis top: BURN_AXIS_MAX while every point is below the 14.4× line, else ECharts' own. */
export function burnAxisMax(series: readonly ChartSeries[]): number | undefined {
  const top = series.reduce((m, s) => s.points.reduce((n, [, v]) => (v !== null && v > n ? v : n), m), 0);
  return top < BURN_PAGE ? BURN_AXIS_MAX : undefined;
}

/** What the setups settle before the view: no threshold, no histogram, names not in yet. */
function burnState(setups: readonly SloSetup[], resolved: boolean, namesFailed: boolean, view: PanelState): PanelState {
  if (setups.length === 0) return 'empty';
  if (setups.every((s) => s.status === 'unavailable')) return 'unavailable';
  if (!resolved) return namesFailed ? 'error' : 'loading';
  return view;
}

export function SloBurnPanel({ slo }: { slo: EffectiveSlo }) {
  const t = useT();
  const lang = useLang();
  const root = useRef<HTMLDivElement>(null);
  const active = useInView(root);
  const ctx = useDashboard();
  const { client, baseUrl, window: w, catalog, resolved, filters, theme, locale } = ctx;
  const setups = useSloSetup(slo);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const ready = useMemo(
    () =>
      setups.flatMap((s) => {
        if (s.status !== 'ready' || !s.query || !resolved) return [];
        const r = expandQuery(s.query, catalog, { resolved, filters, rateInterval: '1h', by: [] });
        return 'expr' in r ? [{ setup: s, expr: r.expr }] : [];
      }),
    [setups, resolved, catalog, filters],
  );
  const exprs = useMemo(() => ready.map((r) => r.expr), [ready]);
  const answers = useQueryAnswers({ kind: 'range', client, baseUrl, exprs, window: w, enabled: active });
  const statuses = useMemo(() => [...boundsStatuses(setups), ...answers.statuses], [setups, answers.statuses]);

  const value = useMemo((): ChartSeries[] | null => {
    if (answers.statuses.some((st) => !st.hasData && !st.error)) return null;
    return ready.flatMap(({ setup }, i) => {
      const data = answers.answers[i];
      if (!data) return [];
      const byTs = new Map(attainmentSeries(data.result, setup.threshold, setup.position ?? { kind: 'none' }));
      const points: Array<[number, number | null]> = [];
      for (let ts = w.startSec; ts <= w.endSec; ts += w.stepSec) {
        const a = byTs.get(ts);
        points.push([ts * 1000, a?.kind === 'value' ? burnRate(a.value, slo.objective) : null]);
      }
      const name = `${KIND_LABEL[setup.kind]} ≤ ${setup.threshold} s`;
      return [{ id: `burn-${setup.kind}`, name, labels: { slo: setup.kind }, points }];
    });
  }, [ready, answers, w, slo.objective]);
  const view = useBackendView(baseUrl, {
    scope: `${thresholdsScope(setups)} ${slo.objective}`,
    statuses,
    value,
    isEmpty: (series) => !series.some((x) => x.points.some(([, v]) => v !== null)),
  });
  const series = useMemo(() => view.value ?? [], [view.value]);
  const state = burnState(setups, resolved !== null, ctx.namesFailed, view.state);
  const backendDown = view.reason?.kind === 'backend-down' || (state === 'error' && resolved === null);

  const option = useMemo(
    () =>
      buildTimeSeriesOption({
        series,
        hidden,
        unit: 'count',
        theme,
        kind: 'line',
        min: 0,
        // Up to the 14.4× line at least, or it never shows on a healthy fleet's chart.
        max: burnAxisMax(series),
        startMs: w.startSec * 1000,
        endMs: w.endSec * 1000,
        locale,
        thresholds: [
          { value: BURN_PAGE, color: '#dc2626', label: t.slo.page },
          { value: BURN_PAGE_6H, color: '#d97706', label: t.slo.page6h },
        ],
      }),
    [series, hidden, theme, w, locale, t],
  );

  return (
    <div ref={root} role="figure" aria-label={t.slo.panelTitle} data-panel-id={BURN_PANEL_ID} data-state={state} data-stale={view.stale || undefined} className="iw-panel">
      <h3 className="iw-panel-title">{t.slo.panelTitle}</h3>
      {view.stale && <span className="iw-badge iw-badge-amber">{t.state.stale}</span>}
      <p className="iw-panel-desc" title={t.slo.panelDescription}>
        {t.slo.panelDescription}
      </p>
      {state === 'ok' ? (
        <>
          <EChart option={option} theme={theme} height={220} group={ctx.chartGroup} ariaLabel={t.slo.panelTitle} onZoom={ctx.onZoom} />
          <div className="iw-legend">
            <LegendTable series={series} unit="count" hidden={hidden}
              locale={locale}
              labels={t.legend}
              onToggle={(id) => setHidden((prev) => (prev.has(id) ? new Set([...prev].filter((x) => x !== id)) : new Set([...prev, id])))}
            />
          </div>
        </>
      ) : (
        <div className="iw-panel-message" style={{ height: 220 }}>
          {state === 'loading' && <span className="iw-muted">{t.state.loading}</span>}
          {state === 'empty' && <span>{setups.length === 0 ? t.slo.noThreshold : t.state.empty}</span>}
          {state === 'error' && <span className={backendDown ? 'iw-muted' : 'iw-error'}>{viewReasonText(backendDown ? { kind: 'backend-down' } : view.reason, lang)}</span>}
          {state === 'unavailable' && <span>{t.state.unavailable}</span>}
        </div>
      )}
    </div>
  );
}
