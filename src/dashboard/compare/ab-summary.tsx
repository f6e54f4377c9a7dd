// The "A vs B" region of an A/B comparison: the core panels whose range means differ most between
// the two selections, with the numbers. It runs the very expressions the panels run for A and B
// (same strings, same window: one cache entry each, shared with the panels when they come into
// view), for the core panels only (PRODUCT.md §4), so the summary costs at most their queries.
import { useMemo, useState } from 'react';
import { expandQuery, type ExpandContext, type ExpandedQuery } from '../../catalog';
import type { PanelSpec } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { panelText } from '../../i18n/catalog-text';
import { formatValue } from '../../lib/units';
import type { RangeQueryAnswer } from '../../prometheus';
import { formatDelta } from './compare';
import { rankDifferences, seriesRest, sideTag, type AbRow } from './ab';
import { primaryContext, secondLeg } from './legs';
import { CORE_PANEL_IDS } from '../../catalog/core-panels';
import { useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { useBackendView } from '../data/use-backend-view';
import { viewReasonText } from '../data/view-text';

/** The logical panels every engine has (PRODUCT.md §4): what an A/B is usually about. */
export const AB_SUMMARY_PANELS = CORE_PANEL_IDS;

/** Rows shown at first: the largest differences; the rest behind "Show all". */
const MAX_ROWS = 8;

interface Item {
  panel: PanelSpec;
  queryId: string;
  legend: string;
  expr: string;
}

/** The mean of the one series an A/B side's query returns over the range (null: none, or not one). */
function answerMean(answer: RangeQueryAnswer | undefined): number | null {
  const only = answer?.result.length === 1 ? answer.result[0] : undefined;
  if (!only) return null;
  const values = only.values.map(([, v]) => Number(v)).filter(Number.isFinite);
  return values.length === 0 ? null : values.reduce((a, v) => a + v, 0) / values.length;
}

export function AbSummary() {
  const t = useT();
  const lang = useLang();
  const { state, catalog, resolved, resolvedBy, filters, rateInterval, by, gpuPeakFlops, window: w, client, baseUrl, locale } = useDashboard();
  const ab = state.ab;
  const [all, setAll] = useState(false);

  const items = useMemo((): { a: Item[]; b: Item[] } => {
    if (!ab || !resolved) return { a: [], b: [] };
    const mode = { kind: 'ab' as const, ab };
    const base: ExpandContext = { resolved, filters, rateInterval, by, gpuPeakFlops: gpuPeakFlops ?? undefined };
    const a: Item[] = [];
    const b: Item[] = [];
    for (const id of AB_SUMMARY_PANELS) {
      const panel = catalog.panels.find((p) => p.id === id);
      if (!panel || panel.notAvailable) continue;
      const second = new Map(secondLeg(mode, panel, catalog, base, state, resolvedBy).queries.map((q) => [q.query.id.replace(/^b~/, ''), q.expanded]));
      for (const query of panel.queries) {
        const first = expandQuery(query, catalog, primaryContext(mode, base));
        const other: ExpandedQuery | undefined = second.get(query.id);
        if ('missing' in first || !other) continue;
        a.push({ panel, queryId: query.id, legend: query.legend, expr: first.expr });
        b.push({ panel, queryId: query.id, legend: query.legend, expr: other.expr });
      }
    }
    return { a, b };
  }, [ab, resolved, resolvedBy, catalog, filters, rateInterval, by, gpuPeakFlops, state]);

  const exprsA = useMemo(() => items.a.map((i) => i.expr), [items]);
  const exprsB = useMemo(() => items.b.map((i) => i.expr), [items]);
  const enabled = ab !== null;
  const answersA = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: exprsA, window: w, enabled });
  const answersB = useQueryAnswers({ kind: 'range', client, baseUrl, exprs: exprsB, window: w, enabled });

  // One state machine with the panels: the last rows stay while a refresh loads, and marked stale
  // while the backend does not answer.
  const statuses = useMemo(() => [...answersA.statuses, ...answersB.statuses], [answersA.statuses, answersB.statuses]);
  const value = useMemo((): AbRow[] | null => {
    if (statuses.some((st) => !st.hasData && !st.error)) return null;
    return rankDifferences(
      items.a.map((item, i) => ({
        key: `${item.panel.id}/${item.queryId}`,
        panelId: item.panel.id,
        queryId: item.queryId,
        a: answerMean(answersA.answers[i]),
        b: answerMean(answersB.answers[i]),
      })),
    ).filter((r) => r.diff !== null);
  }, [statuses, items, answersA.answers, answersB.answers]);
  const abScope = ab ? `${ab.label}\n${ab.a.join(',')}\n${ab.b.join(',')}` : '';
  const view = useBackendView(baseUrl, { scope: abScope, statuses, value, isEmpty: (r) => r.length === 0 });

  if (!ab) return null;
  const rows = view.value ?? [];
  const byKey = new Map(items.a.map((item) => [`${item.panel.id}/${item.queryId}`, item]));
  const fmt = (v: number | null, panel: PanelSpec) => (v === null ? t.compare.summary.noFigure : formatValue(v, panel.unit, { locale }));

  return (
    <section role="region" aria-label={t.compare.summary.title} className="iw-panel iw-ab-summary" data-ab-summary="" data-state={view.state} data-stale={view.stale || undefined}>
      <h2 className="iw-panel-title">
        {t.compare.summary.title}: <span className="font-normal">{sideTag(ab, 'a')}</span> · <span className="font-normal">{sideTag(ab, 'b')}</span>
      </h2>
      <p className="iw-panel-desc">{t.compare.summary.caption(ab.label)}</p>
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
              return (
                <tr key={r.key} hidden={!all && i >= MAX_ROWS} data-row-key={r.key} data-a={r.a ?? undefined} data-b={r.b ?? undefined} data-diff={r.diff ?? undefined}>
                  <td className="iw-cell-text">{rest ? `${title} · ${rest}` : title}</td>
                  <td className="text-right whitespace-nowrap">{fmt(r.a, item.panel)}</td>
                  <td className="text-right whitespace-nowrap">{fmt(r.b, item.panel)}</td>
                  <td className="text-right whitespace-nowrap font-medium">{r.diff === null ? t.compare.summary.noFigure : formatDelta(r.diff, locale)}</td>
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
