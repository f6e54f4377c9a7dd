// Against the anchor, side by side (issue 32): Prometheus's own UI (web/ui/mantine-ui, built from
// its source: anchor-build.ts) and this board against one Prometheus with the same data (20
// simulated vLLM targets, the last hour backfilled), cold browser per load, alternating:
//   (a) our `panel=ttft&kiosk=1` embed (600×320) against the anchor's one graph of the same TTFT
//       p95 PromQL, opened by URL (/query?g0.expr=…&g0.tab=graph&g0.range_input=1h);
//   (b) our whole first screen (1440×900) against that same anchor graph;
//   (c) a bare page (anchor-serve.ts, barePage: one inline script, the same query, one canvas)
//       against that graph: the browser's own part of every load, the floor of both ratios;
//   (d) the stack floor (stack-floor/: React + TanStack Query + ECharts drawing that query, nothing
//       else, 600×320) against that graph: the floor of any page built on this board's libraries.
// "Drawn" = the chart's canvas has a non-transparent pixel (anchor-probe.ts). One JSON line per
// figure on stdout, the timelines of a median load of each side on stderr.
// Alone: `npm run build && npx tsx scripts/bench/anchor.ts`; in the bench: BENCH_DATASETS=anchor.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { preview } from 'vite';
import { startStack, type Stack } from '../lib/stack.ts';
import { ensureAnchorUi } from './anchor-build.ts';
import { type LoadKind, loadOnce, type LoadResult, timelineLines, VIEWPORTS } from './anchor-load.ts';
import { profileText } from './anchor-profile.ts';
import { buildDist } from './bundle.ts';
import { attributeProfile, attributionLines, meanAttribution, SourceResolver, type Attribution } from './attribute.ts';
import { type AnchorServer, BARE_PATH, serveAnchor, STACK_PATH } from './anchor-serve.ts';
import { launch } from './browser.ts';
import { buildStackFloor } from './stack-floor.ts';
import { waitForData } from './fleet.ts';
import { knob } from './options.ts';
import { median, progress, roundOrder, runAsScript, runCleanups, summarize } from './stats.ts';

const VLLM_TARGETS = 20;

/** `n` consecutive free loopback ports from `from` on (the simulated engines take consecutive ports). */
async function freeBlock(n: number, from: number): Promise<number> {
  const free = (port: number): Promise<boolean> =>
    new Promise((r) => {
      const s = createServer();
      s.once('error', () => r(false));
      s.listen(port, '127.0.0.1', () => s.close(() => r(true)));
    });
  for (let base = from; base < from + 2000; base += n) {
    let ok = true;
    for (let p = base; p < base + n && ok; p++) ok = await free(p);
    if (ok) return base;
  }
  throw new Error(`no ${n} consecutive free ports from ${from}`);
}

export interface AnchorSetup {
  anchor: AnchorServer;
  promUrl: string;
  commit: string;
  stop(): Promise<void>;
}

/**
 * The data and the anchor's server: a stack of 20 simulated vLLM targets (70 min backfilled at a
 * 15 s scrape, then live) with Prometheus on port+1, the anchor UI built or cached, served on `port`.
 */
export async function startAnchor(root: string, port: number): Promise<AnchorSetup> {
  const ui = ensureAnchorUi(join(root, '.cache'), knob('BENCH_ANCHOR_GIT'), progress);
  const vllmPort = await freeBlock(VLLM_TARGETS, 43_000);
  progress(`anchor: starting ${VLLM_TARGETS} simulated vLLM targets (:${vllmPort}…) and Prometheus :${port + 1}, 70 min backfill`);
  const stack: Stack = await startStack({ promPort: port + 1, engines: [{ id: 'vllm', port: vllmPort, instances: VLLM_TARGETS }], backfillMinutes: 70, scrapeInterval: '15s', log: (l) => progress(`anchor: ${l}`) });
  try {
    await waitForData(stack.promUrl, 'count(vllm:num_requests_running)', Date.now());
    const anchor = await serveAnchor(ui.dir, stack.promUrl, port, await buildStackFloor(join(root, '.cache')));
    progress(`anchor: Prometheus UI ${ui.commit.slice(0, 12)} at ${anchor.url}, proxying /api and /-/ to ${stack.promUrl}`);
    return { anchor, promUrl: stack.promUrl, commit: ui.commit, stop: async () => runCleanups([() => anchor.close(), () => stack.stop()]) };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

const METHOD = (runs: number, order: string): string =>
  `cold load per run (new browser context, no cache, service workers blocked), ${runs} rounds after one warm-up round, the loads of a round in rotating order (${order}); one Prometheus 2.42 with 20 simulated vLLM targets (70 min backfilled at 15 s, live scraping), reached by both pages through the same Node proxy (anchor-serve.ts); drawn = page time (performance.now()) of the first requestAnimationFrame in which the chart's canvas has a non-transparent pixel (ours: the canvas of [data-panel-id=ttft]; first screen: the latest such stamp over the first-screen ok panels, every tile settled; anchor: the uPlot canvas; bare page: its one canvas; stack floor: the ECharts canvas in its [data-panel-id=stack]); firstLeave/lastAnswer = Playwright request.timing() of the query_range requests; taskMs = CDP Performance TaskDuration from navigation to drawn; cpuMs = CDP Performance ThreadTime (the main thread's CPU time) from navigation to drawn`;

type Side = { median: number; min: number; max: number };
const side = (xs: number[]): Side => {
  const s = summarize('', xs, { unit: 'ms', method: '' });
  return { median: s.median, min: s.min, max: s.max };
};
const med = (rs: LoadResult[], f: (r: LoadResult) => number): number => Math.round(median(rs.map(f)));

function emitLine(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function figure(id: string, ours: LoadResult[], anchor: LoadResult[], runs: number, order: string, extra: { expr: string; wire?: string; [k: string]: unknown }): void {
  const o = summarize(id, ours.map((r) => r.drawn), { unit: 'ms', method: METHOD(runs, order) });
  const a = side(anchor.map((r) => r.drawn));
  // The TTFT p95 request itself (same PromQL on both sides): its step and how long Prometheus took to answer it.
  const p95 = (r: LoadResult): { step: number; ms: number } | undefined => {
    const q = r.ranges.find((x) => x.expr === extra.expr || (extra.wire !== undefined && x.expr === extra.wire));
    return q && { step: q.step, ms: q.end - q.start };
  };
  const timing = (rs: LoadResult[]): Record<string, number> => ({
    firstLeave: med(rs, (r) => r.firstLeave),
    lastAnswer: med(rs, (r) => r.lastAnswer),
    rangeRequests: med(rs, (r) => r.rangeRequests),
    taskMs: med(rs, (r) => r.taskMs),
    cpuMs: med(rs, (r) => r.cpuMs),
    browserCpuMs: med(rs, (r) => r.browserCpuMs),
    p95AnswerMs: med(rs, (r) => p95(r)?.ms ?? NaN),
    p95Step: med(rs, (r) => p95(r)?.step ?? NaN),
  });
  emitLine({ ...o, dataset: 'anchor', ours: { median: o.median, min: o.min, max: o.max, ...timing(ours) }, anchor: { ...a, ...timing(anchor) }, ratio: Math.round((o.median / a.median) * 100) / 100, ...extra });
  progress(
    `${id}: ours ${o.median} ms [${o.min}–${o.max}] vs anchor ${a.median} ms [${a.min}–${a.max}] = ${(o.median / a.median).toFixed(2)}×; main-thread CPU to drawn ours ${med(ours, (r) => r.cpuMs)} ms, anchor ${med(anchor, (r) => r.cpuMs)} ms; all of Chromium's CPU to drawn ours ${med(ours, (r) => r.browserCpuMs)} ms, anchor ${med(anchor, (r) => r.browserCpuMs)} ms`,
  );
}

const ALONE_REPEATS = 15;

/**
 * Median answer time (ms, body read) of each expression over the last hour at `step`, asked from
 * Node one at a time, alternating, after one unmeasured round.
 */
export async function aloneAnswers(promUrl: string, exprs: readonly string[], step: number): Promise<number[]> {
  const times: number[][] = exprs.map(() => []);
  for (let i = -1; i < ALONE_REPEATS; i++) {
    for (const [k, expr] of exprs.entries()) {
      const end = Math.floor(Date.now() / 1000);
      const body = new URLSearchParams({ query: expr, start: String(end - 3600), end: String(end), step: String(step) });
      const t0 = performance.now();
      const res = await fetch(`${promUrl}/api/v1/query_range`, { method: 'POST', body });
      await res.text();
      if (!res.ok) throw new Error(`alone: ${expr} answered ${res.status}`);
      if (i >= 0) times[k]!.push(performance.now() - t0);
    }
  }
  return times.map((t) => Math.round(median(t)));
}

/** The load nearest the median (its timeline is the one printed). */
function medianLoad(rs: LoadResult[]): LoadResult | undefined {
  const m = median(rs.map((r) => r.drawn));
  return [...rs].sort((x, y) => Math.abs(x.drawn - m) - Math.abs(y.drawn - m))[0];
}

/** The ratios (ours drawn ÷ the anchor's graph drawn) of issue 32. */
const TARGETS = { embed: 0.5, first: 0.7 } as const;

/**
 * `distDir`: the build `app` serves, whose source maps (`sourcemap: 'hidden'`) tell the profiled
 * loads' time by layer and by our module; without it (or its maps) only the phases are printed.
 */
export async function anchorBench(browser: Browser, app: string, setup: AnchorSetup, runs: number, distDir?: string): Promise<void> {
  const prom = encodeURIComponent(setup.anchor.url);
  const ours = {
    embed: `${app}/?prom=${prom}&panel=ttft&kiosk=1&from=now-1h&to=now&refresh=off`,
    first: `${app}/?prom=${prom}&from=now-1h&to=now&refresh=off`,
  };
  // Warm-up round (Prometheus's page cache, Chromium's code cache), not counted; our embed's
  // requests give the TTFT p95 PromQL the anchor's graph is opened with.
  const w = await loadOnce(browser, 'embed', ours.embed);
  progress(`anchor: our embed's range queries: ${w.exprs.join(' | ')}`);
  // Our client sends the three quantiles' shared bucket query (src/prometheus/bucket-quantile.ts):
  // the anchor graphs the p95 of it, as our panel shows it.
  const bucket = w.exprs.find((e) => /^sum by \(le\b/.test(e) && e.includes('time_to_first_token'));
  const expr = w.exprs.find((e) => e.includes('0.95')) ?? (bucket === undefined ? undefined : `histogram_quantile(0.95, ${bucket})`);
  if (!expr) throw new Error(`our ttft panel sent no p95 query (${w.exprs.join(' | ') || 'none'})`);
  // The same requests from Node with no page loading: what Prometheus needs for them alone. Against
  // the in-page answer times (p95AnswerMs) it says how much of those is the backend sharing the
  // machine's two cores with the page being loaded (on a deployment the backend has its own).
  const alone = await aloneAnswers(setup.promUrl, [bucket ?? expr, expr], w.ranges.find((q) => q.expr === (bucket ?? expr))?.step ?? 15);
  const urls: Record<LoadKind, string> = {
    ...ours,
    anchor: `${setup.anchor.url}/query?g0.expr=${encodeURIComponent(expr)}&g0.tab=graph&g0.range_input=1h`,
    // The floor: the same query drawn by a page that does nothing else (anchor-serve.ts, barePage).
    bare: `${setup.anchor.url}${BARE_PATH}?expr=${encodeURIComponent(expr)}`,
    // The floor of this board's libraries: the same query drawn by React + TanStack Query + ECharts alone.
    stack: `${setup.anchor.url}${STACK_PATH}?expr=${encodeURIComponent(expr)}`,
  };
  const kinds: LoadKind[] = ['embed', 'anchor', 'first', 'bare', 'stack'];
  const results: Record<LoadKind, LoadResult[]> = { embed: [], anchor: [], first: [], bare: [], stack: [] };
  const anchorCalls = new Map<string, number[]>();
  for (let round = -1; round < runs; round++) {
    // Over a multiple of five rounds each kind takes each place equally often.
    const order = roundOrder(kinds.length, round).map((i) => kinds[i] as LoadKind);
    for (const k of order) {
      if (k === 'anchor') setup.anchor.calls.length = 0;
      const r = await loadOnce(browser, k, urls[k]);
      if (k === 'anchor') for (const c of setup.anchor.calls) anchorCalls.set(c.path, [...(anchorCalls.get(c.path) ?? []), c.status]);
      if (round >= 0) results[k].push(r);
    }
    if (round >= 0)
      progress(
        `anchor round ${round + 1}/${runs}: embed ${results.embed.at(-1)?.drawn.toFixed(0)} ms, anchor ${results.anchor.at(-1)?.drawn.toFixed(0)} ms, first screen ${results.first.at(-1)?.drawn.toFixed(0)} ms, bare page ${results.bare.at(-1)?.drawn.toFixed(0)} ms, stack floor ${results.stack.at(-1)?.drawn.toFixed(0)} ms`,
      );
  }
  const order = 'our embed, the anchor graph, our first screen, the bare page, the stack floor';
  const common = { expr, ...(bucket !== undefined && !w.exprs.some((e) => e.includes('0.95')) ? { wire: bucket } : {}), anchorCommit: setup.commit, viewports: VIEWPORTS };
  const aloneMs = { oursAloneMs: alone[0], anchorAloneMs: alone[1] };
  figure('anchor-embed-vs-graph', results.embed, results.anchor, runs, order, { ...common, ...aloneMs, target: TARGETS.embed });
  figure('anchor-first-screen-vs-graph', results.first, results.anchor, runs, order, { ...common, ...aloneMs, target: TARGETS.first });
  // The bare page against the anchor: the best ratio any page could reach in this harness. Above it,
  // what each page adds to the browser's own part (the budgets are on the whole ratio).
  figure('anchor-bare-page-vs-graph', results.bare, results.anchor, runs, order, { ...common, ...aloneMs, target: null });
  // The stack floor against the anchor: the best ratio a page on React + TanStack Query + ECharts reaches here.
  figure('anchor-stack-floor-vs-graph', results.stack, results.anchor, runs, order, { ...common, ...aloneMs, target: null });
  const drawnMedian = (k: LoadKind): number => med(results[k], (r) => r.drawn);
  const bare = drawnMedian('bare');
  progress(
    `anchor: above the bare page (${bare} ms): our embed +${drawnMedian('embed') - bare} ms, our first screen +${drawnMedian('first') - bare} ms, the anchor +${drawnMedian('anchor') - bare} ms, the stack floor +${drawnMedian('stack') - bare} ms; the embed's 0.5 × needs it drawn by ${Math.round(drawnMedian('anchor') / 2)} ms`,
  );
  progress(`anchor: above the stack floor (${drawnMedian('stack')} ms): our embed +${drawnMedian('embed') - drawnMedian('stack')} ms (what our code adds to its libraries' least)`);
  progress(`anchor: the p95's request answered alone (from Node, no page loading, median of ${ALONE_REPEATS}): ours ${alone[0]} ms, the anchor's ${alone[1]} ms`);
  // Which API calls of the anchor the Prometheus behind it does not answer.
  const calls = [...anchorCalls].map(([path, st]) => ({ path, requests: st.length, statuses: [...new Set(st)].sort() }));
  emitLine({ figure: 'anchor-api-calls', dataset: 'anchor', unit: 'requests', calls, unanswered: calls.filter((c) => c.statuses.some((s) => s >= 400)).map((c) => c.path), method: 'every /api and /-/ request the anchor page sent through the proxy, over all its loads, with the statuses Prometheus answered' });
  for (const k of ['embed', 'anchor'] as const) {
    const r = medianLoad(results[k]);
    if (r) progress(`timeline of the ${k === 'embed' ? 'our embed' : 'anchor'} load nearest the median (ms since navigation):\n${timelineLines(r).map((l) => `  ${l}`).join('\n')}`);
  }
  // Where the time goes, not counted: CPU-profiled (or traced) loads of each of our pages whose
  // ratio misses its budget (or of BENCH_ANCHOR_PROFILE_KIND, BENCH_ANCHOR_PROFILE times), told by
  // layer and by our calling module through the build's source maps, and phase by phase.
  const dump = knob('BENCH_ANCHOR_PROFILE_DUMP');
  if (dump) mkdirSync(dump, { recursive: true });
  const anchorDrawn = drawnMedian('anchor');
  const over = (['embed', 'first'] as const).filter((k) => drawnMedian(k) / anchorDrawn > TARGETS[k]);
  const asked = knob('BENCH_ANCHOR_PROFILE');
  const chosen = knob('BENCH_ANCHOR_PROFILE_KIND') as 'embed' | 'first' | undefined;
  const profiled = chosen !== undefined ? [chosen] : asked !== undefined ? ['embed' as const] : over;
  const count = asked ?? 2;
  const trace = dump !== undefined && knob('BENCH_ANCHOR_TRACE');
  const resolver = distDir !== undefined ? new SourceResolver(distDir) : null;
  for (const kind of profiled) {
    const name = kind === 'first' ? 'first screen' : 'embed';
    const whole: Attribution[] = [];
    for (let i = 0; i < count; i++) {
      const r = await loadOnce(browser, kind, urls[kind], !trace, trace ? join(dump, `${kind}-${i + 1}.trace.json`) : undefined);
      if (dump && r.profile) {
        writeFileSync(join(dump, `${kind}-${i + 1}-nav-${Math.round(r.profile.navStartUs)}.cpuprofile`), JSON.stringify(r.profile.cpu));
      }
      if (resolver && r.profile) whole.push(attributeProfile(r.profile.cpu, resolver, { fromUs: r.profile.navStartUs, toUs: r.profile.navStartUs + r.drawn * 1000 }));
      progress(`profiled ${name} load ${i + 1} (drawn at ${Math.round(r.drawn)} ms; the profiler slows it):\n${profileText(r)}\n${timelineLines(r).map((l) => `  ${l}`).join('\n')}`);
    }
    if (whole.length > 0) {
      const verdict = over.includes(kind) ? `over its ${TARGETS[kind]} × budget` : 'asked for';
      progress(`where our ${name}'s main-thread time goes, navigation → drawn (${verdict}; mean of ${whole.length} profiled loads):\n${attributionLines(meanAttribution(whole)).join('\n')}`);
    }
  }
}

async function alone(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  const port = knob('BENCH_ANCHOR_PORT');
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    // The current source, built as `npm run bench` builds it (source maps beside it, never served),
    // unless BENCH_DIST names a build to measure.
    let dist = knob('BENCH_DIST');
    if (dist === undefined) {
      dist = join(root, '.cache', 'anchor-dist');
      progress(`building the app (vite build) into ${dist}`);
      await buildDist(dist);
    }
    const server = await preview({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist }, preview: { port: port + 2, strictPort: true, host: '127.0.0.1' } });
    cleanups.push(() => new Promise<void>((r) => server.httpServer.close(() => r())));
    const setup = await startAnchor(root, port);
    cleanups.unshift(() => setup.stop());
    const browser = await launch();
    cleanups.unshift(() => browser.close());
    await anchorBench(browser, `http://127.0.0.1:${port + 2}`, setup, knob('BENCH_ANCHOR_RUNS'), dist);
  } finally {
    await runCleanups(cleanups);
  }
}

runAsScript(import.meta.url, alone);
