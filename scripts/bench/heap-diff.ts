// Diagnosis helper (not part of `npm run bench`): drives the demo refresh session like the bench
// does, takes two CDP heap snapshots (after HeapProfiler.collectGarbage) at two ticks and prints
// what grew between them, by constructor, and the retainer paths of a sample of the objects that
// were allocated between the two snapshots and survived. Optionally also CPU-profiles a few
// window-changing ticks and prints the self time by function.
//   npx tsx scripts/bench/heap-diff.ts               # snapshots at tick 100 and 300
//   HD_A=50 HD_B=150 HD_PROFILE=3 npx tsx scripts/bench/heap-diff.ts
//   HD_RAW=1 HD_PROM=http://127.0.0.1:19310 HD_A=400 HD_B=1200 npx tsx scripts/bench/heap-diff.ts
//     # raw mode (the bench's raw-js-heap-plateau session), against a running Prometheus
// The app is built unminified into .cache/heap-diff-dist so that constructor names are readable.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { build, preview } from 'vite';
import { startStack } from '../lib/stack.ts';
import { launch } from './browser.ts';
import { printProfile, type CpuProfile } from './profile.ts';
import { knob } from './options.ts';
import { heapUsed, openRefreshSession } from './refresh.ts';
import { openRawRefreshSession } from './raw-refresh-session.ts';
import { runAsScript } from './stats.ts';
import { index, parseSnapshot, report, type Indexed, type Snapshot } from './heap-snapshot.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const log = (s: string): void => void process.stderr.write(`${s}\n`);

async function takeSnapshot(cdp: CDPSession, label: string, saveDir: string | undefined): Promise<Snapshot> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }): void => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false } as never);
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  // HD_SAVE=<dir>: keep the snapshot (loadable in DevTools' Memory tab) for a closer look.
  if (saveDir) writeFileSync(join(saveDir, `${label}.heapsnapshot`), chunks.join(''));
  return parseSnapshot(chunks.join(''));
}

async function main(): Promise<void> {
  if (knob('HD_RAW')) return rawMain();
  const A = knob('HD_A');
  const B = knob('HD_B');
  const PROFILE_TICKS = knob('HD_PROFILE');
  const SAVE = knob('HD_SAVE');
  // BENCH_PORT_OFFSET moves every port, as in the bench, so a diagnosis can run beside someone's bench.
  const OFF = knob('BENCH_PORT_OFFSET');
  const outDir = join(ROOT, '.cache', OFF ? `heap-diff-dist-${OFF}` : 'heap-diff-dist');
  log('building (unminified) into .cache/heap-diff-dist');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
  const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: 4190 + OFF, strictPort: true, host: '127.0.0.1' } });
  log('starting the demo stack');
  const stack = await startStack({ promPort: 29490 + OFF, vllmPort: 28700 + OFF, sglangPort: 23700 + OFF, log: (l) => log(`demo: ${l}`) });
  const browser = await launch();
  try {
    const url = `http://127.0.0.1:${4190 + OFF}/?prom=${encodeURIComponent(stack.promUrl)}&from=now-1h&to=now&refresh=5s`;
    const s = await openRefreshSession(browser, url, Date.now() - (B + 20) * 5000);
    // Canvases added/removed per tick: an ECharts instance created or disposed.
    await s.page.evaluate(() => {
      const w = window as unknown as { __canvas: { added: number; removed: number } };
      w.__canvas = { added: 0, removed: 0 };
      new MutationObserver((ms) => {
        for (const m of ms) {
          for (const n of m.addedNodes) if (n instanceof Element && (n.tagName === 'CANVAS' || n.querySelector('canvas'))) w.__canvas.added++;
          for (const n of m.removedNodes) if (n instanceof Element && (n.tagName === 'CANVAS' || n.querySelector('canvas'))) w.__canvas.removed++;
        }
      }).observe(document.body, { childList: true, subtree: true });
      const flips: string[] = [];
      (window as unknown as { __flips: string[] }).__flips = flips;
      new MutationObserver((ms) => {
        for (const m of ms) {
          const e = m.target as HTMLElement;
          if (e.dataset.panelId) flips.push(`${e.dataset.panelId}:${m.oldValue}->${e.dataset.state}`);
        }
      }).observe(document.body, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true, subtree: true });
    });
    const heaps: Array<[number, number]> = [];
    let snapA: Indexed | null = null;
    let profiled = 0;
    for (let i = 1; i <= B; i++) {
      const profiling = PROFILE_TICKS > 0 && i > 20 && profiled < PROFILE_TICKS;
      if (profiling) {
        await s.cdp.send('Profiler.enable');
        await s.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await s.cdp.send('Profiler.start');
      }
      const n0 = s.log.all.length;
      const t = await s.tick();
      if (knob('HD_EXPRS') && t.requests > 0) {
        for (const r of s.log.all.slice(n0)) log(`  ${r.expr.slice(0, 140)}`);
        const pos = await s.page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('[data-panel-id]'))
            .slice(0, 10)
            .map((e) => `${e.dataset.panelId}:${Math.round(e.getBoundingClientRect().top)}-${Math.round(e.getBoundingClientRect().bottom)}:${e.dataset.state}`)
            .join(' '),
        );
        log(`  inView ${t.inView}; vh 900; ${pos}`);
      }
      if (knob('HD_PROBE') && t.requests > 0) {
        const c = await s.page.evaluate(() => {
          const w = window as unknown as { __canvas: { added: number; removed: number } };
          const f = window as unknown as { __flips: string[] };
          const r = { ...w.__canvas, flips: f.__flips.splice(0).join(' ') };
          w.__canvas = { added: 0, removed: 0 };
          return r;
        });
        log(`tick ${i}: ${t.requests} requests, busy ${t.busyMs.toFixed(0)} ms, canvases added ${c.added} removed ${c.removed} ${c.flips}`);
      }
      if (profiling) {
        const { profile } = (await s.cdp.send('Profiler.stop')) as { profile: CpuProfile };
        if (t.requests > 0) {
          profiled++;
          log(`tick ${i}: ${t.requests} requests, busy ${t.busyMs.toFixed(0)} ms (raw ${t.busyRawMs.toFixed(0)})`);
          printProfile(profile);
        }
      }
      if (i === 10 || i === A || i === B || i % 50 === 0) heaps.push([i, await heapUsed(s.cdp)]);
      if (A > 0 && i === A) {
        log(`snapshot A at tick ${i}`);
        snapA = index(await takeSnapshot(s.cdp, `tick-${A}`, SAVE));
      }
    }
    console.log('heap used (after GC) by tick:', heaps.map(([i, h]) => `${i}: ${(h / 1e6).toFixed(2)} MB`).join(', '));
    if (!snapA) return;
    log(`snapshot B at tick ${B}`);
    const snapB = index(await takeSnapshot(s.cdp, `tick-${B}`, SAVE));
    report(snapA, snapB, A, B);
    await s.close();
  } finally {
    await browser.close();
    await stack.stop();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}

/**
 * HD_RAW=1: the raw refresh session (raw-refresh-session.ts: own Chromium over a CDP pipe, `Date`
 * moved by an offset per tick, `refresh=1m`), the mode of the bench's `raw-js-heap-plateau`. With
 * HD_PROM=<url> it uses a running Prometheus (e.g. `npm run demo -- --backfill-minutes 330` for
 * 3,000 ticks) instead of starting the demo stack; the page clock starts HD_B × 5 s + 60 s ago.
 */
async function rawMain(): Promise<void> {
  const A = knob('HD_A');
  const B = knob('HD_B');
  const SAVE = knob('HD_SAVE');
  const EVERY = knob('HD_HEAP_EVERY');
  const OFF = knob('BENCH_PORT_OFFSET');
  const outDir = join(ROOT, '.cache', `heap-diff-raw-dist-${OFF}`);
  if (!knob('HD_NOBUILD')) {
    log(`building (unminified) into ${outDir}`);
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
  }
  const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: 4190 + OFF, strictPort: true, host: '127.0.0.1' } });
  const given = knob('HD_PROM');
  let stack: Awaited<ReturnType<typeof startStack>> | null = null;
  if (!given) {
    log('starting the demo stack');
    stack = await startStack({ promPort: 29490 + OFF, vllmPort: 28700 + OFF, sglangPort: 23700 + OFF, backfillMinutes: Math.max(180, Math.ceil((B * 5) / 60) + 80), log: (l) => log(`demo: ${l}`) });
  }
  const promUrl = given ?? (stack as NonNullable<typeof stack>).promUrl;
  try {
    const url = `http://127.0.0.1:${4190 + OFF}/?prom=${encodeURIComponent(promUrl)}&from=now-1h&to=now&refresh=1m`;
    const s = await openRawRefreshSession(url, Date.now() - (B * 5000 + 60_000));
    try {
      const heaps: Array<[number, number]> = [];
      let snapA: Indexed | null = null;
      const t0 = Date.now();
      for (let i = 1; i <= B; i++) {
        await s.tick();
        if (i === 10 || i === A || i === B || i % EVERY === 0) heaps.push([i, await s.heapUsed()]);
        if (i % 100 === 0) log(`tick ${i}/${B} (${((Date.now() - t0) / 60_000).toFixed(1)} min), heap ${((heaps[heaps.length - 1]?.[1] ?? 0) / 1e6).toFixed(2)} MB`);
        if (A > 0 && i === A) {
          log(`snapshot A at tick ${i}`);
          const json = await s.heapSnapshot();
          if (SAVE) writeFileSync(join(SAVE, `raw-tick-${A}.heapsnapshot`), json);
          snapA = index(parseSnapshot(json));
        }
      }
      console.log('heap used (after GC) by tick:', heaps.map(([i, h]) => `${i}: ${(h / 1e6).toFixed(2)} MB`).join(', '));
      if (!snapA) return;
      log(`snapshot B at tick ${B}`);
      const json = await s.heapSnapshot();
      if (SAVE) writeFileSync(join(SAVE, `raw-tick-${B}.heapsnapshot`), json);
      report(snapA, index(parseSnapshot(json)), A, B);
    } finally {
      await s.close();
    }
  } finally {
    await stack?.stop();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}

runAsScript(import.meta.url, main, log);
