import { describe, expect, it } from 'vitest';
import { currentSeries } from '../../../test-support/catalog';
import { catalogs, resolveEngines, ENGINES } from '../../catalog';
import { boardFilters, boardRange, boardWindow, panelQueries, statExpanded, statSource } from '../../dashboard/data/query-plan';
import { DEFAULT_STATE, parseUrlState } from '../../dashboard/url/url-state';
import { estimatePanelWidth, panelsAboveFold } from './layout';
import { planFirstScreen, type FirstScreenInput } from './plan';

const NOW = 1_800_000_000_000;
const firstScreenJobs = (i: FirstScreenInput) => planFirstScreen(i).jobs;
const VP = { width: 1440, height: 900, scrollbar: 0 };
const names = new Set(currentSeries('vllm'));
const input = (search: string, over: Partial<FirstScreenInput> = {}): FirstScreenInput => ({
  state: parseUrlState(search).state,
  now: NOW,
  names,
  scrapeIntervalSec: 5,
  recorded: new Set(),
  viewport: VP,
  ...over,
});

describe('the first screen estimate', () => {
  it('takes one panel width from the viewport as usePanelWidth measures it (1440 px: main 1412 px, a panel 700)', () => {
    expect(estimatePanelWidth(VP, { kind: 'board', kiosk: false })).toBe(700);
    expect(estimatePanelWidth({ ...VP, scrollbar: 15 }, { kind: 'board', kiosk: false })).toBe(693);
    // A kiosk panel alone is the frame (4 px padding, no scrollbar); one column below 768 px of content.
    expect(estimatePanelWidth({ ...VP, scrollbar: 15 }, { kind: 'single', kiosk: true })).toBe(710);
    expect(estimatePanelWidth({ width: 390, height: 844, scrollbar: 0 }, { kind: 'board', kiosk: false })).toBe(362);
  });

  it('counts the panels of the first open section that start above the fold (measured: 3 rows at 1440×900, 2 at 1024×768)', () => {
    const at = (width: number, height: number, collapsedBefore = 0) => panelsAboveFold({ vp: { width, height, scrollbar: 0 }, kiosk: false, tiles: 10, overview: 1, collapsedBefore });
    expect(at(1440, 900)).toBe(6);
    expect(at(1024, 768)).toBe(4);
    expect(at(390, 844)).toBeLessThanOrEqual(1);
    expect(at(1440, 900, 5)).toBeLessThan(6);
  });
});

describe('firstScreenJobs', () => {
  it('asks exactly the keys the tiles and panels derive, once each', () => {
    const jobs = firstScreenJobs(input('?engine=vllm&from=now-1h&to=now'));
    const catalog = catalogs.vllm;
    const { range } = boardRange(DEFAULT_STATE, NOW);
    const { stepSec, aligned, rate } = boardWindow(range, 700, 5, null);
    const resolved = resolveEngines(ENGINES, names).vllm;
    const base = { resolved, filters: boardFilters(catalog, DEFAULT_STATE), rateInterval: rate, by: [catalog.filterLabels.model], gpuPeakFlops: undefined, range: undefined };
    const requestRate = catalog.panels.find((p) => p.id === 'request-rate')!;
    const panelExpr = panelQueries(requestRate, catalog, base, null, new Set())[0]?.expanded?.expr;
    const tile = statExpanded(statSource(catalog.stats[0]!, catalog, base.by), catalog, base, new Set())?.expr;
    const exprs = jobs.map((j) => j.expr);
    expect(exprs).toContain(panelExpr);
    expect(exprs).toContain(tile);
    expect(new Set(exprs).size).toBe(exprs.length);
    for (const j of jobs) expect(j).toMatchObject({ start: aligned.start, end: aligned.end, step: stepSec });
    // Only what is above the fold: far fewer than the board's range queries.
    expect(jobs.length).toBeLessThan(30);
  });

  it('follows the state it is given: a config.json default range and a rate window override', () => {
    const defaults = { ...DEFAULT_STATE, from: 'now-6h' };
    const jobs = firstScreenJobs(input('?engine=vllm&rate=2m', { state: parseUrlState('?engine=vllm&rate=2m', defaults).state }));
    expect(jobs[0]!.end - jobs[0]!.start).toBeGreaterThan(5.9 * 3600);
    expect(jobs.every((j) => !j.expr.includes('[20s]'))).toBe(true);
    expect(jobs.some((j) => j.expr.includes('[2m]'))).toBe(true);
  });

  it('a panel alone asks only that panel', () => {
    const jobs = firstScreenJobs(input('?engine=vllm&panel=ttft&kiosk=1'));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.expr.includes('time_to_first_token'))).toBe(true);
    // The panel it will draw (start.tsx asks its lazy chunk with these queries).
    expect(planFirstScreen(input('?engine=vllm&panel=ttft&kiosk=1')).panels.map((p) => p.id)).toEqual(['ttft']);
  });

  it('names the chart panels of the board it asks for, none of them a table or a distribution', () => {
    const { panels, jobs } = planFirstScreen(input('?engine=vllm&from=now-1h&to=now'));
    expect(panels.length).toBeGreaterThan(0);
    expect(panels.every((p) => p.chart !== 'table' && p.chart !== 'distribution')).toBe(true);
    expect(jobs.length).toBeGreaterThan(panels.length);
  });

  it('guesses nothing for a comparison, an unknown panel or an unknown scrape interval', () => {
    expect(firstScreenJobs(input('?engine=vllm&compare=1h'))).toEqual([]);
    expect(firstScreenJobs(input('?engine=vllm&panel=no-such-panel'))).toEqual([]);
    expect(firstScreenJobs(input('?engine=vllm', { scrapeIntervalSec: null }))).toEqual([]);
  });
});
