// Every figure the bench prints, in one table: its id, unit and method (the exact prose repeated
// on each line, so that a line stands on its own). A method that names a run's parameters (runs,
// ticks, an idle rate) is a function of them. The modules measure and pass only numbers:
// `measured(id, values, extra, args)` summarizes runs, `stated(id, stats, extra, args)` gives a
// figure whose median/min/max are not a summary over runs, `single` one value.
import { summarize, type Figure } from './stats.ts';

const loadRange = (runs: number): string => `absolute range [end-1h, end] (from/to epoch ms in the URL), viewport 1440x900, new browser context per run, ${runs} runs after 1 warm-up`;

/** The refresh figures (scripts/bench.ts, Playwright's fake clock). */
const REFRESH =
  'refresh = one tick of the 5 s refresh clock (refresh=5s, from=now-1h&to=now), driven by Playwright page.clock.fastForward(5000) (Date.now() moves 5 s, the interval fires once); then wait until no query_range is in flight and two frames are drawn. The window is aligned to the 15 s step, so 1 tick in 3 changes it. Ticks 11..N, viewport at the top, all sections open';
const refreshBusy = (a: { idleRate: number }): string =>
  `${REFRESH}; CDP Performance.getMetrics TaskDuration delta across the tick, minus the idle baseline (TaskDuration per wall second measured over 3 s without ticks: ${a.idleRate.toFixed(1)} ms/s, the zrender rAF loops run through the fake clock) × the tick's wall time`;

/** The raw-mode refresh figures (raw-refresh-figures.ts). */
const RAW =
  'raw mode: a bare CDP client over --remote-debugging-pipe (no Playwright; only the Performance domain on, so no Network-domain initiator capture on the main thread); refresh=1m, from=now-1h&to=now; one tick = Date moved 5 s by an injected offset + the refresh clock\'s own catch-up (visibilitychange), then wait until no query_range is open (fetch wrapper + PerformanceObserver resource entries) and two frames are drawn; ticks 11..N, viewport 1440x900 at the top, all sections open; busy = CDP Performance.getMetrics TaskDuration delta minus the idle rate × wall time';

type CompareArgs = { params: string; endMs: number };
const compare = (a: CompareArgs): string =>
  `one cold load per run (new browser context) of ${a.params || 'no compare'}, engine=vllm, absolute hour ending ${new Date(a.endMs).toISOString()}, viewport 1440x900, scrolled to the bottom until every panel settled; query_range requests counted with page.on("request"), distinct = distinct request bodies (expression, start, end, step)`;
const compareDuplicates = (a: CompareArgs): string => `${compare(a)}; requests − distinct (0 = one request per distinct query)`;

const layers =
  (what: string) =>
  (a: { runs: number }): string =>
    `${what}; board on engine=vllm, now-1h with Date.now pinned to the fleet's end, refresh off; three Prometheus servers with the same fleet (alone, + a production-stack router over the 200 vLLM instances, + DCGM and kube-state-metrics under all 250), loaded in turn, ${a.runs} rounds after a warm-up round (scripts/bench/layers.ts)`;
const tablesRange = (runs: number): string =>
  `absolute range [end-1h, end] of the fleet (200 vLLM + 50 SGLang instances, history only: no \`up\`, process start or cache_config_info series), the table alone (panel=<id>), viewport 1440x900, new browser context per run, ${runs} runs after 1 warm-up`;
const TABLE_SYNC =
  'main-thread CPU time (CDP Performance.getMetrics ThreadTime, timeDomain threadTicks) from before element.click() to after React’s commit (a discrete event’s update renders in a microtask) and a forced style+layout (offsetHeight), read in the page; wallMedian: performance.now() around the same, which on the shared machine includes waiting for a core';
const tableClick =
  (what: string) =>
  (a: { runs: number }): string =>
    `${what}: ${TABLE_SYNC}; ${tablesRange(a.runs)}`;

const rulesRange = (runs: number): string =>
  `absolute range [end-1h, end] of the fleet (from/to in the URL), viewport 1440x900, new browser context per load, raw and recorded backends loaded back to back alternating, ${runs} runs after 1 warm-up each; machine shared with other jobs`;

interface Spec {
  unit: string;
  method: string | ((args: never) => string);
}

export const FIGURES = {
  // Build (scripts/bench.ts, bundle.ts)
  'initial-js-css-gzip': { unit: 'bytes', method: 'vite build; files referenced by index.html (entry script, modulepreload, stylesheet), the board\'s own chunks boot.js preloads for the board (index.html\'s inferwatch:chunks-* metas) and the data worker\'s script, gzip -9 bytes' },
  'embed-initial-js-css-gzip': { unit: 'bytes', method: 'the same without the board\'s own chunks: what an embedded panel (panel=…&kiosk=1) loads before its chart chunk, gzip -9 bytes' },
  'echarts-chunk-gzip': { unit: 'bytes', method: 'the lazy ECharts chunk (assets/echart-*.js), gzip -9, loaded after the shell' },
  'heatmap-chunk-gzip': { unit: 'bytes', method: 'the lazy heatmap chunk (assets/heatmap-echart-*.js: HeatmapChart + VisualMap), gzip -9, fetched when a heatmap panel comes into view' },
  'all-js-css-gzip': { unit: 'bytes', method: 'every .js and .css under assets/, gzip -9' },
  // Build: speed of shaping hostile or runaway answers, in Node (matrix.ts, hostile.ts)
  'matrix-cap-10k-series': {
    unit: 'ms',
    method: (a: { runs: number }) => `matrixToSeries on 10,000 series × 241 points (1 h at 15 s), default cap 50, in Node (tsx), ${a.runs} runs after 3 warm-up; was a < 1000 ms assertion in src/charts/timeseries/matrix.test.ts`,
  },
  'summarize-body-title-bomb-1mb': {
    unit: 'ms',
    method: (a: { chars: number; runs: number }) => `summarizeBody on '<' + '<title'.repeat(n), ${a.chars} chars (the review's probe took 2.5 s at 96 KB with the old regexes), in Node (tsx), ${a.runs} runs after 3 warm-up`,
  },
  'matrix-shape-1m-series': {
    unit: 'ms',
    method: (a: { runs: number }) => `matrixToSeries on 1,000,000 one-sample series (names and sorting capped at the first 10,000), in Node (tsx), ${a.runs} runs after 3 warm-up`,
  },
  'resolve-ten-long-names': {
    unit: 'ms',
    method: (a: { length: number; runs: number }) => `resolveMetrics (vLLM catalog) over ten names of ${a.length.toLocaleString('en')} underscores plus one prefixed name, in Node (tsx), ${a.runs} runs after 3 warm-up`,
  },
  // Build: one hostile answer under the byte cap, in Chromium (big-answer.ts)
  'big-answer-longest-task': {
    unit: 'ms',
    method: 'the longest main-thread task (PerformanceObserver longtask) in the 20 s after opening the board on a backend whose request-rate range query answers 25,000 series × 100 points (~60 MB) and everything else empty; budget < 200 ms (the security review: 4.4 s)',
  },
  'big-answer-long-tasks-total': { unit: 'ms', method: 'the sum of the long tasks (> 50 ms) in those 20 s (the review: 7.6 s; 14.6 s in 40 s at refresh=5s)' },
  'big-answer-heap': { unit: 'bytes', method: 'Runtime.getHeapUsage usedSize after a forced GC at the end of those 20 s (the review: 722 MB)' },
  // The fleet dataset (scripts/bench.ts, fleet.ts)
  'fleet-dataset': {
    unit: 's',
    method: 'time to generate the fleet (simulate prototypes, write OpenMetrics per hour, promtool create-blocks-from openmetrics, overlapped) as measured when the cache was made; blocksBytes = cached TSDB blocks',
  },
  // Page loads (scripts/bench.ts loads())
  'first-screen-ok': {
    unit: 'ms',
    method: (a: { runs: number }) =>
      `performance.now() in the page (ms since navigation start) when every panel within 300 px of the viewport (useInView's margin: the panels the page queries without scrolling) and every stat tile has left data-state=loading and every ok panel has drawn its canvas; ${loadRange(a.runs)}`,
  },
  'all-panels-ok': {
    unit: 'ms',
    method: (a: { runs: number }) => `same, for every panel of the page, after scrolling to the bottom half a screen every 30 ms once the first screen settled; panels of families the dataset lacks end in "unavailable"; ${loadRange(a.runs)}`,
  },
  'bare-floor': {
    unit: 'ms',
    method:
      'every query and query_range request the page sent up to first-screen-ok (captured with page.on("request"); the instant ones of the tables and probes on the first screen included since session 4, range requests only before), replayed from Node as sent (GET, or form POST for a long URL) with fetch + Promise.all against the same Prometheus, every body read; one replay after each page load',
  },
  'bare-floor-6': {
    unit: 'ms',
    method: 'the same requests replayed 6 at a time (a browser\'s connection limit per HTTP/1.1 host), right after the all-at-once replay; on 2 cores Prometheus can be faster with fewer queries in parallel',
  },
  'idle-busy-per-second': {
    unit: 'ms/s',
    method: 'open page, refresh off, real clock, every panel loaded and the page scrolled to the bottom: CDP TaskDuration delta over 3 s, per second (what the page costs while nothing happens)',
  },
  'boot-timeline': {
    unit: 'ms',
    method:
      'every request of the page up to first-screen-ok: start and end in ms since navigation start (Playwright request.timing() against performance.timeOrigin), median over the runs per step; query_range requests folded into the first to leave and the last answer; median/min/max = first-screen-ok',
  },
  'app-script-running': {
    unit: 'ms',
    method: 'the app\'s mark inferwatch:script (ms since navigation start): index.html, boot.js and the entry bundle fetched, parsed and run up to main.tsx; nothing of the app can ask anything before it',
  },
  'bare-discovery': {
    unit: 'ms',
    method:
      'every API request the page sent before its first query_range (backend kind, metric names, recorded-series probe, targets, status/config, alerts/rules), replayed from Node all at once right after the floor: without the kind -> targets/config chain the app follows, so a lower bound of the discovery',
  },
  'first-screen-lower-bound-vs-floor': {
    unit: 'ratio',
    method:
      '(app-script-running + bare-discovery + min(bare-floor, bare-floor-6)) / min(bare-floor, bare-floor-6), per run: the ratio a page with this bundle would reach if it asked nothing before its script ran, learned the backend with no round-trip chain, and spent no time rendering; the 1.3 target is below this on the runs where it is above 1.3',
  },
  'first-screen-vs-floor': { unit: 'ratio', method: 'first-screen-ok / min(bare-floor, bare-floor-6) of the same run (median of per-run ratios); target <= 1.3 on the fleet' },
  'first-screen-backend-cpu': {
    unit: 'ms',
    method: 'CPU time (user + system, /proc/<pid>/stat) of the dataset\'s Prometheus from just before page.goto to first-screen-ok, per counted load of first-screen-ok; the backend shares the machine\'s cores with the browser',
  },
  'first-screen-browser-cpu': {
    unit: 'ms',
    method: 'CPU time (user + system, /proc) of every Chromium process of the bench (browser, renderer with its main thread, worker and thread pool, GPU, network service) over the same span as first-screen-backend-cpu',
  },
  'first-screen-ok-separate-cores': {
    unit: 'ms',
    method: (a: { backend: string; browser: string; runs: number }) =>
      `first-screen-ok as in the main figure, with the fleet’s Prometheus pinned to CPUs ${a.backend} and Chromium, the bench and its preview server to CPUs ${a.browser} (taskset), as when the backend runs on a machine of its own; a separate browser; ${loadRange(a.runs)}`,
  },
  'bare-floor-separate-cores': {
    unit: 'ms',
    method: (a: { backend: string; browser: string }) => `the requests of each separate-cores load replayed from Node (pinned to CPUs ${a.browser}) against the same Prometheus (CPUs ${a.backend}), all at once and 6 at a time: the faster of the two`,
  },
  'first-screen-vs-floor-separate-cores': {
    unit: 'ratio',
    method: 'first-screen-ok-separate-cores / bare-floor-separate-cores of the same run (median of per-run ratios): the page\'s own cost on top of the backend\'s, without the browser taking CPU from the backend',
  },
  // Refreshes, Playwright (scripts/bench.ts refreshes())
  'requests-per-window-change': { unit: 'requests', method: `${REFRESH}; ticks that sent requests` },
  'requests-per-tick': { unit: 'requests', method: REFRESH },
  'bytes-per-window-change': { unit: 'bytes', method: `${REFRESH}; query_range response bodies + headers as received (Playwright request.sizes())` },
  'bytes-per-tick': { unit: 'bytes', method: REFRESH },
  'main-thread-busy-per-window-change': { unit: 'ms', method: refreshBusy },
  'main-thread-cpu-per-window-change': {
    unit: 'ms',
    method: `${REFRESH}; main-thread CPU time across the tick (CDP Performance metric ThreadTime delta, no idle correction; Playwright's Network domain included): unlike TaskDuration it does not grow when other processes hold the two cores`,
  },
  'main-thread-busy-per-tick': { unit: 'ms', method: refreshBusy },
  'js-heap': {
    unit: 'bytes',
    method: (a: { heapEvery: number; refreshes: number; baseTick: number }) =>
      `${REFRESH}; CDP HeapProfiler.collectGarbage (twice) then Runtime.getHeapUsage usedSize after tick 10, every ${a.heapEvery} ticks and tick ${a.refreshes}; growthPct = one sample at tick ${a.baseTick} (warmed up: query cache at its gcTime steady state, JIT settled) vs one at tick ${a.refreshes} (single samples swing by up to ±1 MB with the answers the query cache holds at that instant); windowMedianGrowthPct = median of the samples in ticks [${a.baseTick}, ${a.baseTick + 50}) vs in (${a.refreshes - 50}, ${a.refreshes}]; trendPct = rise of the least-squares line through every sample from tick ${a.baseTick} to tick ${a.refreshes}, % of its value at tick ${a.baseTick}; halvesGrowthPct = mean of the every-50-tick samples in the second half of [${a.baseTick}, ${a.refreshes}] vs the first half; growthFromTick10Pct includes the warm-up`,
  },
  // Refreshes, raw mode (raw-refresh-figures.ts)
  'raw-main-thread-busy-per-window-change': { unit: 'ms', method: (a: { idleRate: number }) => `${RAW} (idle ${a.idleRate.toFixed(2)} ms/s); ticks that sent requests, profiled ticks excluded` },
  'raw-main-thread-cpu-per-window-change': {
    unit: 'ms',
    method: `${RAW}; main-thread CPU time across the tick (CDP Performance metric ThreadTime delta, no idle correction): unlike TaskDuration it does not grow when other processes hold the two cores`,
  },
  'raw-main-thread-busy-per-tick': { unit: 'ms', method: RAW },
  'raw-floor-fetch-cpu': {
    unit: 'ms',
    method: `${RAW}; floor of the requests: the last window change's API requests (same URLs, bodies, headers) sent again from the page with fetch in one Promise.all, each body read with json(), then two frames; main-thread CPU (ThreadTime) minus that of a bare two-frame evaluate; 5 runs`,
  },
  'raw-floor-fetch-post-cpu': { unit: 'ms', method: `${RAW}; as raw-floor-fetch-cpu, with each request sent as a form POST (the app's way before it used GET for short URLs)` },
  'raw-floor-charts-cpu': {
    unit: 'ms',
    method: `${RAW}; floor of the charts: each ECharts instance on screen gets its own current option again (xAxis, yAxis, series from getOption(), prepared beforehand) with one merge-mode setOption (replaceMerge series, not lazy), then two frames (the paint); ECharts cannot tell it is the same data, so this is a full update and repaint as on a window change; main-thread CPU minus a bare two-frame evaluate; 5 runs`,
  },
  'raw-js-heap-plateau': {
    unit: 'bytes',
    method: (a: { base: number; last: number }) =>
      `${RAW}; real-time timers: the query cache keeps results 60 s of wall time (~40 ticks here, vs 12 under the fake clock), so single samples swing with the cache's content; HeapProfiler.collectGarbage twice, then Runtime.getHeapUsage usedSize; growthPct from tick ${a.base} to tick ${a.last} (budget: within 1 % from tick 1000 to 3000, BQ_TICKS=3000 BQ_HEAP_EVERY=10); windowMedianGrowthPct: median of the samples in the 50 ticks from ${a.base} vs in the last 50; min/max/median over the samples from tick ${a.base} on`,
  },
  'raw-js-heap-growth': {
    unit: '%',
    method: (a: { base: number; last: number; every: number }) =>
      `${RAW}; one session of ${a.last} ticks (scripts/bench/heap-plateau.ts); HeapProfiler.collectGarbage twice, then Runtime.getHeapUsage usedSize every ${a.every} ticks; median = windowMedianGrowthPct: the median of the samples in ticks [${a.base}, ${a.base + 50}) vs in (${a.last - 50}, ${a.last}] (single samples swing with what the query cache holds, 60 s of wall time); min/max also span trendPct (least-squares line through every sample from tick ${a.base}) and the single-sample growth; snapshotGrowthByClass: two heap snapshots (at tick ${a.base} and ${a.last}, after two GCs) by node self size: compiled code (V8 code objects), JS values (objects, closures, strings, numbers, regexps), DOM (native: Blink's nodes), V8 internals (hidden, internal arrays, shapes); ticksPerMinuteAtBase / AtEnd: ticks that ended in the 60 s of wall time up to tick ${a.base} and up to tick ${a.last} (the query cache keeps 60 s of wall time, so the windows it holds at a sample follow the tick rate: a machine busier at one end than at the other moves the figure); budget ≤ 1 %`,
  },
  // Compare modes (compare.ts): requests per load, and requests beyond the distinct ones
  'compare-requests-off': { unit: 'requests', method: compare },
  'compare-duplicate-requests-off': { unit: 'requests', method: compareDuplicates },
  'compare-requests-shift': { unit: 'requests', method: compare },
  'compare-duplicate-requests-shift': { unit: 'requests', method: compareDuplicates },
  'compare-requests-engines': { unit: 'requests', method: compare },
  'compare-duplicate-requests-engines': { unit: 'requests', method: compareDuplicates },
  'compare-requests-ab': { unit: 'requests', method: compare },
  'compare-duplicate-requests-ab': { unit: 'requests', method: compareDuplicates },
  // Heatmap refresh (heatmap.ts)
  'heatmap-refresh-main-thread': {
    unit: 'ms',
    method: (a: { panel: string; baseline: string; refreshes: number }) =>
      `${a.panel} alone (panel=, vLLM, now-1h at 15 s steps, refresh off, Date.now pinned by clock.setFixedTime and moved one step per refresh); per "Refresh now" click: CDP Performance TaskDuration delta until the range query answered and two frames drew, minus the idle rate × wall time; median over ${a.refreshes} refreshes; heatmapOwnMs = median minus the same on panel=${a.baseline}`,
  },
  // Tables (tables.ts)
  'table-requests-per-refresh': {
    unit: 'requests',
    method: (a: { runs: number }) =>
      `instant queries (/api/v1/query) a load of the table sends until none is in flight (a refresh sends the same column queries at the new range end); ${tablesRange(a.runs)}. distinctQueriesAllColumns: the table's distinct column PromQL on a backend holding every series (columns that share one PromQL share one request)`,
  },
  'table-bytes-per-refresh': { unit: 'bytes', method: (a: { runs: number }) => `those requests' response bodies + headers as received (Playwright request.sizes()); ${tablesRange(a.runs)}` },
  'table-sort-first-page': { unit: 'ms', method: tableClick('clicks on the TTFT p95 header with the first page shown (≤ 50 rows, as on load), descending then ascending, both counted') },
  'table-render-all-rows': { unit: 'ms', method: tableClick('"show more" from the first 50 rows to all (≤ 250) rows') },
  'table-sort-desc': { unit: 'ms', method: tableClick('click on the TTFT p95 header (sort descending, all rows shown)') },
  'table-sort-asc': { unit: 'ms', method: tableClick('second click (ascending)') },
  // Serving-stack layers (layers.ts)
  'layer-requests-per-load': { unit: 'requests', method: layers('API requests of a full load (scrolled through, every panel settled) whose path and PromQL/match[] the fleet-alone load never sent, repeats counted') },
  'layer-bytes-per-load': { unit: 'bytes', method: layers("those requests' response bodies + headers (Playwright request.sizes())") },
  'layer-requests-per-refresh': { unit: 'requests', method: layers('the same, for one "Refresh now" click with the clock one 15 s step on') },
  'layer-bytes-per-refresh': { unit: 'bytes', method: layers("those requests' bytes") },
  'layer-main-thread-per-load': { unit: 'ms', method: layers('main-thread CPU (CDP ThreadTime) from navigation until every panel settled and no request in flight, with the layer minus the fleet-alone run of the same round') },
  'layer-main-thread-per-refresh': { unit: 'ms', method: layers('main-thread CPU (CDP ThreadTime) from the "Refresh now" click to the last answer plus two frames, with the layer minus without') },
  'diagnosis-requests-per-refresh': { unit: 'requests', method: layers("the Diagnosis region's glued instant queries (they carry its signal label) in one refresh, fleet alone") },
  'diagnosis-bytes-per-refresh': { unit: 'bytes', method: layers("those requests' bytes") },
  // Recording rules (rules.ts)
  'rules-backfill': {
    unit: 's',
    method: (a: { evalInterval: string; minutes: number }) =>
      `promtool tsdb create-blocks-from rules --eval-interval=${a.evalInterval} over the last ${a.minutes} min of the fleet (both engines' recording groups, names resolved against the fleet backend), against a Prometheus serving the fleet blocks; wall time when the cache was made`,
  },
  'rules-first-screen-ok': { unit: 'ms', method: (a: { runs: number }) => `first-screen-ok as in the main bench (every panel near the viewport and every tile settled, canvases drawn); ${rulesRange(a.runs)}` },
  'rules-first-screen-bytes': { unit: 'bytes', method: (a: { runs: number }) => `query_range responses (body + headers, Playwright request.sizes()) up to first-screen-ok; ${rulesRange(a.runs)}` },
  'rules-server-exec': { unit: 'ms', method: (a: { runs: number }) => `the first screen's query_range requests replayed one at a time from Node with stats=all: sum of Prometheus' execTotalTime; ${rulesRange(a.runs)}` },
  'rules-queryable-samples': { unit: 'samples', method: 'same replay: sum of stats.samples.totalQueryableSamples (samples Prometheus loaded to answer)' },
  'rules-recorded-vs-raw': {
    unit: 'relative difference',
    method: (a: { evalInterval: string }) =>
      `every vLLM time-series panel query the board rewrites (rate window 1m, no filters), raw and recorded, query_range over [end-1h, end] at step 15 s on the recorded backend: |recorded − raw| / |raw| over every point of every series present in both; recorded at eval-interval ${a.evalInterval}`,
  },
} as const satisfies Record<string, Spec>;

export type FigureId = keyof typeof FIGURES;
/** The parameters a figure's method names: none for a fixed method. */
export type MethodArgs<I extends FigureId> = (typeof FIGURES)[I]['method'] extends (args: infer A) => string ? [args: A] : [];
/** What a line carries beside the figure's numbers: its dataset and any extra fields. */
export type Extra = { dataset?: Figure['dataset']; [extra: string]: unknown };
export interface Stats {
  median: number;
  min: number;
  max: number;
  spreadPct: number;
  runs: number;
}

export function methodOf<I extends FigureId>(id: I, ...args: MethodArgs<I>): string {
  const m = FIGURES[id].method as string | ((a: unknown) => string);
  return typeof m === 'string' ? m : m(args[0]);
}

/** Median, min, max and spread of `values` over runs (stats.ts summarize); unit and method from the table. */
export function measured<I extends FigureId>(id: I, values: number[], extra: Extra, ...args: MethodArgs<I>): Figure {
  return summarize(id, values, { dataset: extra.dataset, unit: FIGURES[id].unit, ...extra, method: methodOf(id, ...args) });
}

/** A figure whose median/min/max the caller states (a single measurement, or not a summary of runs). */
export function stated<I extends FigureId>(id: I, stats: Stats, extra: Extra, ...args: MethodArgs<I>): Figure {
  return { figure: id, dataset: extra.dataset, unit: FIGURES[id].unit, ...stats, ...extra, method: methodOf(id, ...args) };
}

/** One measurement: median = min = max, one run. */
export function single<I extends FigureId>(id: I, value: number, extra: Extra, ...args: MethodArgs<I>): Figure {
  return stated(id, { median: value, min: value, max: value, spreadPct: 0, runs: 1 }, extra, ...args);
}
