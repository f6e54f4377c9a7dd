// The burn-rate panel of the Latency section (`slo-burn-rate`): for each SLO, the error-budget
// burn rate over a sliding 1 h window at every step, with the workbook's paging lines (14.4× over
// 1 h, 6× over 6 h). Between bucket bounds the line follows the interpolated attainment.
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { expandQuery } from '../../catalog';
import { EChart, LegendTable, buildTimeSeriesOption, type ChartSeries } from '../../charts';
import { useLang, useT } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { BURN_PAGE, BURN_PAGE_6H, burnRate } from '../../lib/slo';
import { rangeQueryOptions, type RangeQueryAnswer } from '../../prometheus';
import { useDashboard } from '../board/context';
import { useSloSetup } from './data';
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
  const combine = useCallback((rs: Array<{ data?: RangeQueryAnswer; error: unknown }>) => rs.map((r) => ({ data: r.data, error: r.error })), []);
  const answers = useQueries({
    queries: ready.map((r) => ({ ...rangeQueryOptions(client, { baseUrl, expr: r.expr, start: w.startSec, end: w.endSec, step: w.stepSec }), enabled: active })),
    combine,
  });

  const series = useMemo((): ChartSeries[] => {
    return ready.flatMap(({ setup }, i) => {
      const data = answers[i]?.data;
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

  const error = answers.find((a) => a.error && !a.data)?.error;
  const waiting = ready.length > 0 && answers.some((a) => !a.data && !a.error);
  const hasPoints = series.some((s) => s.points.some(([, v]) => v !== null));
  const state =
    setups.length > 0 && setups.every((s) => s.status === 'unavailable')
      ? 'unavailable'
      : !resolved || setups.some((s) => s.status === 'loading') || (waiting && !hasPoints)
        ? 'loading'
        : hasPoints
          ? 'ok'
          : error
            ? 'error'
            : 'empty';

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
    <div ref={root} role="figure" aria-label={t.slo.panelTitle} data-panel-id={BURN_PANEL_ID} data-state={state} className="iw-panel">
      <h3 className="iw-panel-title">{t.slo.panelTitle}</h3>
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
          {state === 'error' && <span className="iw-error">{errorText(error, lang)}</span>}
          {state === 'unavailable' && <span>{t.state.unavailable}</span>}
        </div>
      )}
    </div>
  );
}
