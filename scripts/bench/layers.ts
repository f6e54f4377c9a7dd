// What the serving-stack layers cost on the fleet: the Routing section (a production-stack router
// in front of the 200 vLLM instances), the GPUs section and GPU columns (DCGM under all 250
// instances, joined through kube_pod_info), and the Diagnosis region (on every board).
//
// Three Prometheus servers hold the same fleet: alone, with the router layer, with the GPU layer
// (scripts/bench/fleet-layers.ts). Each run loads the board (vLLM, `now-1h` with Date.now pinned to
// the fleet's end, refresh off) on each of the three, in turn, scrolls through the page until every
// panel has settled, then clicks "Refresh now" once with the clock moved one step on. A layer's
// cost is what its board does that the fleet-alone board does not:
// - requests: the API requests whose (path, PromQL or match[]) the fleet-alone load never sent,
//   counted with repeats, and their bytes (body + headers);
// - main thread: CDP ThreadTime (main-thread CPU) of the load (navigation to every panel settled)
//   and of the refresh (click to the last answer plus two frames), with the layer minus without
//   (medians over runs; the difference of two noisy medians: see the min/max).
// The Diagnosis region's own requests are the glued instant queries carrying its signal label.
//
// Alone (after `npm run build`; generates the fleet and its layers into .cache/ when missing):
//   npx tsx scripts/bench/layers.ts        (BENCH_RUNS; ports from BENCH_LAYERS_PORT, default 4290)
import { mkdtempSync, readdirSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page, Request } from '@playwright/test';
import { preview } from 'vite';
import { SIGNAL_LABEL } from '../../src/dashboard/diagnosis/signals.ts';
import { ensurePrometheus } from '../lib/binaries.ts';
import { startPrometheus, type BackendProcess } from '../lib/prometheus.ts';
import { requestForm } from '../lib/request-form.ts';
import { launch, newContext, scrollThrough, waitSettled } from './browser.ts';
import { copyBlocks, DEFAULT_FLEET, ensureFleet, waitForData, type FleetDataset } from './fleet.ts';
import { ensureLayers, type FleetLayers, type Layer } from './fleet-layers.ts';
import { metricsMs } from './refresh.ts';
import { knob } from './options.ts';
import { measured } from './figures.ts';
import { emit, median, progress, runAsScript } from './stats.ts';

const STEP_MS = 15_000;
type Variant = 'fleet' | Layer;
const VARIANTS: readonly Variant[] = ['fleet', 'router', 'gpus'];
/** What tells the layer's board has it: the section it adds. */
const SECTION: Record<Layer, string> = { router: '[data-section-id="routing"]', gpus: '[data-section-id="gpus"]' };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface ApiCall {
  key: string;
  kind: string;
  bytes: number;
  diagnosis: boolean;
}

/** Every /api/v1/ request of a page, with its bytes once finished. */
class ApiLog {
  readonly calls: ApiCall[] = [];
  inflight = 0;
  constructor(page: Page) {
    const api = (r: Request): string | null => {
      const p = new URL(r.url()).pathname;
      const i = p.indexOf('/api/v1/');
      return i < 0 ? null : p.slice(i + 8);
    };
    const byReq = new Map<Request, ApiCall>();
    page.on('request', (r) => {
      const kind = api(r);
      if (kind === null) return;
      const form = requestForm(r);
      const q = form.get('query') ?? form.getAll('match[]').join('|');
      const call = { key: `${kind} ${q}`, kind, bytes: 0, diagnosis: q.includes(`"${SIGNAL_LABEL}"`) };
      byReq.set(r, call);
      this.calls.push(call);
      this.inflight++;
    });
    page.on('requestfinished', (r) => {
      const call = byReq.get(r);
      if (!call) return;
      r.sizes()
        .then((s) => (call.bytes = s.responseBodySize + s.responseHeadersSize))
        .catch(() => {})
        .finally(() => this.inflight--);
    });
    page.on('requestfailed', (r) => {
      if (byReq.has(r)) this.inflight--;
    });
  }
  async idle(): Promise<void> {
    const deadline = Date.now() + 120_000;
    await sleep(300);
    while (this.inflight > 0 && Date.now() < deadline) await sleep(20);
  }
}

interface RunResult {
  load: ApiCall[];
  refresh: ApiCall[];
  loadCpu: number;
  refreshCpu: number;
  hasSection: boolean;
}

async function oneRun(browser: Browser, app: string, promUrl: string, endMs: number, section: string | null): Promise<RunResult> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    await page.clock.setFixedTime(endMs);
    const log = new ApiLog(page);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${app}/?prom=${encodeURIComponent(promUrl)}&engine=vllm&from=now-1h&to=now&refresh=off`);
    await waitSettled(page, 'first');
    const hasSection = section ? await page.locator(section).waitFor({ timeout: 60_000 }).then(() => true, () => false) : false;
    await scrollThrough(page);
    await waitSettled(page, 'all');
    await log.idle();
    const loadCpu = (await metricsMs(cdp)).cpu;
    const load = log.calls.slice();
    await page.clock.setFixedTime(endMs + STEP_MS);
    const c0 = (await metricsMs(cdp)).cpu;
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await log.idle();
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    const refreshCpu = (await metricsMs(cdp)).cpu - c0;
    return { load, refresh: log.calls.slice(load.length), loadCpu, refreshCpu, hasSection };
  } finally {
    await ctx.close();
  }
}

const sum = (xs: readonly ApiCall[]): number => xs.reduce((s, c) => s + c.bytes, 0);

export async function benchLayers(browser: Browser, app: string, servers: Record<Variant, string>, endMs: number, runs: number): Promise<void> {
  const results: Record<Variant, RunResult[]> = { fleet: [], router: [], gpus: [] };
  for (let run = -1; run < runs; run++) {
    for (const v of VARIANTS) {
      const r = await oneRun(browser, app, servers[v], endMs, v === 'fleet' ? null : SECTION[v]);
      if (v !== 'fleet' && !r.hasSection) throw new Error(`the ${v} layer's section did not appear: nothing to measure`);
      progress(`layers ${v} run ${run + 1}/${runs}: load ${r.load.length} requests, ${r.loadCpu.toFixed(0)} ms CPU; refresh ${r.refresh.length} requests, ${r.refreshCpu.toFixed(0)} ms CPU`);
      if (run >= 0) results[v].push(r);
    }
  }
  const base = results.fleet;
  const baseKeys = new Set(base.flatMap((r) => [...r.load, ...r.refresh].map((c) => c.key)));
  const extra = { dataset: 'fleet' as const };
  for (const layer of ['router', 'gpus'] as const) {
    const rs = results[layer];
    const own = (cs: readonly ApiCall[]) => cs.filter((c) => !baseKeys.has(c.key));
    const kinds = (cs: readonly ApiCall[]) => Object.fromEntries([...new Set(cs.map((c) => c.kind))].map((k) => [k, cs.filter((c) => c.kind === k).length]));
    const x = { ...extra, layer, byKind: kinds(own(rs[0]?.refresh ?? [])), distinctOnLoad: new Set(own(rs[0]?.load ?? []).map((c) => c.key)).size };
    emit(measured('layer-requests-per-load', rs.map((r) => own(r.load).length), x, { runs }));
    emit(measured('layer-bytes-per-load', rs.map((r) => sum(own(r.load))), x, { runs }));
    emit(measured('layer-requests-per-refresh', rs.map((r) => own(r.refresh).length), x, { runs }));
    emit(measured('layer-bytes-per-refresh', rs.map((r) => sum(own(r.refresh))), x, { runs }));
    const m = (xs: number[]) => Math.round(median(xs) * 10) / 10;
    const with_ = { load: m(rs.map((r) => r.loadCpu)), refresh: m(rs.map((r) => r.refreshCpu)) };
    const without = { load: m(base.map((r) => r.loadCpu)), refresh: m(base.map((r) => r.refreshCpu)) };
    emit(measured('layer-main-thread-per-load', rs.map((r, i) => r.loadCpu - (base[i]?.loadCpu ?? 0)), { ...x, withLayerMedian: with_.load, withoutMedian: without.load, differenceOfMedians: m([with_.load - without.load]) }, { runs }));
    emit(measured('layer-main-thread-per-refresh', rs.map((r, i) => r.refreshCpu - (base[i]?.refreshCpu ?? 0)), { ...x, withLayerMedian: with_.refresh, withoutMedian: without.refresh, differenceOfMedians: m([with_.refresh - without.refresh]) }, { runs }));
  }
  const diag = (cs: readonly ApiCall[]) => cs.filter((c) => c.diagnosis);
  emit(measured('diagnosis-requests-per-refresh', base.map((r) => diag(r.refresh).length), { ...extra, onLoad: median(base.map((r) => diag(r.load).length)) }, { runs }));
  emit(measured('diagnosis-bytes-per-refresh', base.map((r) => sum(diag(r.refresh))), extra, { runs }));
}

/** Starts a Prometheus over the fleet's blocks plus, for a layer, that layer's blocks. */
function serve(prometheus: string, ds: FleetDataset, layers: FleetLayers, v: Variant, port: number, dirs: string[]): BackendProcess {
  const dir = mkdtempSync(join(tmpdir(), `inferwatch-layers-${v}-`));
  dirs.push(dir);
  copyBlocks(ds, join(dir, 'data'));
  if (v !== 'fleet') for (const e of readdirSync(layers.blocksDir[v])) cpSync(join(layers.blocksDir[v], e), join(dir, 'data', e), { recursive: true });
  return startPrometheus(prometheus, dir, join(dir, 'data'), port, 'global:\n  scrape_interval: 15s\nscrape_configs: []\n', progress);
}

/** The three servers for `benchLayers`, on ports port, port+1, port+2. */
export async function serveLayers(cacheRoot: string, port: number): Promise<{ servers: Record<Variant, string>; fleet: FleetDataset; stop: () => Promise<void> }> {
  const { prometheus, promtool } = ensurePrometheus(progress);
  const fleet = await ensureFleet(cacheRoot, promtool, DEFAULT_FLEET, progress);
  const layers = await ensureLayers(cacheRoot, promtool, fleet, DEFAULT_FLEET, progress);
  const dirs: string[] = [];
  const procs = VARIANTS.map((v, i) => serve(prometheus, fleet, layers, v, port + i, dirs));
  const stop = async (): Promise<void> => {
    await Promise.all(procs.map((p) => p.stop()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    await Promise.all(procs.map((p) => waitForData(p.url, 'count(vllm:num_requests_running)', fleet.endMs, 180_000)));
    await waitForData(procs[1]!.url, 'count(vllm:current_qps)', fleet.endMs, 60_000);
    await waitForData(procs[2]!.url, 'count(DCGM_FI_DEV_GPU_UTIL)', fleet.endMs, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { servers: { fleet: procs[0]!.url, router: procs[1]!.url, gpus: procs[2]!.url }, fleet, stop };
}

async function alone(): Promise<void> {
  const root = resolve(import.meta.dirname, '..', '..');
  const port = knob('BENCH_LAYERS_PORT');
  const server = await preview({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: knob('BENCH_DIST') ?? join(root, 'dist') }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  const { servers, fleet, stop } = await serveLayers(join(root, '.cache'), port + 1);
  const browser = await launch();
  try {
    await benchLayers(browser, `http://127.0.0.1:${port}`, servers, fleet.endMs, knob('BENCH_RUNS'));
  } finally {
    await browser.close();
    await stop();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}

runAsScript(import.meta.url, alone);
