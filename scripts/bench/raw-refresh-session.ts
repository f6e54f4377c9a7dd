// The session behind the refresh figures without Playwright ("raw" mode; the figures themselves
// are in raw-refresh-figures.ts): a bare CDP client (cdp-pipe.ts) with only the Performance (and,
// for a profile, Profiler and HeapProfiler) domains on. Playwright keeps the Network domain on in
// its pages, which stacks every request's initiator on the main thread; this mode measures what
// the app itself costs.
//
// The clock: a script injected before the app moves `Date` by an offset. One tick adds 5 s to the
// offset and fires the app's own catch-up path (a `visibilitychange` while visible calls the
// refresh clock's tick, exactly what its 5 s interval does). The page runs with `refresh=1m`, so
// the real interval stays out of the way. Requests are counted in the page: a `fetch` wrapper sees
// each query_range leave (and its `query`), PerformanceObserver resource entries see it complete.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { knob } from './options.ts';
import { progress } from './stats.ts';
import { launchRaw, type RawBrowser } from './cdp-pipe.ts';
import { callerChains, summarizeProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import type { TickResult } from './refresh.ts';

const PAGE_SCRIPT = (startMs: number): string => `(() => {
  const RealDate = Date;
  let offset = ${startMs} - RealDate.now();
  class FakeDate extends RealDate {
    constructor(...a) { if (a.length === 0) super(RealDate.now() + offset); else super(...a); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = FakeDate;
  const log = { sent: [], other: [], reqs: [], open: [], finished: 0 };
  globalThis.__inferwatchBench = { charts: new Set() };
  globalThis.__iwBench = log;
  const realFetch = globalThis.fetch;
  const done = (r) => { if (!r.done) { r.done = true; const i = log.open.indexOf(r); if (i >= 0) log.open.splice(i, 1); } };
  globalThis.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/v1/')) return realFetch.call(this, input, init);
    log.reqs.push({ url, body: typeof init?.body === 'string' ? init.body : null, headers: init?.headers ?? {} });
    // The PromQL, from a form POST body or the URL (GET).
    let expr = '';
    try { expr = new URLSearchParams(typeof init?.body === 'string' ? init.body : (url.split('?')[1] ?? '')).get('query') ?? ''; } catch {}
    if (!url.includes('/api/v1/query_range')) {
      log.other.push(url.slice(url.indexOf('/api/v1/') + 8).split('?')[0] + (expr ? ' ' + expr.slice(0, 80) : ''));
      return realFetch.call(this, input, init);
    }
    const r = { expr, done: false };
    log.sent.push(expr);
    log.open.push(r);
    init?.signal?.addEventListener('abort', () => done(r));
    const p = realFetch.call(this, input, init);
    p.catch(() => done(r));
    return p;
  };
  // The data worker (src/prometheus/worker/) sends the queries: its jobs are counted at the
  // postMessage boundary, and a request as the worker sends it is kept for the floor replays.
  const RealWorker = globalThis.Worker;
  if (RealWorker) globalThis.Worker = class extends RealWorker {
    constructor(url, opts) {
      super(url, opts);
      const open = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (msg, transfer) => {
        if (msg && msg.type === 'run') {
          const job = msg.job;
          const expr = (job.params.find((p) => p[0] === 'query') || [])[1] || '';
          const qs = new URLSearchParams(job.params).toString();
          log.reqs.push({ url: job.baseUrl + '/api/v1/' + job.endpoint + '?' + qs, body: null, headers: job.headers });
          if (job.endpoint === 'query_range') {
            const r = { expr, done: false };
            log.sent.push(expr);
            log.open.push(r);
            open.set(msg.id, r);
          } else log.other.push(job.endpoint + ' ' + expr.slice(0, 80));
        } else if (msg && msg.type === 'abort' && open.has(msg.id)) {
          done(open.get(msg.id));
          open.delete(msg.id);
        }
        return post(msg, transfer);
      };
      this.addEventListener('message', (e) => {
        const d = e.data;
        if (d && (d.type === 'done' || d.type === 'failed') && open.has(d.id)) {
          log.finished++;
          done(open.get(d.id));
          open.delete(d.id);
        }
      });
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.name.includes('/api/v1/query_range')) continue;
      log.finished++;
      const r = log.open.find((x) => !x.done);
      if (r) done(r);
    }
  }).observe({ type: 'resource', buffered: true });
  globalThis.__iwAdvance = (ms) => { offset += ms; document.dispatchEvent(new Event('visibilitychange')); };
  globalThis.__iwSettle = async () => {
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    await sleep(60);
    const deadline = RealDate.now() + 60000;
    while (log.open.length > 0 && RealDate.now() < deadline) await sleep(10);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    await sleep(20);
    return log.open.length;
  };
})();`;

/** The library work of one window change alone, main-thread CPU ms (see `floor`). */
export interface FloorResult {
  /** The window change's API requests sent again as the page sent them, every body read and parsed. */
  fetchCpuMs: number;
  /** The same requests as form POSTs. */
  fetchPostCpuMs: number;
  requests: number;
  /** One merge-mode setOption (replaceMerge series) on each on-screen chart with its own option, and the paint. */
  chartsCpuMs: number;
  charts: number;
}

export interface RawSession {
  tick(opts?: { profile?: boolean }): Promise<TickResult & { profile?: ProfileSummary; rawProfile?: CpuProfile }>;
  /** The floor of the last window change: what fetch and ECharts cost without the app around them. */
  floor(): Promise<FloorResult>;
  heapUsed(): Promise<number>;
  /** A CDP heap snapshot (after two forced GCs), as the JSON text DevTools saves (heap-diff.ts). */
  heapSnapshot(): Promise<string>;
  /** An expression evaluated in the page, its value returned (diagnosis). */
  evaluate<T>(expression: string): Promise<T>;
  idleRate: number;
  close(): Promise<void>;
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: { name?: string };
}

/** The renderer main thread's self time by event name (complete events, nested ones subtracted). */
function traceSummary(events: TraceEvent[]): string {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return '  (no renderer main thread in the trace)';
  const xs = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur != null).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; end: number }> = [];
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.e.name, (self.get(parent.e.name) ?? 0) - e.dur!);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ e, end: e.ts + e.dur! });
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `  ${(v / 1000).toFixed(2).padStart(7)} ms  ${k}`).join('\n');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Opens `url` (which should carry `refresh=1m`) with the page clock at `startMs`; waits for the first screen. */
export async function openRawRefreshSession(url: string, startMs: number): Promise<RawSession> {
  const b: RawBrowser = await launchRaw();
  try {
    const { targetId } = await b.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await b.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const send = <T = Record<string, unknown>>(m: string, p: Record<string, unknown> = {}): Promise<T> => b.send<T>(m, p, sessionId);
    await send('Page.enable');
    await send('Runtime.enable');
    await send('Performance.enable');
    await send('Emulation.setDeviceMetricsOverride', { width: 1440, height: 900, deviceScaleFactor: 1, mobile: false });
    await send('Page.addScriptToEvaluateOnNewDocument', { source: PAGE_SCRIPT(startMs) });
    const diag = { commits: knob('BQ_COMMITS'), mutations: knob('BQ_MUTATIONS'), profileDump: knob('BQ_PROFILE_DUMP'), callers: knob('BQ_CALLERS'), other: knob('BQ_OTHER'), queries: knob('BQ_QUERIES'), evalExpr: knob('BQ_EVAL'), trace: knob('BQ_TRACE') };
    // BQ_COMMITS=1: count React commits per tick (a minimal devtools hook; React calls it per commit).
    if (diag.commits) {
      await send('Page.addScriptToEvaluateOnNewDocument', {
        // Per commit, the components that rendered in it (fibers with React's PerformedWork flag,
        // in subtrees that were not bailed out: a child list unchanged since the last commit is
        // skipped, as React DevTools does), by name: printed per window change (give BQ_MINIFY=false for readable names).
        source: `globalThis.__iwCommits = 0; globalThis.__iwCommitLog = [];
          const nameOf = (t) => typeof t === 'function' ? (t.displayName || t.name || 'anon') : t && typeof t === 'object' ? (t.displayName || (t.type && (t.type.displayName || t.type.name)) || (t.render && (t.render.displayName || t.render.name)) || null) : null;
          globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, onCommitFiberRoot(_id, root) {
            globalThis.__iwCommits++;
            const counts = {}; let total = 0; const stack = [root.current];
            while (stack.length) { const f = stack.pop(); if (!f) continue; if (f.flags & 1) { const n = nameOf(f.type); if (n) { counts[n] = (counts[n] || 0) + 1; total++; } } if (f.sibling) stack.push(f.sibling); if (f.child && (!f.alternate || f.child !== f.alternate.child)) stack.push(f.child); }
            globalThis.__iwCommitLog.push(total + ' rendered: ' + Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => k + '=' + v).join(' '));
          }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };`,
      });
    }
    const evaluate = async <T>(expression: string): Promise<T> => {
      const r = await send<{ result: { value: T }; exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(`${r.exceptionDetails.text} ${r.exceptionDetails.exception?.description ?? ''}`);
      return r.result.value;
    };
    await send('Page.navigate', { url });
    // The first screen: every panel near the viewport and every tile out of `loading`.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await evaluate<boolean>(`(() => {
        const vh = innerHeight;
        const panels = [...document.querySelectorAll('[data-panel-id]')].filter((e) => { const r = e.getBoundingClientRect(); return r.top < vh + 300 && r.bottom > -300; });
        const tiles = [...document.querySelectorAll('[data-stat-id]')];
        return panels.length > 0 && [...panels, ...tiles].every((e) => e.dataset.state !== 'loading') && panels.every((e) => e.dataset.state !== 'ok' || e.querySelector('canvas, table.iw-table'));
      })()`).catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('raw session: first screen not settled in 120 s');
      await sleep(100);
    }
    await evaluate('__iwSettle()');
    const metricsMs = async (): Promise<{ task: number; cpu: number }> => {
      const { metrics } = await send<{ metrics: { name: string; value: number }[] }>('Performance.getMetrics');
      const get = (n: string): number => (metrics.find((m) => m.name === n)?.value ?? 0) * 1000;
      return { task: get('TaskDuration'), cpu: get('ThreadTime') };
    };
    const taskMs = async (): Promise<number> => (await metricsMs()).task;
    await sleep(500);
    const i0 = await taskMs();
    const w0 = performance.now();
    await sleep(3000);
    const idleRate = ((await taskMs()) - i0) / ((performance.now() - w0) / 1000);
    progress(`raw session: first screen in, idle ${idleRate.toFixed(2)} ms/s`);
    // BQ_MUTATIONS=1: what the DOM commit of each window change touches (diagnosis only).
    if (diag.mutations) {
      await evaluate(`(() => { const c = {}; globalThis.__iwMut = c; new MutationObserver((ms) => { for (const m of ms) { const t = m.target; const el = t.nodeType === 1 ? t : t.parentElement; const k = m.type + ':' + (m.attributeName ?? '') + ':' + (el?.tagName ?? '?') + '.' + String(el?.className?.baseVal ?? el?.className ?? '').split(' ')[0]; c[k] = (c[k] ?? 0) + 1; } }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }); })()`);
    }
    let sentSoFar = 0;
    const sentCount = (n0: number): number => sentSoFar - n0;
    const tick: RawSession['tick'] = async (opts = {}) => {
      // The logs are emptied at each tick: kept whole, they grew the page's heap by ~370 B per
      // request (6 MB over 3,000 ticks), which the heap figure then read as the app's.
      await evaluate('(__iwBench.sent.length = 0, __iwBench.other.length = 0, __iwBench.reqs.length = 0)');
      const n0 = 0;
      const c0 = diag.commits ? await evaluate<number>('__iwCommits') : 0;
      const o0 = 0;
      const r0 = 0;
      if (opts.profile) {
        await send('Profiler.enable');
        await send('Profiler.setSamplingInterval', { interval: 100 });
        await send('Profiler.start');
      }
      // BQ_TRACE=1: a devtools timeline trace of each profiled tick, the renderer main thread's
      // time by event (style, layout, paint… that a CPU profile shows only as "(program)").
      const traceEvents: TraceEvent[] = [];
      let traceDone: Promise<void> | undefined;
      if (opts.profile && diag.trace) {
        const offData = b.on('Tracing.dataCollected', (p) => traceEvents.push(...(p.value as TraceEvent[])));
        traceDone = new Promise<void>((r) => {
          const offDone = b.on('Tracing.tracingComplete', () => (offData(), offDone(), r()));
        });
        await send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] } });
      }
      const m0 = await metricsMs();
      const t0 = performance.now();
      await evaluate('__iwAdvance(5000)');
      const open = await evaluate<number>('__iwSettle()');
      sentSoFar = await evaluate<number>('__iwBench.sent.length');
      const m1 = await metricsMs();
      const wallMs = performance.now() - t0;
      let profile: ProfileSummary | undefined;
      let rawProfile: CpuProfile | undefined;
      if (traceDone) {
        await send('Tracing.end');
        await traceDone;
        if (sentCount(n0) > 0) progress(`trace:\n${traceSummary(traceEvents)}`);
      }
      if (opts.profile) {
        const raw = (await send<{ profile: CpuProfile }>('Profiler.stop')).profile;
        profile = summarizeProfile(raw);
        rawProfile = raw;
        // BQ_PROFILE_DUMP=<dir>: keep each window change's raw profile (.cpuprofile, opens in DevTools).
        const dump = diag.profileDump;
        if (dump && sentCount(n0) > 0) writeFileSync(join(dump, `tick-${Date.now()}.cpuprofile`), JSON.stringify(raw));
        // BQ_CALLERS=setAttribute,fetch: where the self time of those functions comes from.
        const targets = diag.callers;
        if (targets.length > 0 && sentCount(n0) > 0) {
          const rows = [...callerChains(raw, targets, 7)].sort((a, b) => b[1] - a[1]).slice(0, 25);
          progress(`callers:\n${rows.map(([k, v]) => `  ${v.toFixed(1).padStart(6)} ms  ${k}`).join('\n')}`);
        }
      }
      if (diag.mutations && sentSoFar > n0) {
        const c = await evaluate<Record<string, number>>('(() => { const c = { ...__iwMut }; for (const k in __iwMut) delete __iwMut[k]; return c; })()');
        progress(`mutations: ${Object.entries(c).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k}=${v}`).join(' ')}`);
      } else if (diag.mutations) await evaluate('(() => { for (const k in __iwMut) delete __iwMut[k]; })()');
      if (open > 0) progress(`raw session: ${open} requests still open after 60 s`);
      const sent = await evaluate<string[]>(`__iwBench.sent.slice(${n0})`);
      if (sent.length > 0) await evaluate(`(globalThis.__iwLastChange = __iwBench.reqs.slice(${r0}), 0)`);
      const other = await evaluate<string[]>(`__iwBench.other.slice(${o0})`);
      if (diag.commits && sent.length > 0) {
        progress(`react commits: ${(await evaluate<number>('__iwCommits')) - c0}`);
        for (const line of await evaluate<string[]>('__iwCommitLog')) progress(`  commit: ${line}`);
      }
      if (diag.commits) await evaluate('(__iwCommitLog.length = 0, 0)');
      if (diag.other && other.length > 0) progress(`other requests: ${other.join(' | ')}`);
      // BQ_QUERIES=1: the PromQL of each range request of the window change.
      if (diag.queries && sent.length > 0) progress(`range queries:\n  ${sent.join('\n  ')}`);
      // BQ_EVAL=<expression>: evaluated in the page after each window change, printed (diagnosis).
      if (diag.evalExpr && sent.length > 0) progress(`eval: ${JSON.stringify(await evaluate<unknown>(diag.evalExpr))}`);
      const inView = await evaluate<number>(`[...document.querySelectorAll('[data-panel-id]')].filter((e) => { const r = e.getBoundingClientRect(); return r.top < innerHeight + 300 && r.bottom > -300; }).length`);
      const busyRawMs = m1.task - m0.task;
      const busyMs = Math.max(0, busyRawMs - (idleRate * wallMs) / 1000);
      return { requests: sent.length, distinct: new Set(sent).size, bytes: 0, busyRawMs, busyMs, cpuMs: m1.cpu - m0.cpu, wallMs, inView, otherRequests: other.length, ...(profile ? { profile } : {}), ...(rawProfile ? { rawProfile } : {}) };
    };
    const heapUsed = async (): Promise<number> => {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      return (await send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    };
    const heapSnapshot = async (): Promise<string> => {
      await send('HeapProfiler.enable');
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const chunks: string[] = [];
      const off = b.on('HeapProfiler.addHeapSnapshotChunk', (p, sid) => {
        if (sid === sessionId) chunks.push(p.chunk as string);
      });
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
      } finally {
        // HeapProfiler stays enabled: disabling it clears V8's object ids, and heap-diff tells the
        // objects allocated between two snapshots by their ids.
        off();
      }
      return chunks.join('');
    };
    const frames = 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))';
    const floor = async (): Promise<FloorResult> => {
      const requests = await evaluate<number>('(globalThis.__iwLastChange ?? []).length');
      // What a bare evaluate that waits two frames costs (the CDP call, timers): taken off both.
      let m0 = await metricsMs();
      await evaluate(frames);
      let m1 = await metricsMs();
      const base = m1.cpu - m0.cpu;
      m0 = await metricsMs();
      await evaluate(`Promise.all((globalThis.__iwLastChange ?? []).map((r) => fetch(r.url, r.body === null ? { headers: r.headers, credentials: 'omit' } : { method: 'POST', body: r.body, headers: r.headers, credentials: 'omit' }).then((x) => x.json()))).then(() => ${frames})`);
      m1 = await metricsMs();
      const fetchCpuMs = m1.cpu - m0.cpu - base;
      // The same requests as form POSTs (what the app sent before it used GET for short URLs).
      m0 = await metricsMs();
      await evaluate(`Promise.all((globalThis.__iwLastChange ?? []).map((r) => { const [u, q] = r.body === null ? r.url.split('?') : [r.url, r.body]; return fetch(u, { method: 'POST', body: q ?? '', headers: { ...r.headers, 'Content-Type': 'application/x-www-form-urlencoded' }, credentials: 'omit' }).then((x) => x.json()); })).then(() => ${frames})`);
      m1 = await metricsMs();
      const fetchPostCpuMs = m1.cpu - m0.cpu - base;
      const charts = await evaluate<number>(`(() => {
        const on = (c) => { if (c.isDisposed()) return false; const r = c.getDom().getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
        globalThis.__iwFloorCharts = [...globalThis.__inferwatchBench.charts].filter(on);
        globalThis.__iwFloorOpts = globalThis.__iwFloorCharts.map((c) => { const o = c.getOption(); return { xAxis: o.xAxis, yAxis: o.yAxis, series: o.series }; });
        return globalThis.__iwFloorCharts.length;
      })()`);
      m0 = await metricsMs();
      await evaluate(`(() => { __iwFloorCharts.forEach((c, i) => c.setOption(__iwFloorOpts[i], { replaceMerge: ['series'] })); return ${frames}; })()`);
      m1 = await metricsMs();
      return { fetchCpuMs, fetchPostCpuMs, requests, chartsCpuMs: m1.cpu - m0.cpu - base, charts };
    };
    return { tick, floor, heapUsed, heapSnapshot, evaluate, idleRate, close: () => b.close() };
  } catch (err) {
    await b.close();
    throw err;
  }
}
