// The "A vs B" region of an A/B comparison: the core panels whose figures differ most between the
// two selections, with the numbers. Quantiles are the Models table's (over the whole range, one
// instant query), said as a bucket bound where the number is only that ("< 300 ms"); every other
// row is the mean of the panel's own line (the very expressions the panels run for A and B: one
// cache entry each, shared with the panels when they come into view). Differences too small to
// matter (AB_FLOOR) are listed after the others, whatever their ratio.
import { useMemo, useState } from 'react';
import type { ExpandContext } from '../../catalog';
import type { PanelSpec } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { panelText } from '../../i18n/catalog-text';
import { formatValue } from '../../lib/units';
import type { QueryAnswer, RangeQueryAnswer } from '../../prometheus';
import { formatDelta } from './compare';
import { AB_FLOOR, rankDifferences, seriesRest, sideTag, type AbRow } from './ab';
import { abItems, type AbItem } from './ab-items';
import { CORE_PANEL_IDS } from '../../catalog/core-panels';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { useBackendView } from '../data/use-backend-view';
import { tileBound, useBucketBounds } from '../data/use-quantile-precision';
import { viewReasonText } from '../data/view-text';

/** The logical panels every engine has (core-panels.ts): what an A/B is usually about. */
export const AB_SUMMARY_PANELS = CORE_PANEL_IDS;

/** Rows shown at first: the largest differences; the rest behind "Show all". */
const MAX_ROWS = 8;

/** The mean of the one series an A/B side's query returns over the range (null: none, or not one). */
function answerMean(answer: RangeQueryAnswer | undefined): number | null {
  const only = answer?.result.length === 1 ? answer.result[0] : undefined;
  if (!only) return null;
  const values = Array.from(only.v).filter(Number.isFinite);
  return values.length === 0 ? null : values.reduce((a, v) => a + v, 0) / values.length;
}

/** The one sample of an instant answer (null: none, several, or not a number). */
function answerValue(answer: QueryAnswer | undefined): number | null {
  if (!answer || answer.result.resultType !== 'vector' || answer.result.result.length !== 1) return null;
  const v = Number(answer.result.result[0]?.value[1]);
  return Number.isFinite(v) ? v : null;
}

export function AbSummary() {
  const t = useT();
  const lang = useLang();
  const { state, catalog, resolved, filters, rateInterval, by, gpuPeakFlops, window: w, client, baseUrl, locale } = useDashboard();
  const ab = state.ab;
  const [all, setAll] = useState(false);
  const sw = useMemo(() => summaryWindow(w), [w]);
  const range = rangeSeconds(sw);

  const items = useMemo((): AbItem[] => {
    if (!ab || !resolved) return [];
    const base: ExpandContext = { resolved, filters, rateInterval, by, gpuPeakFlops: gpuPeakFlops ?? undefined };
    return abItems(catalog, ab, base, range);
  }, [ab, resolved, catalog, filters, rateInterval, by, gpuPeakFlops, range]);
  const means = useMemo(() => items.filter((i) => i.over === 'mean'), [items]);
  const quantiles = useMemo(() => items.filter((i) => i.over === 'range'), [items]);

  const enabled = ab !== null;
  const exprs = (list: AbItem[], side: 'a' | 'b') => list.map((i) => i[side]);
  const meanA = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: useMemo(() => exprs(means, 'a'), [means]), window: w, enabled });
  const meanB = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: useMemo(() => exprs(means, 'b'), [means]), window: w, enabled });
  const rangeA = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: useMemo(() => exprs(quantiles, 'a'), [quantiles]), window: sw, enabled });
  const rangeB = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: useMemo(() => exprs(quantiles, 'b'), [quantiles]), window: sw, enabled });
  // The bucket bounds of each quantile's histogram, keyed by item.
  const boundsPanel = useMemo(() => ({ queries: quantiles.flatMap((i) => (i.quantile ? [{ ...i.quantile, id: i.key }] : [])) }), [quantiles]);
  const { bounds } = useBucketBounds(boundsPanel, enabled);

  // One state machine with the panels: the last rows stay while a refresh loads, and marked stale
  // while the backend does not answer.
  const statuses = useMemo(
    () => [...meanA.statuses, ...meanB.statuses, ...rangeA.statuses, ...rangeB.statuses],
    [meanA.statuses, meanB.statuses, rangeA.statuses, rangeB.statuses],
  );
  const value = useMemo((): AbRow[] | null => {
    if (statuses.some((st) => !st.hasData && !st.error)) return null;
    const row = (item: AbItem, a: number | null, b: number | null) => ({ key: item.key, panelId: item.panel.id, queryId: item.queryId, unit: item.panel.unit, a, b });
    return rankDifferences([
      ...quantiles.map((item, i) => row(item, answerValue(rangeA.answers[i]), answerValue(rangeB.answers[i]))),
      ...means.map((item, i) => row(item, answerMean(meanA.answers[i]), answerMean(meanB.answers[i]))),
    ]).filter((r) => r.diff !== null);
  }, [statuses, quantiles, means, rangeA.answers, rangeB.answers, meanA.answers, meanB.answers]);
  const abScope = ab ? `${ab.label}\n${ab.a.join(',')}\n${ab.b.join(',')}` : '';
  const view = useBackendView(baseUrl, { scope: abScope, statuses, value, isEmpty: (r) => r.length === 0 });

  if (!ab) return null;
  const rows = view.value ?? [];
  const byKey = new Map(items.map((item) => [item.key, item]));

  return (
    <section role="region" aria-label={t.compare.summary.title} className="iw-panel iw-ab-summary" data-ab-summary="" data-state={view.state} data-stale={view.stale || undefined}>
      <h2 className="iw-panel-title">
        {t.compare.summary.title}: <span className="font-normal">{sideTag(ab, 'a')}</span> · <span className="font-normal">{sideTag(ab, 'b')}</span>
      </h2>
      <p className="iw-panel-desc">{t.fleetViews.abCaption(ab.label)}</p>
      {view.stale && <span className="iw-badge iw-badge-amber">{t.state.stale}</span>}
      {view.state === 'error' ? (
        <p className={view.reason?.kind === 'backend-down' ? 'iw-muted text-sm' : 'iw-error text-sm'}>{viewReasonText(view.reason, lang)}</p>
      ) : rows.length === 0 ? (
        <p className="iw-muted text-sm">{view.state === 'loading' ? t.compare.summary.loading : t.compare.summary.none}</p>
      ) : (
        <table className="iw-table text-sm">
          <thead>
            <tr>
              <th scope="col" className="iw-cell-text">{t.compare.summary.panel}</th>
              <th scope="col">{t.compare.summary.a}</th>
              <th scope="col">{t.compare.summary.b}</th>
              <th scope="col">{t.compare.summary.diff}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const item = byKey.get(r.key);
              if (!item) return null;
              const rest = item.panel.queries.length > 1 ? seriesRest({ labels: {} }, { legend: item.legend }) : '';
              const title = panelText(item.panel, catalog.engine, lang).title;
              const itemBounds = bounds.get(item.key);
              const figure = (v: number | null) => <Figure value={v} panel={item.panel} bounds={item.over === 'range' ? itemBounds : undefined} />;
              const floor = AB_FLOOR[item.panel.unit];
              return (
                <tr key={r.key} hidden={!all && i >= MAX_ROWS} data-row-key={r.key} data-over={item.over} data-small={r.small || undefined} data-a={r.a ?? undefined} data-b={r.b ?? undefined} data-diff={r.diff ?? undefined}>
                  <td className="iw-cell-text" title={item.over === 'range' ? t.fleetViews.abOverRange : t.fleetViews.abOverMean}>
                    {rest ? `${title} · ${rest}` : title}
                  </td>
                  <td className="text-right whitespace-nowrap">{figure(r.a)}</td>
                  <td className="text-right whitespace-nowrap">{figure(r.b)}</td>
                  <td
                    className={`text-right whitespace-nowrap ${r.small ? 'iw-muted' : 'font-medium'}`}
                    title={r.small && floor !== undefined ? t.fleetViews.abSmall(formatValue(floor, item.panel.unit, { locale })) : undefined}
                  >
                    {r.diff === null ? t.compare.summary.noFigure : formatDelta(r.diff, locale)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rows.length > MAX_ROWS && (
        <button type="button" className="iw-link-button text-xs" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? t.compare.summary.fewer : t.compare.summary.all(rows.length)}
        </button>
      )}
    </section>
  );
}

/** A figure as the tiles say it: the bucket's bound where the quantile is only that ("< 300 ms"). */
function Figure({ value, panel, bounds }: { value: number | null; panel: PanelSpec; bounds: readonly number[] | undefined }) {
  const t = useT();
  const { locale } = useDashboard();
  if (value === null) return <>{t.compare.summary.noFigure}</>;
  const bound = bounds ? tileBound(value, bounds, panel.unit, t.distribution, locale) : null;
  if (bound) return <span title={bound.title}>{bound.text}</span>;
  return <>{formatValue(value, panel.unit, { locale })}</>;
}
