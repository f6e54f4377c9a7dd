// A tile of the stat row: the current value, a sparkline and the threshold colour.
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo } from 'react';
import type { QuietReason } from '../../catalog/quiet';
import { statDetailExprs, statExpanded, statSource } from '../data/query-plan';
import type { StatSpec } from '../../catalog/types';
import { Sparkline, matrixToSeries, sumSeries, trimIncompleteSteps } from '../../charts';
import { formatValue } from '../../lib/units';
import { useLang, useT, type Messages } from '../../i18n';
import { statTitle } from '../../i18n/catalog-text';
import { compareShiftSec, formatDelta, shiftWindow } from '../compare/compare';
import { badDirection, deltaTone, formatPoints, meanOfPoints, tileDelta } from '../compare/tile-delta';
import { useDashboard } from '../data/context';
import { scrollToPanel } from './scroll-to-panel';
import { STAT_COLORS, reportStatVerdict, statVerdict } from './stat-verdict';
import { useQueryAnswers } from '../data/use-query-answers';
import { useQuiet } from '../data/use-quiet';
import { tileBound, useBucketBounds } from '../data/use-quantile-precision';
import type { PanelState, ViewReason } from '../data/view-state';
import { useBackendView } from '../data/use-backend-view';
import { viewReasonText } from '../data/view-text';
import { PrometheusError } from '../../prometheus';

const NO_EXPRS: readonly string[] = [];

/** The newest non-null value of a series on the step grid. */
function lastValue(points: ReadonlyArray<readonly [number, number | null]>): number | null {
  for (let i = points.length - 1; i >= 0; i--) {
    const v = points[i]?.[1];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** The tile's state: names and the quiet decision settle it before the view does. */
function tileState(p: { resolved: boolean; namesFailed: boolean; quietKind: QuietReason['kind'] | undefined; runnable: boolean; view: PanelState }): PanelState {
  if (!p.resolved) return p.namesFailed ? 'error' : 'loading';
  if (p.quietKind === 'none-yet') return 'empty';
  if (!p.runnable) return 'unavailable';
  return p.view;
}

const quietOf = (r: ViewReason): QuietReason | null => (r?.kind === 'never-moved' || r?.kind === 'none-yet' ? r : null);

/** What the value line says in each state. */
function valueText(state: PanelState, quietKind: QuietReason['kind'] | undefined, shown: string | null, t: Messages): string {
  if (state === 'ok') return shown ?? '';
  if (quietKind === 'none-yet') return t.stat.noneYet;
  if (quietKind === 'never-moved') return t.stat.off;
  switch (state) {
    case 'loading':
      return '…';
    case 'unavailable':
      return '–';
    case 'error':
      return t.stat.unknown;
    case 'empty':
      return t.stat.noData;
  }
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
  const source = useMemo(() => statSource(stat, catalog, by), [stat, catalog, by]);
  const expanded = useMemo(
    () => (resolved ? statExpanded(source, catalog, { resolved, filters, rateInterval, gpuPeakFlops: gpuPeakFlops ?? undefined }, ctx.metricNames) : null),
    [resolved, source, catalog, filters, rateInterval, gpuPeakFlops, ctx.metricNames],
  );

  const exprs = useMemo(() => (expanded ? [expanded.expr] : []), [expanded]);
  const own = useQueryAnswers({ kind: 'range', client, baseUrl, exprs, window: w, enabled: true });
  const answer = own.answers[0];
  // None yet / feature off: words instead of "–" or a flat 0.
  const subject = useMemo(() => ({ queries: [source.query] }), [source.query]);
  const quietProbe = useQuiet(subject, expanded !== null, true);
  const quiet = quietProbe.quiet;

  const toPoints = useMemo(() => {
    const maxSeries = source.summed ? Number.MAX_SAFE_INTEGER : 1;
    return (result: Parameters<typeof matrixToSeries>[0], start: number, end: number) => {
      const { series } = matrixToSeries(result, { start, end, step: stepSec, legend: '', idPrefix: stat.id, maxSeries });
      // A sum stops at the last step every series has reached (a late scrape is not a drop).
      return source.summed ? sumSeries(trimIncompleteSteps(series).map((x) => x.points)) : (series[0]?.points ?? []);
    };
  }, [stepSec, stat.id, source.summed]);
  // A sum over an answer cut at the page's budget (columnar.ts) would be a smaller number, not the
  // figure: the tile is in error then, and its tooltip says why.
  const cut = source.summed && answer?.seriesTotal !== undefined && answer.seriesTotal > answer.result.length ? answer : null;
  const statuses = useMemo(
    () => (cut ? [{ hasData: false, error: partialSumError(cut.seriesTotal ?? 0, cut.result.length), fetching: false }] : [...own.statuses, ...quietProbe.statuses]),
    [cut, own.statuses, quietProbe.statuses],
  );
  const points = useMemo(() => (answer && !cut ? toPoints(answer.result, startSec, endSec) : null), [answer, cut, toPoints, startSec, endSec]);

  // The value's parts (aborts, errors), each its own last value; a part that fails is left out.
  const detailExprs = useMemo(() => {
    if (!resolved || !stat.details) return NO_EXPRS;
    return statDetailExprs(stat, catalog, { resolved, filters, rateInterval }, ctx.metricNames);
  }, [resolved, stat, catalog, filters, rateInterval, ctx.metricNames]);
  const detailAnswers = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: detailExprs, window: w, enabled: true }).answers;
  const details = useMemo(
    () =>
      detailExprs.length === stat.details?.length
        ? stat.details.map((d, i) => {
            const a = detailAnswers[i];
            return { id: d.id, value: a ? lastValue(toPoints(a.result, startSec, endSec)) : null };
          })
        : [],
    [detailExprs, stat.details, detailAnswers, toPoints, startSec, endSec],
  );

  // Compare mode: the same query over the earlier window (shared with the panel's when it runs the
  // same expression); the tile shows its value's change against the earlier window's last value.
  const compare = ctx.state.compare;
  const shiftSec = compareShiftSec(compare);
  const earlierWindow = useMemo(() => (shiftSec === null ? w : shiftWindow(w, shiftSec)), [w, shiftSec]);
  const earlier = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: shiftSec === null ? NO_EXPRS : exprs, window: earlierWindow, enabled: true });
  const earlierAnswer = earlier.answers[0];
  // Range against range: the mean of the earlier window's points (src/dashboard/compare/tile-delta.ts).
  const earlierMean = useMemo(
    () => (earlierAnswer ? meanOfPoints(toPoints(earlierAnswer.result, earlierWindow.startSec, earlierWindow.endSec)) : null),
    [earlierAnswer, toPoints, earlierWindow],
  );

  // The same state machine as the panels: the last value stays, marked stale, while the backend is
  // down; a refresh in flight keeps it; a backend that never answered is an error, not "no traffic".
  const view = useBackendView(baseUrl, { statuses, value: points, isEmpty: (p) => lastValue(p) === null, quiet });
  const shownPoints = view.value ?? [];
  const last = lastValue(shownPoints);
  // Nothing runnable: the quiet decision alone; else the one the view showed its answer with.
  const shownQuiet = !expanded ? quiet : quietOf(view.reason);
  const quietKind = shownQuiet?.kind;
  const state = tileState({ resolved: resolved !== null, namesFailed: ctx.namesFailed, quietKind, runnable: expanded !== null, view: view.state });
  const stale = view.stale;
  // The tooltip says why: the error, or the quiet reason.
  const why = state === 'error' ? view.reason : shownQuiet;
  const errorTitle = viewReasonText(why, lang) ?? undefined;
  // A quantile in the first, +Inf or a wide bucket shows its bound, not the interpolated number.
  const bounds = useBucketBounds(subject, true).bounds.get(source.query.id);
  const bound = state === 'ok' && last !== null && bounds ? tileBound(last, bounds, stat.unit, t.distribution, locale) : null;

  const change = shiftSec !== null && state === 'ok' && earlierAnswer ? tileDelta(stat.unit, meanOfPoints(shownPoints), earlierMean) : null;
  const delta = change && change.kind !== 'no-data' ? change.value : null;
  const tone = deltaTone(change, badDirection(stat.thresholds));

  // The colour has a reason, in words (tooltip), and the worst tile reaches the header's summary.
  const shownText = state === 'ok' ? (bound?.text ?? formatValue(last, stat.unit, { locale })) : null;
  const verdict = statVerdict(state === 'ok' ? last : null, stat.thresholds, (v) => formatValue(v, stat.unit, { locale }), t.verdict);
  const color = verdict.color;
  const title = statTitle(stat, catalog.engine, lang);
  const queryClient = useQueryClient();
  useEffect(() => {
    reportStatVerdict(queryClient, stat.id, shownText !== null ? { id: stat.id, title, text: shownText, color: verdict.color, reason: verdict.reason } : null);
  }, [queryClient, stat.id, title, shownText, verdict.color, verdict.reason]);
  useEffect(() => () => reportStatVerdict(queryClient, stat.id, null), [queryClient, stat.id]);

  const target = stat.panelId;
  return (
    <div
      className="iw-stat"
      data-stat-id={stat.id}
      data-state={state}
      data-quiet={quietKind}
      data-stale={stale || undefined}
      data-color={color}
      data-value={state === 'ok' && last !== null ? String(last) : undefined}
      data-value-low={bound ? String(bound.low) : undefined}
      data-value-high={bound && bound.high !== null ? String(bound.high) : undefined}
      data-compare={shiftSec !== null ? (compare ?? undefined) : undefined}
      data-delta={delta !== null ? String(delta) : undefined}
      data-delta-kind={change?.kind}
      data-delta-tone={tone ?? undefined}
      title={errorTitle ?? [bound?.title, verdict.reason].filter(Boolean).join(' ')}
      role="group"
      aria-label={title}
    >
      <div className="iw-stat-title">
        {target ? (
          <a href={`#panel-${target}`} onClick={(e) => {
            e.preventDefault();
            scrollToPanel(target);
          }}>
            {title}
          </a>
        ) : (
          title
        )}
      </div>
      <div className="iw-stat-value" style={{ color: STAT_COLORS[color] }}>
        {valueText(state, quietKind, shownText, t)}
      </div>
      {state === 'ok' && details.some((d) => d.value !== null) && (
        <div className="iw-stat-detail iw-muted text-xs" data-testid="stat-detail">
          {details
            .filter((d) => d.value !== null)
            .map((d) => `${t.stat.detail[d.id]} ${formatValue(d.value, stat.unit, { locale })}`)
            .join(' · ')}
        </div>
      )}
      {shiftSec !== null && compare && state === 'ok' && change && (
        <div className="iw-stat-delta iw-muted text-xs" data-testid="stat-delta" title={t.fleetHealth.deltaTitle(compare)}
          style={tone ? { color: STAT_COLORS[tone === 'bad' ? 'red' : 'green'] } : undefined}
        >
          {change.kind === 'no-data'
            ? t.fleetHealth.noDataBefore(compare)
            : t.compare.delta(change.kind === 'points' ? formatPoints(change.value, locale) : formatDelta(change.value, locale), compare)}
        </div>
      )}
      <div className="iw-stat-spark" aria-hidden="true">
        {/* An SVG path, not an ECharts instance: see src/charts/timeseries/sparkline.tsx. */}
        {shownPoints.length > 0 && <Sparkline points={shownPoints} color={STAT_COLORS[color]} unit={stat.unit} height={36} locale={locale} />}
      </div>
    </div>
  );
});

function partialSumError(total: number, kept: number): PrometheusError {
  return new PrometheusError({
    kind: 'too-large',
    message: `This query returns ${total} series, more than the board takes from one answer (the first ${kept}): their sum would leave the rest out. Narrow the filters.`,
  });
}
