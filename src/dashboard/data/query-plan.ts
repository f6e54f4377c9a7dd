// The query keys of the board in one place: the window and step, the filters, and each panel's and
// stat tile's expressions. The panels (use-panel-data.ts, stat-tile.tsx), the board (use-board.ts)
// and the boot path (src/app/first-screen/) all derive their range queries here, so the early
// requests of the first screen carry exactly the keys the panels will ask.
import type { ExpandedQuery } from '../../catalog';
import type { ExpandContext } from '../../catalog/promql';
import type { EngineCatalog, PanelSpec, QuerySpec, StatSpec } from '../../catalog/types';
import { preferRecorded } from '../../rules/recorded';
import { alignRange, computeStep, formatPromDuration, rateInterval } from '../../prometheus';
import { primaryContext, type CompareMode } from '../compare/legs';
import type { DashboardState } from '../url/url-state';
import { rangeProblem, resolveRange } from '../url/time-range';

export interface PanelQueryInfo {
  query: QuerySpec;
  expanded: ExpandedQuery | null;
  missing: string[];
}

const DEFAULT_SCRAPE_SEC = 15;

/**
 * One panel's width (px) from the board's content width (`main` inside its padding): two columns
 * from the md breakpoint (768 px), a panel is then half the row. The boot path estimates the same
 * from the viewport (src/app/first-screen/layout.ts).
 */
export function panelWidthOf(mainContentWidth: number): number {
  const w = mainContentWidth;
  return Math.max(200, Math.round(w >= 768 ? (w - 12) / 2 : w));
}

/** The range the board shows at `now`: the URL's, or the last hour when it cannot be used (`problem` says why). */
export function boardRange(state: Pick<DashboardState, 'from' | 'to'>, now: number): { problem: string | null; range: { startMs: number; endMs: number } } {
  const problem = rangeProblem({ from: state.from, to: state.to }, now);
  const range = (!problem && resolveRange({ from: state.from, to: state.to }, now)) || { startMs: now - 3_600_000, endMs: now };
  return { problem, range };
}

/** The step (from one panel's width and the scrape interval), the step-aligned bounds and the rate window. */
export function boardWindow(range: { startMs: number; endMs: number }, panelWidth: number, scrapeIntervalSec: number | null, rateOverride: string | null) {
  const scrapeSec = scrapeIntervalSec ?? DEFAULT_SCRAPE_SEC;
  const stepSec = computeStep({ startMs: range.startMs, endMs: range.endMs, widthPx: panelWidth, minStepSec: scrapeSec });
  const aligned = alignRange(range.startMs / 1000, range.endMs / 1000, stepSec);
  return { scrapeSec, stepSec, aligned, rate: rateFor(stepSec, scrapeIntervalSec, rateOverride) };
}

/** The rate window on a step (the URL's override, else from the step and the scrape interval). */
export function rateFor(stepSec: number, scrapeIntervalSec: number | null, rateOverride: string | null): string {
  return rateOverride ?? formatPromDuration(rateInterval({ stepSec, scrapeIntervalSec: scrapeIntervalSec ?? DEFAULT_SCRAPE_SEC }));
}

/** The label filters of the URL, under the catalog's label names. */
export function boardFilters(catalog: EngineCatalog, state: Pick<DashboardState, 'model' | 'instance' | 'rank' | 'cluster'>): Record<string, string[]> {
  const f: Record<string, string[]> = {
    [catalog.filterLabels.model]: state.model,
    [catalog.filterLabels.instance]: state.instance,
  };
  const rankLabel = catalog.filterLabels.rank[0];
  if (rankLabel) f[rankLabel] = state.rank;
  // A topology label: applies to every engine series (TOPOLOGY_LABELS in catalog/promql.ts).
  f.cluster = state.cluster;
  return f;
}

/** A panel's queries, expanded with this backend's names (or what is missing), recorded series preferred. */
export function panelQueries(panel: PanelSpec, catalog: EngineCatalog, base: ExpandContext | null, mode: CompareMode | null, metricNames: ReadonlySet<string> | null | undefined): PanelQueryInfo[] {
  if (!base || panel.notAvailable) return [];
  return panel.queries.map((query) => {
    // Recorded series only without a comparison: the second leg (an earlier window, side B, the
    // other engine) is raw, and both legs must be the same computation to be compared.
    const r = preferRecorded(query, catalog, primaryContext(mode, base), mode ? null : metricNames);
    return 'missing' in r ? { query, expanded: null, missing: r.missing } : { query, expanded: r, missing: [] };
  });
}

/** What a stat tile queries: its own query, or (`sumOf`) its panel's query, run exactly as the panel runs it. */
export function statSource(stat: StatSpec, catalog: EngineCatalog, by: string[]): { query: QuerySpec; by: string[]; summed: boolean } {
  const q = stat.sumOf && catalog.panels.find((p) => p.id === stat.sumOf?.panelId)?.queries.find((x) => x.id === stat.sumOf?.queryId);
  return q ? { query: q, by, summed: true } : { query: stat.query, by: [], summed: false };
}

type StatContext = Omit<ExpandContext, 'by' | 'range' | 'select'>;

/** A stat tile's expanded query (null when a metric is missing). */
export function statExpanded(source: { query: QuerySpec; by: string[] }, catalog: EngineCatalog, ctx: StatContext, metricNames: ReadonlySet<string> | null | undefined): ExpandedQuery | null {
  // Recorded series when the panel reads them too (same PromQL: one request still serves both).
  const r = preferRecorded(source.query, catalog, { resolved: ctx.resolved, filters: ctx.filters, rateInterval: ctx.rateInterval, by: source.by, gpuPeakFlops: ctx.gpuPeakFlops }, metricNames);
  return 'missing' in r ? null : r;
}

/** The expressions of a tile's parts (aborts, errors); a part with a missing metric is left out. */
export function statDetailExprs(stat: StatSpec, catalog: EngineCatalog, ctx: Omit<StatContext, 'gpuPeakFlops'>, metricNames: ReadonlySet<string> | null | undefined): string[] {
  if (!stat.details) return [];
  return stat.details.flatMap((d) => {
    const r = preferRecorded(d.query, catalog, { resolved: ctx.resolved, filters: ctx.filters, rateInterval: ctx.rateInterval, by: [] }, metricNames);
    return 'missing' in r ? [] : [r.expr];
  });
}
