// The first screen's range queries, derived before React renders from what the app will derive
// them from: the URL state (with config.json's defaults), the clock the app starts with, the early
// discovery's answers (names, scrape interval, recorded series) and a panel width estimated from the
// viewport. Every key comes from src/dashboard/data/query-plan.ts, as the panels' own do.
import { catalogs, detectEngine, ENGINES, presenceNames, resolveEngines } from '../../catalog';
import { SECTION_IDS, type PanelSpec } from '../../catalog/types';
import { sectionPanels } from '../../dashboard/board/section-panels';
import { boardFilters, boardRange, boardWindow, panelQueries, statDetailExprs, statExpanded, statSource } from '../../dashboard/data/query-plan';
import type { DashboardState } from '../../dashboard/url/url-state';
import { estimatePanelWidth, panelsAboveFold, type Viewport } from './layout';

export interface RangeJob {
  expr: string;
  start: number;
  end: number;
  step: number;
}

export interface FirstScreenInput {
  /** The app's first state: the URL over config.json's defaults (app.tsx, `firstState`). */
  state: DashboardState;
  /** The clock the app starts with (App's `bootNow`). */
  now: number;
  names: ReadonlySet<string>;
  /** From targets or config; null (unknown there) leaves the first screen to the app, which measures it from samples. */
  scrapeIntervalSec: number | null;
  recorded: ReadonlySet<string>;
  viewport: Viewport;
}

/** A panel drawn as a line, band or heatmap chart from range queries (tables, distributions and latest bars ask instant ones). */
const rangeChart = (p: PanelSpec): boolean => p.chart !== 'table' && p.chart !== 'distribution' && p.chart !== 'latest' && p.notAvailable === undefined;

export interface FirstScreen {
  /** The chart panels above the fold that draw from range queries (the panel alone when `panel=` names one). */
  panels: PanelSpec[];
  /** Their range queries and the stat tiles', once each. */
  jobs: RangeJob[];
}

const NONE: FirstScreen = { panels: [], jobs: [] };

/**
 * The chart panels that start above the fold, and the range queries of the stat tiles and of those
 * panels, once each. Nothing where the early path does not guess: a comparison (its second legs), a
 * panel alone that is not a catalog panel, an unknown scrape interval, an engine with none of its names.
 */
export function planFirstScreen({ state, now, names, scrapeIntervalSec, recorded, viewport }: FirstScreenInput): FirstScreen {
  if (state.compare || state.ab || scrapeIntervalSec === null) return NONE;
  const resolvedBy = resolveEngines(ENGINES, names);
  // As useBackend before the instance counts are in (they are asked after the first screen).
  const engine = state.engine ?? detectEngine(ENGINES, presenceNames(ENGINES, resolvedBy), null);
  const catalog = catalogs[engine];
  const resolved = resolvedBy[engine];
  const single = state.panel ? catalog.panels.find((p) => p.id === state.panel) : undefined;
  if (state.panel && !single) return NONE;

  const { range } = boardRange(state, now);
  const width = estimatePanelWidth(viewport, { kind: single ? 'single' : 'board', kiosk: state.kiosk });
  const { stepSec, aligned, rate } = boardWindow(range, width, scrapeIntervalSec, state.rate);
  const filters = boardFilters(catalog, state);
  const by = [catalog.filterLabels.model];
  // No GPU peak: an MFU query then lacks it and is left to the app (no other query reads it).
  const base = { resolved, filters, rateInterval: rate, by, gpuPeakFlops: undefined, range: undefined };

  const exprs: string[] = [];
  const panels: PanelSpec[] = [];
  if (single) panels.push(single);
  else {
    for (const stat of catalog.stats) {
      const expanded = statExpanded(statSource(stat, catalog, by), catalog, base, recorded);
      if (expanded) exprs.push(expanded.expr);
      exprs.push(...statDetailExprs(stat, catalog, base, recorded));
    }
    const overview = catalog.panels.filter((p) => p.section === 'overview');
    const firstOpen = SECTION_IDS.findIndex((sid) => !state.collapsed.includes(sid));
    const sid = SECTION_IDS[firstOpen];
    const shown = sid ? sectionPanels(catalog.panels, sid, resolved).shown : [];
    const n = panelsAboveFold({ vp: viewport, kiosk: state.kiosk, tiles: catalog.stats.length + (catalog.absentStats?.length ?? 0), overview: overview.length, collapsedBefore: Math.max(0, firstOpen) });
    panels.push(...overview, ...shown.slice(0, n));
  }
  const charts = panels.filter(rangeChart);
  for (const p of charts) for (const q of panelQueries(p, catalog, base, null, recorded)) if (q.expanded) exprs.push(q.expanded.expr);
  return { panels: charts, jobs: [...new Set(exprs)].map((expr) => ({ expr, start: aligned.start, end: aligned.end, step: stepSec })) };
}
