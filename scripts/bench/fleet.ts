// The fleet dataset of the benchmark: hundreds of engine instances, hours of history at a 15 s
// scrape, written as OpenMetrics in 2 h chunks and turned into TSDB blocks by promtool, then cached
// under .cache/fleet-<hash>/ (git-ignored) so later runs only copy the blocks.
//
// Cost control (a full simulation of 250 instances × 6 h would take an hour and ~20 GB of text):
// - a few *prototype* instances are simulated (2 per model for vLLM, 4 for SGLang); every fleet
//   instance is a clone of one prototype under its own `instance` label, its counters and
//   histograms scaled by a per-instance factor in [0.7, 1.3] (rates differ, quantiles and ratios
//   stay those of the prototype; gauges are copied);
// - only the families the dashboard's first screen and the per-instance panels query are kept
//   (stat row, Requests, Throughput, Saturation, TTFT/ITL/E2E, MFU/FLOPs/bandwidth), no `_created`;
// - one OpenMetrics file per hour of history, turned into a block by promtool while the next hour
//   is generated, and deleted as soon as promtool has read it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { join } from 'node:path';
import { catalogs, referencedMetrics, type EngineCatalog } from '../../src/catalog/index.ts';
import { advanceFleet, createFleet } from '../../sim/index.ts';
import type { SimInstance } from '../../sim/instance.ts';
import type { Fleet } from '../../sim/fleet.ts';
import { ensurePrometheus } from '../lib/binaries.ts';
import { startPrometheus, type BackendProcess } from '../lib/prometheus.ts';

export interface FleetParams {
  vllm: number;
  sglang: number;
  models: string[];
  hours: number;
  scrapeSec: number;
  seed: number;
  /** Simulated prototypes per model (vLLM) and in all (SGLang). */
  vllmPrototypesPerModel: number;
  sglangPrototypes: number;
}

export const FLEET_MODELS = [
  'meta-llama/Llama-3.1-8B-Instruct',
  'Qwen/Qwen2.5-32B-Instruct',
  'meta-llama/Llama-3.3-70B-Instruct',
  'Qwen/Qwen3-8B',
  'mistralai/Mistral-Small-24B-Instruct',
  'deepseek-ai/DeepSeek-R1-Distill-Qwen-14B',
  'google/gemma-3-27b-it',
  'microsoft/phi-4',
];

export const DEFAULT_FLEET: FleetParams = {
  vllm: 200,
  sglang: 50,
  models: FLEET_MODELS,
  hours: 6,
  scrapeSec: 15,
  seed: 7,
  vllmPrototypesPerModel: 2,
  sglangPrototypes: 4,
};

// Bump when the generator's output changes, so stale caches are not reused.
const GENERATOR_VERSION = 1;
const BLOCK_MS = 2 * 3_600_000;
// One OpenMetrics file per hour: promtool reads one while the next is written (2 cores).
const CHUNK_MS = 3_600_000;

export interface FleetDataset {
  dir: string; // the cache dir
  blocksDir: string; // TSDB blocks, to copy into a fresh data dir
  endMs: number; // last sample time (epoch ms)
  startMs: number;
  generated: boolean; // false: taken from the cache
  meta: FleetMeta;
}

export interface FleetMeta {
  params: FleetParams;
  startMs: number;
  endMs: number;
  samples: number;
  series: number;
  openMetricsBytes: number;
  generateSeconds: number;
  promtoolSeconds: number;
  totalSeconds: number;
  blocksBytes: number;
}

/** Panels whose families the fleet keeps (first screen, plus the per-instance ones). */
const KEEP_SECTIONS = new Set(['requests']);
const KEEP_PANELS = new Set([
  'output-tokens-rate',
  'prompt-tokens-rate',
  'total-tokens-rate',
  'gen-throughput',
  'ttft',
  'itl',
  'e2e-latency',
  'running-requests',
  'waiting-requests',
  'kv-cache-usage',
  'mfu',
  'flops-per-gpu',
  'memory-bandwidth-per-gpu',
]);

/** Stored series names (as the sim writes them) that the kept panels and stat tiles reference. */
export function keptSeriesNames(catalog: EngineCatalog): Set<string> {
  const ids = new Set<string>();
  const add = (expr: string): void => {
    for (const id of referencedMetrics(expr)) ids.add(id);
  };
  for (const s of catalog.stats) for (const a of s.query.alternatives) add(a.expr);
  for (const p of catalog.panels) {
    if (!KEEP_SECTIONS.has(p.section) && !KEEP_PANELS.has(p.id)) continue;
    for (const q of p.queries) for (const a of q.alternatives) add(a.expr);
  }
  const names = new Set<string>();
  for (const id of ids) for (const v of catalog.metrics[id]?.variants ?? []) names.add(v);
  return names;
}

export function fleetHash(p: FleetParams): string {
  return createHash('sha256').update(JSON.stringify({ p, v: GENERATOR_VERSION })).digest('hex').slice(0, 12);
}

export function dirSize(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

/** Deterministic factor in [0.7, 1.3] per clone. */
function scaleOf(key: string): number {
  const h = createHash('md5').update(key).digest();
  return 0.7 + (0.6 * (h.readUInt32LE(0) / 2 ** 32));
}

export interface Clone {
  instance: string;
  scale: number;
}

export interface FleetClone extends Clone {
  engine: 'vllm' | 'sglang';
  /** Index of the clone within its engine, and of its prototype among that engine's prototypes. */
  index: number;
  proto: number;
}

/** Every fleet instance: its `instance` label, its scale and the prototype it copies. */
export function fleetClones(params: FleetParams, vProtos: number, sProtos: number): FleetClone[] {
  const out: FleetClone[] = [];
  for (let i = 0; i < params.vllm; i++) {
    out.push({ engine: 'vllm', index: i, proto: i % vProtos, instance: `10.0.${Math.floor(i / 200)}.${(i % 200) + 10}:8000`, scale: scaleOf(`v${i}`) });
  }
  for (let i = 0; i < params.sglang; i++) {
    out.push({ engine: 'sglang', index: i, proto: i % sProtos, instance: `10.1.${Math.floor(i / 200)}.${(i % 200) + 10}:30000`, scale: scaleOf(`s${i}`) });
  }
  return out;
}

const MARK = '\u0001';

/** Renders one prototype's kept samples at one time, once per clone. */
function renderClones(proto: SimInstance, clones: Clone[], keep: Set<string>, tsSec: string, out: string[], split: Map<string, [string, string]>): number {
  const lines: string[] = [];
  proto.renderOpenMetrics(lines, { instance: MARK, job: proto.spec.engine }, tsSec);
  let n = 0;
  for (const line of lines) {
    const brace = line.indexOf('{');
    const name = brace < 0 ? line.slice(0, line.indexOf(' ')) : line.slice(0, brace);
    if (!keep.has(name)) continue;
    const sp2 = line.lastIndexOf(' ');
    const sp1 = line.lastIndexOf(' ', sp2 - 1);
    const series = line.slice(0, sp1);
    const value = Number(line.slice(sp1 + 1, sp2));
    let parts = split.get(series);
    if (!parts) {
      const m = series.indexOf(MARK);
      parts = [series.slice(0, m), series.slice(m + 1)];
      split.set(series, parts);
    }
    const scaled = name.endsWith('_total') || name.endsWith('_bucket') || name.endsWith('_sum') || name.endsWith('_count');
    for (const c of clones) {
      const v = scaled && Number.isFinite(value) ? value * c.scale : value;
      out.push(`${parts[0]}${c.instance}${parts[1]} ${Number.isNaN(v) ? 'NaN' : v} ${tsSec}`);
      n++;
    }
  }
  return n;
}

/** The simulated prototypes, advanced to one step before `startMs` (the same for the same params). */
export function prototypeFleet(params: FleetParams, startMs: number): Fleet {
  const fleet = createFleet({
    vllmInstances: params.vllmPrototypesPerModel * params.models.length,
    sglangInstances: params.sglangPrototypes,
    vllmPort: 8000,
    sglangPort: 30000,
    models: params.models,
    features: 'mfu',
    seed: params.seed,
    tickMs: 1000,
    startMs: startMs - 10 * 60_000, // ten minutes of warm-up before the first sample
  });
  advanceFleet(fleet, startMs - params.scrapeSec * 1000);
  return fleet;
}

export function runPromtool(promtool: string, file: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(promtool, ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=2h', '-q', file, outDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`promtool exited with ${code}: ${err.slice(-2000)}`))));
  });
}

/** The cached fleet dataset, generated first if missing. */
export async function ensureFleet(root: string, promtool: string, params: FleetParams = DEFAULT_FLEET, log: (l: string) => void = () => {}): Promise<FleetDataset> {
  const dir = join(root, `fleet-${fleetHash(params)}`);
  const metaFile = join(dir, 'meta.json');
  const cached = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as FleetMeta) : null;
  // Prometheus keeps 15 days (scripts/lib/prometheus.ts): an older history would be dropped on start.
  if (cached && Date.now() - cached.endMs < 10 * 86_400_000) {
    const meta = cached;
    log(`fleet: cached at ${dir} (${params.vllm} vLLM + ${params.sglang} SGLang, ${meta.series} series, ${meta.samples} samples)`);
    return { dir, blocksDir: join(dir, 'blocks'), endMs: meta.endMs, startMs: meta.startMs, generated: false, meta };
  }
  rmSync(dir, { recursive: true, force: true });
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'blocks'), { recursive: true });
  const t0 = Date.now();
  const stepMs = params.scrapeSec * 1000;
  // History ends on a block boundary before now, so each 2 h chunk is one block.
  const endMs = Math.floor(Date.now() / BLOCK_MS) * BLOCK_MS - stepMs;
  const startMs = endMs - params.hours * 3_600_000 + stepMs;
  const fleet = prototypeFleet(params, startMs);
  const protos = fleet.instances;
  const keepV = keptSeriesNames(catalogs.vllm);
  const keepS = keptSeriesNames(catalogs.sglang);
  const clonesOf = new Map<SimInstance, Clone[]>(protos.map((p) => [p, []]));
  const vProtos = protos.filter((p) => p.spec.engine === 'vllm');
  const sProtos = protos.filter((p) => p.spec.engine === 'sglang');
  for (const c of fleetClones(params, vProtos.length, sProtos.length)) clonesOf.get((c.engine === 'vllm' ? vProtos : sProtos)[c.proto] as SimInstance)?.push(c);
  const splits = new Map<SimInstance, Map<string, [string, string]>>(protos.map((p) => [p, new Map()]));
  let samples = 0;
  let omBytes = 0;
  let genMs = 0;
  let promMs = 0;
  const seriesSeen = new Set<string>();
  let t = startMs;
  let pending: Promise<void> = Promise.resolve();
  while (t <= endMs) {
    const chunkEnd = Math.min(endMs, (Math.floor(t / CHUNK_MS) + 1) * CHUNK_MS - 1);
    const file = join(work, `chunk-${t}.om`);
    const g0 = Date.now();
    const out = createWriteStream(file, { highWaterMark: 1 << 22 });
    for (; t <= chunkEnd; t += stepMs) {
      advanceFleet(fleet, t);
      const ts = (t / 1000).toFixed(3);
      const buf: string[] = [];
      for (const p of protos) samples += renderClones(p, clonesOf.get(p) ?? [], p.spec.engine === 'vllm' ? keepV : keepS, ts, buf, splits.get(p) ?? new Map());
      const text = `${buf.join('\n')}\n`;
      omBytes += text.length;
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end('# EOF\n');
    await once(out, 'finish');
    genMs += Date.now() - g0;
    // At most one promtool at a time, running while the next chunk is generated.
    await pending;
    const soFar = samples;
    pending = (async () => {
      const p0 = Date.now();
      await runPromtool(promtool, file, join(work, 'blocks'));
      promMs += Date.now() - p0;
      rmSync(file);
      log(`fleet: chunk to ${new Date(chunkEnd).toISOString()} in TSDB (${soFar} samples so far, ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    })();
    pending.catch(() => {});
  }
  await pending;
  for (const [p, m] of splits) for (const k of m.keys()) for (const c of clonesOf.get(p) ?? []) seriesSeen.add(`${k}${c.instance}`);
  const meta: FleetMeta = {
    params,
    startMs,
    endMs,
    samples,
    series: seriesSeen.size,
    openMetricsBytes: omBytes,
    generateSeconds: genMs / 1000,
    promtoolSeconds: promMs / 1000,
    totalSeconds: (Date.now() - t0) / 1000,
    blocksBytes: dirSize(join(work, 'blocks')),
  };
  writeFileSync(join(work, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(work, dir);
  log(`fleet: generated in ${meta.totalSeconds.toFixed(0)} s (simulate+write ${meta.generateSeconds.toFixed(0)} s, promtool ${meta.promtoolSeconds.toFixed(0)} s), ${(meta.openMetricsBytes / 2 ** 30).toFixed(2)} GiB OpenMetrics (deleted), blocks ${(meta.blocksBytes / 2 ** 20).toFixed(0)} MiB`);
  return { dir, blocksDir: join(dir, 'blocks'), endMs, startMs, generated: true, meta };
}

/** Copies the cached blocks into a fresh Prometheus data dir. */
export function copyBlocks(ds: FleetDataset, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  for (const e of readdirSync(ds.blocksDir)) cpSync(join(ds.blocksDir, e), join(dataDir, e), { recursive: true });
}

/** Waits until `expr` at `timeMs` is above 0 on the Prometheus at `promUrl` (blocks loaded, targets scraped). */
export async function waitForData(promUrl: string, expr: string, timeMs: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}&time=${timeMs / 1000}`);
      const body = (await res.json()) as { data?: { result?: { value: [number, string] }[] } };
      const v = Number(body.data?.result?.[0]?.value[1] ?? 0);
      if (v > 0) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no data for ${expr} at ${promUrl}`);
}

/**
 * A Prometheus of its own on a copy of the cached fleet's blocks (the cache is never written), on
 * `port`, answering for the dataset's last sample. `stop` ends it and removes the copy.
 */
export async function serveFleet(cacheRoot: string, port: number, log: (l: string) => void): Promise<{ fleet: FleetDataset; proc: BackendProcess; stop: () => Promise<void> }> {
  const { prometheus, promtool } = ensurePrometheus(log);
  const fleet = await ensureFleet(cacheRoot, promtool, DEFAULT_FLEET, log);
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-fleet-'));
  copyBlocks(fleet, join(dir, 'data'));
  const proc = startPrometheus(prometheus, dir, join(dir, 'data'), port, 'global:\n  scrape_interval: 15s\nscrape_configs: []\n', log);
  const stop = async (): Promise<void> => {
    await proc.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForData(proc.url, 'count(vllm:num_requests_running)', fleet.endMs), proc.died]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { fleet, proc, stop };
}
