// Runs a table panel's columns — one instant query per column at the end of the range, for all rows
// at once — and turns the answers into rows through the same state machine as charts and tiles.
import { useMemo } from 'react';
import { expandQuery, type ExpandedQuery } from '../../catalog';
import type { ColumnSpec, EngineCatalog, PanelSpec } from '../../catalog/types';
import type { QueryAnswer } from '../../prometheus';
import { useLang } from '../../i18n';
import { isBackendWide } from '../backend/errors';
import { useBackendHealth } from '../backend/health';
import { compareShiftSec, shiftWindow, withDeltas } from '../compare/compare';
import { rangeSeconds, summaryWindow, useDashboard, type DashboardContextValue, type QueryWindow } from '../data/context';
import { buildRows, markOutliers, type ColumnAnswers, type RowLabels, type TableRow } from './table-data';
import { useQueryAnswers } from '../data/use-query-answers';
import { useView, type PanelState, type QueryStatus } from '../data/view-state';
import { viewReasonText } from '../data/view-text';
import type { PanelQueryInfo } from '../data/use-panel-data';

export interface ColumnInfo {
  column: ColumnSpec;
  expanded: ExpandedQuery | null;
  /** Series names looked for when the column cannot be computed here, and the flag that enables them. */
  missingNames: string[];
  enabledBy: string | undefined;
}

export interface TableData {
  state: PanelState;
  rows: TableRow[];
  columns: ColumnInfo[];
  /** For the PromQL dialog: one entry per column. */
  queries: PanelQueryInfo[];
  reason: string | null;
  stale: boolean;
  backendDown: boolean;
  fetching: boolean;
}

const NO_EXPRS: readonly string[] = [];

export function rowLabelsFor(panel: PanelSpec, catalog: EngineCatalog): RowLabels {
  return panel.table?.rows === 'instance'
    ? { primary: catalog.filterLabels.instance, rank: catalog.filterLabels.rank }
    : { primary: catalog.filterLabels.model, rank: [] };
}

function vectorOf(a: QueryAnswer | undefined) {
  return a && a.result.resultType === 'vector' ? a.result.result : [];
}

/** One table's answers: the summary-grid queries, then the live ones, as one list. */
function useTableAnswers(
  client: DashboardContextValue['client'],
  baseUrl: string,
  summaryExprs: readonly string[],
  summaryWindow: QueryWindow,
  liveExprs: readonly string[],
  liveWindow: QueryWindow,
  enabled: boolean,
): { statuses: QueryStatus[]; answers: Array<QueryAnswer | undefined> } {
  const a = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: summaryExprs, window: summaryWindow, enabled });
  const b = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: liveExprs, window: liveWindow, enabled, atWindowEnd: true });
  return useMemo(
    () => (b.answers.length === 0 ? a : { statuses: [...a.statuses, ...b.statuses], answers: [...a.answers, ...b.answers] }),
    [a, b],
  );
}

export function useTableData(panel: PanelSpec, enabled: boolean): TableData {
  const ctx = useDashboard();
  const lang = useLang();
  const { resolved, filters, rateInterval, gpuPeakFlops, catalog, client, baseUrl } = ctx;
  // Totals over the range: the summary grid (about once a minute for an hour), not every step.
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const spec = panel.table;
  const labels = useMemo(() => rowLabelsFor(panel, catalog), [panel, catalog]);
  const range = rangeSeconds(w);

  const columns: ColumnInfo[] = useMemo(() => {
    if (!resolved || !spec) return [];
    const by = [labels.primary, ...labels.rank];
    return spec.columns.map((column) => {
      if (column.notAvailable) return { column, expanded: null, missingNames: [], enabledBy: undefined };
      const r = expandQuery(column.query, catalog, { resolved, filters, rateInterval, by, gpuPeakFlops: gpuPeakFlops ?? undefined, range });
      if (!('missing' in r)) return { column, expanded: r, missingNames: [], enabledBy: undefined };
      const metrics = r.missing.flatMap((id) => catalog.metrics[id] ?? []);
      return { column, expanded: null, missingNames: metrics.map((m) => m.variants[0] ?? m.id), enabledBy: metrics[0]?.enabledBy };
    });
  }, [resolved, spec, labels, catalog, filters, rateInterval, gpuPeakFlops, range]);

  const runnable = useMemo(() => columns.filter((c): c is ColumnInfo & { expanded: ExpandedQuery } => c.expanded !== null), [columns]);
  // Columns with the same PromQL (the labels of one info gauge) share one request. Live columns
  // (is it up now) are asked at the window's end, the others on the summary grid: answers are
  // indexed summary first, then live.
  const { summaryExprs, liveExprs, exprIndex } = useMemo(() => {
    const summary = [...new Set(runnable.filter((c) => !c.column.live).map((c) => c.expanded.expr))];
    const live = [...new Set(runnable.filter((c) => c.column.live).map((c) => c.expanded.expr))];
    return {
      summaryExprs: summary,
      liveExprs: live,
      exprIndex: runnable.map((c) => (c.column.live ? summary.length + live.indexOf(c.expanded.expr) : summary.indexOf(c.expanded.expr))),
    };
  }, [runnable]);
  const on = enabled && !!spec;
  const now = useTableAnswers(client, baseUrl, summaryExprs, w, liveExprs, ctx.window, on);
  const { statuses, answers } = now;

  // Compare mode (model table): the same columns at end − d, for a change figure in every cell.
  const shiftSec = spec?.rows === 'model' ? compareShiftSec(ctx.state.compare) : null;
  const earlierSummary = useMemo(() => (shiftSec === null ? w : shiftWindow(w, shiftSec)), [w, shiftSec]);
  const earlierLive = useMemo(() => (shiftSec === null ? ctx.window : shiftWindow(ctx.window, shiftSec)), [ctx.window, shiftSec]);
  const earlier = useTableAnswers(
    client,
    baseUrl,
    shiftSec === null ? NO_EXPRS : summaryExprs,
    earlierSummary,
    shiftSec === null ? NO_EXPRS : liveExprs,
    earlierLive,
    on,
  );

  const rows = useMemo((): TableRow[] | null => {
    if (!spec || answers.some((a, i) => a === undefined && !statuses[i]?.error)) return null;
    const build = (as: ReadonlyArray<QueryAnswer | undefined>) => {
      const byColumn: ColumnAnswers = {};
      for (const c of columns) byColumn[c.column.id] = null;
      runnable.forEach((c, i) => {
        byColumn[c.column.id] = vectorOf(as[exprIndex[i] ?? -1]);
      });
      return buildRows(spec, labels, byColumn);
    };
    const built = build(answers);
    if (spec.rows === 'instance') markOutliers(built, spec.columns, (r) => r.cells.model?.text ?? '');
    if (shiftSec === null) return built;
    // The deltas follow when the earlier answers are in; the table does not wait for them.
    if (earlier.answers.some((a) => a === undefined)) return built;
    return withDeltas(built, build(earlier.answers), spec.columns);
  }, [spec, answers, statuses, columns, runnable, exprIndex, labels, shiftSec, earlier.answers]);

  const healthDown = useBackendHealth(baseUrl).unreachable;
  const view = useView({ scope: baseUrl, statuses, value: rows, isEmpty: (r) => r.length === 0, backendDown: healthDown, isBackendWide });
  const queries = useMemo(
    () => columns.map((c) => ({ query: { ...c.column.query, legend: c.column.title }, expanded: c.expanded, missing: c.missingNames })),
    [columns],
  );

  const base = { columns, queries, rows: [], reason: null, stale: false, backendDown: false, fetching: false };
  if (!resolved && ctx.namesFailed) return { ...base, state: 'error', reason: viewReasonText({ kind: 'backend-down' }, lang), backendDown: true };
  if (!resolved || !spec) return { ...base, state: 'loading' };
  if (runnable.length === 0) return { ...base, state: 'unavailable' };
  return {
    ...base,
    state: view.state,
    rows: view.value ?? [],
    reason: viewReasonText(view.reason, lang),
    stale: view.stale,
    backendDown: view.reason?.kind === 'backend-down',
    fetching: view.fetching,
  };
}
