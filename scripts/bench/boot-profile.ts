// Where the main thread goes during a fleet page load, boot step by boot step: a CDP CPU profile
// of each load (unminified build, so functions keep their names), cut at the app's boot marks
// (main.tsx, app.tsx) and at the first query_range request. Prints, per phase, its wall time, the
// main thread's sampled busy time and the functions with the most self time.
//   npx tsx scripts/bench/boot-profile.ts   (BP_RUNS=3, BP_PORT=4391 with Prometheus on +1,
//   BP_DIST=<dir> to profile an existing build, BP_TOP=25)
// A/B mode, for a shared machine whose load moves more between minutes than a change moves the
// figure: BP_AB=<dirA>,<dirB>[,…] loads the builds in turn (order alternating per round) against
// the same Prometheus, BP_RUNS rounds, no profiler, and prints per build the medians of
// first-screen-ok, of the first query_range leaving and of the boot marks, and the same floor.
// BP_SHOT=<prefix> saves <prefix>-top.png and <prefix>-below.png of the last build's last load.
//   git worktree add /tmp/x <commit> && (cd /tmp/x && ln -s $PWD/node_modules && npx vite build --outDir /tmp/a)
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import type { Page } from '@playwright/test';
import { launch, newContext, waitSettled } from './browser.ts';
import { serveFleet } from './fleet.ts';
import { knob } from './options.ts';
import { profileTree } from './profile.ts';
import { median, progress, runAsScript, runCleanups } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per function within [from, to) (ms since navigation), from the sampled stacks, and the
 * inclusive time of React components (capitalised function names) on the stack.
 */
function phase(p: Profile, originUs: number, from: number, to: number, TOP: number): { busy: number; top: Array<[string, number]> } {
  const { byId, parent } = profileTree(p);
  const self = new Map<string, number>();
  let t = p.startTime;
  let busy = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const at = (t - originUs) / 1000;
    if (at < from || at >= to) continue;
    const n = byId.get(p.samples[i] ?? -1);
    if (!n) continue;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    busy += dt;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = `${name} ${file}${file ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id = parent.get(n.id); id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)?.callFrame.functionName ?? '';
      if (/^[A-Z][A-Za-z0-9]+$/.test(f) && !seen.has(f)) {
        seen.add(f);
        self.set(`<${f}> incl.`, (self.get(`<${f}> incl.`) ?? 0) + dt);
      }
    }
  }
  return { busy, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP) };
}

interface AbLoad {
  first: number;
  firstRange: number;
  marks: Record<string, number>;
}

/** Loads `url` until the first screen settles: when the first range query left, and the page's marks. */
async function loadMarked(page: Page, url: string) {
  let firstRange = Infinity;
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/v1/query_range')) firstRange = Math.min(firstRange, r.timing().startTime);
  });
  await page.goto(url);
  const s = await waitSettled(page, 'first');
  const info = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name.replace('inferwatch:', ''), m.startTime])),
    now: performance.now(),
  }));
  return { firstRange, s, info };
}

/** One cold load of `url` (new context): first-screen-ok, the first query_range's start, the marks. */
async function abLoad(browser: Awaited<ReturnType<typeof launch>>, url: string, shot?: string): Promise<AbLoad> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    const { firstRange, s, info } = await loadMarked(page, url);
    if (shot) {
      // What a user sees: the first screen, then further down once the rest has mounted.
      await page.screenshot({ path: `${shot}-top.png` });
      await page.evaluate(() => window.scrollTo(0, window.innerHeight * 1.5));
      await page.waitForTimeout(3000);
      await page.screenshot({ path: `${shot}-below.png` });
    }
    return { first: s.t, firstRange: firstRange - info.origin, marks: info.marks };
  } finally {
    await ctx.close();
  }
}

async function main(): Promise<void> {
  const dists = knob('BP_AB');
  if (dists.length > 0) return ab(dists);
  const RUNS = knob('BP_RUNS');
  const PORT = knob('BP_PORT');
  const TOP = knob('BP_TOP');
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    let outDir = knob('BP_DIST');
    if (!outDir) {
      outDir = join(ROOT, '.cache', `boot-profile-dist-${PORT}`);
      progress(`building unminified into ${outDir}`);
      await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
    }
    const { fleet, proc, stop } = await serveFleet(join(ROOT, '.cache'), PORT + 1, progress);
    cleanups.push(stop);
    const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: PORT, strictPort: true, host: '127.0.0.1' } });
    cleanups.push(() => new Promise<void>((r) => server.httpServer.close(() => r())));
    const browser = await launch();
    cleanups.unshift(() => browser.close());
    const url = `http://127.0.0.1:${PORT}/?prom=${encodeURIComponent(proc.url)}&from=${fleet.endMs - 3_600_000}&to=${fleet.endMs}&refresh=off`;
    const phases = new Map<string, { wall: number[]; busy: number[]; top: Map<string, number[]> }>();
    for (let run = -1; run < RUNS; run++) {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      // Same site first, so that the navigation keeps the renderer process the profiler is attached to.
      await page.goto(`http://127.0.0.1:${PORT}/favicon.svg`);
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const { firstRange, s, info } = await loadMarked(page, url);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile & { endTime: number } };
      await ctx.close();
      if (run < 0) continue;
      // The profile's clock (µs) is not the page's: its end (Profiler.stop, one round trip after the
      // page's performance.now() above) anchors navigation start, to within a few ms.
      const originUs = profile.endTime - info.now * 1000;
      const m = info.marks;
      const rangeAt = firstRange - info.origin;
      const cuts: Array<[string, number, number]> = [
        ['navigation → script (index.js fetched and evaluated)', 0, m.script ?? 0],
        ['script → config.json in', m.script ?? 0, m.config ?? 0],
        ['config.json → first commit (first render of the app)', m.config ?? 0, m['first-commit'] ?? 0],
        ['first commit → first query_range leaves', m['first-commit'] ?? 0, rangeAt],
        ['first query_range → first screen ok', rangeAt, s.t],
      ];
      for (const [name, from, to] of cuts) {
        const ph = phase(profile, originUs, from, to, TOP);
        const e = phases.get(name) ?? { wall: [], busy: [], top: new Map<string, number[]>() };
        e.wall.push(to - from);
        e.busy.push(ph.busy);
        for (const [k, v] of ph.top) e.top.set(k, [...(e.top.get(k) ?? []), v]);
        phases.set(name, e);
      }
      progress(`load ${run + 1}/${RUNS}: first screen ${s.t.toFixed(0)} ms; marks ${JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v)])))}, first query_range ${rangeAt.toFixed(0)} ms`);
    }
    for (const [name, e] of phases) {
      console.log(`\n${name}: wall ${median(e.wall).toFixed(0)} ms, main thread busy ${median(e.busy).toFixed(0)} ms (median of ${e.wall.length})`);
      const top = [...e.top.entries()].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / e.wall.length] as const).sort((a, b) => b[1] - a[1]).slice(0, TOP);
      for (const [k, v] of top) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    }
  } finally {
    await runCleanups(cleanups);
  }
}

async function ab(dists: string[]): Promise<void> {
  const RUNS = knob('BP_RUNS');
  const PORT = knob('BP_PORT');
  const SHOT = knob('BP_SHOT');
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const { fleet, proc, stop } = await serveFleet(join(ROOT, '.cache'), PORT + 1, progress);
    cleanups.push(stop);
    const apps: string[] = [];
    for (const [i, outDir] of dists.entries()) {
      // One preview server per build, on ports after Prometheus'.
      const port = PORT + 2 + i;
      const server = await preview({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: resolve(outDir) }, preview: { port, strictPort: true, host: '127.0.0.1' } });
      cleanups.push(() => new Promise<void>((r) => server.httpServer.close(() => r())));
      apps.push(`http://127.0.0.1:${port}`);
    }
    const browser = await launch();
    cleanups.unshift(() => browser.close());
    const query = `/?prom=${encodeURIComponent(proc.url)}&from=${fleet.endMs - 3_600_000}&to=${fleet.endMs}&refresh=off`;
    const results: AbLoad[][] = dists.map(() => []);
    for (let round = -1; round < RUNS; round++) {
      const order = dists.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        // BP_SHOT=<path prefix>: screenshots of the last build's last load.
        const shot = round === RUNS - 1 && i === dists.length - 1 ? SHOT : undefined;
        const r = await abLoad(browser, `${apps[i]}${query}`, shot);
        if (round >= 0) results[i]?.push(r);
        progress(`round ${round + 1}/${RUNS} ${dists[i]}: first screen ${r.first.toFixed(0)} ms, first query_range ${r.firstRange.toFixed(0)} ms`);
      }
    }
    for (const [i, rs] of results.entries()) {
      const marks = [...new Set(rs.flatMap((r) => Object.keys(r.marks)))];
      const m = (xs: number[]): string => `${median(xs).toFixed(0)} [${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;
      console.log(`${dists[i]}: first-screen-ok ${m(rs.map((r) => r.first))} ms; first query_range leaves ${m(rs.map((r) => r.firstRange))} ms; ${marks.map((k) => `${k} ${m(rs.map((r) => r.marks[k] ?? NaN))}`).join('; ')} (${rs.length} loads)`);
    }
  } finally {
    await runCleanups(cleanups);
  }
}

runAsScript(import.meta.url, main);
