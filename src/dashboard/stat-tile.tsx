// A tile of the stat row: the current value, a sparkline and the threshold colour.
import { memo, useMemo } from 'react';
import { expandQuery } from '../catalog';
import type { StatSpec, Threshold } from '../catalog/types';
import { Sparkline, matrixToSeries, sumSeries } from '../charts';
import { formatValue } from '../lib/units';
import { useLang, useT } from '../i18n';
import { statTitle } from '../i18n/catalog-text';
import { isBackendWide } from './backend-errors';
import { useBackendHealth } from './backend-health';
import { useDashboard } from './dashboard-context';
import { useQueryAnswers } from './use-query-answers';
import { tileBound, useBucketBounds } from './use-quantile-precision';
import { useView } from './view-state';
import { viewReasonText } from './view-text';

const COLORS: Record<Threshold['color'] | 'none', string> = {
  green: 'var(--iw-green)',
  amber: 'var(--iw-amber)',
  red: 'var(--iw-red)',
  none: 'var(--iw-accent)',
};

export function colorFor(value: number | null, thresholds: Threshold[] | undefined): Threshold['color'] | 'none' {
  if (value === null || !thresholds || thresholds.length === 0) return 'none';
  let c: Threshold['color'] | 'none' = 'none';
  for (const th of [...thresholds].sort((a, b) => a.value - b.value)) if (value >= th.value) c = th.color;
  return c;
}

/** The newest non-null value of a series on the step grid. */
function lastValue(points: ReadonlyArray<readonly [number, number | null]>): number | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const v = points[i]?.[1];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

// memo: the refresh clock re-renders the page every tick; a tile re-renders only when its context
// value (window, filters, …) or its query result changes.
export const StatTile = memo(function StatTile({ stat }: { stat: StatSpec }) {
  const t = useT();
  const lang = useLang();
  const ctx = useDashboard();
  const { resolved, window: w, catalog, filters, rateInterval, gpuPeakFlops, client, baseUrl, locale, by } = ctx;
  const { startSec, endSec, stepSec } = w;
  // A tile with `sumOf` runs its panel's query exactly as the panel does (same PromQL, so the same
  // query key: one request serves both) and adds the panel's series up.
  const source = useMemo(() => {
    const q = stat.sumOf && catalog.panels.find((p) => p.id === stat.sumOf?.panelId)?.queries.find((x) => x.id === stat.sumOf?.queryId);
    return q ? { query: q, by, summed: true } : { query: stat.query, by: [], summed: false };
  }, [stat, catalog, by]);
  const expanded = useMemo(() => {
    if (!resolved) return null;
    const r = expandQuery(source.query, catalog, { resolved, filters, rateInterval, by: source.by, gpuPeakFlops: gpuPeakFlops ?? undefined });
    return 'missing' in r ? null : r;
  }, [resolved, source, catalog, filters, rateInterval, gpuPeakFlops]);

  const exprs = useMemo(() => (expanded ? [expanded.expr] : []), [expanded]);
  const { statuses, answers } = useQueryAnswers({ kind: 'range', client, baseUrl, exprs, window: w, enabled: true });
  const answer = answers[0];

  const points = useMemo(() => {
    if (!answer) return null;
    const maxSeries = source.summed ? Number.MAX_SAFE_INTEGER : 1;
    const { series } = matrixToSeries(answer.result, { start: startSec, end: endSec, step: stepSec, legend: '', idPrefix: stat.id, maxSeries });
    return source.summed ? sumSeries(series.map((x) => x.points)) : (series[0]?.points ?? []);
  }, [answer, startSec, endSec, stepSec, stat.id, source.summed]);

  // The same state machine as the panels: the last value stays, marked stale, while the backend is
  // down; a refresh in flight keeps it; a backend that never answered is an error, not "no traffic".
  const healthDown = useBackendHealth().down;
  const view = useView({ scope: baseUrl, statuses, value: points, isEmpty: (p) => lastValue(p) === null, backendDown: healthDown, isBackendWide });
  const shownPoints = view.value ?? [];
  const last = lastValue(shownPoints);
  const state = !resolved ? (ctx.namesFailed ? 'error' : 'loading') : !expanded ? 'unavailable' : view.state;
  const stale = view.stale;
  const color = colorFor(last, stat.thresholds);
  const errorTitle = state === 'error' ? (viewReasonText(view.reason, lang) ?? undefined) : undefined;
  // A quantile in the first, +Inf or a wide bucket shows its bound, not the interpolated number.
  const quantile = useMemo(() => ({ queries: [source.query] }), [source.query]);
  const bounds = useBucketBounds(quantile, true).bounds.get(source.query.id);
  const bound = state === 'ok' && last !== null && bounds ? tileBound(last, bounds, stat.unit, t.distribution, locale) : null;

  const target = stat.panelId;
  const title = statTitle(stat, catalog.engine, lang);
  return (
    <div
      className="iw-stat"
      data-stat-id={stat.id}
      data-state={state}
      data-stale={stale || undefined}
      data-color={color}
      data-value={state === 'ok' && last !== null ? String(last) : undefined}
      data-value-low={bound ? String(bound.low) : undefined}
      data-value-high={bound && bound.high !== null ? String(bound.high) : undefined}
      title={errorTitle ?? bound?.title}
      role="group"
      aria-label={title}
    >
      <div className="iw-stat-title">
        {target ? (
          <a href={`#panel-${target}`} onClick={(e) => {
            e.preventDefault();
            document.querySelector(`[data-panel-id="${target}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          }}>
            {title}
          </a>
        ) : (
          title
        )}
      </div>
      <div className="iw-stat-value" style={{ color: COLORS[color] }}>
        {state === 'ok' ? (bound?.text ?? formatValue(last, stat.unit, { locale })) : state === 'loading' ? '…' : state === 'unavailable' ? '–' : state === 'error' ? t.stat.unknown : t.stat.noData}
      </div>
      <div className="iw-stat-spark" aria-hidden="true">
        {/* An SVG path, not an ECharts instance: see src/charts/sparkline.tsx. */}
        {shownPoints.length > 0 && <Sparkline points={shownPoints} color={COLORS[color]} unit={stat.unit} height={36} locale={locale} />}
      </div>
    </div>
  );
});
