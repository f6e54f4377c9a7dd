// Bench figures for the recording rules (issue 14): the fleet dataset served twice, raw only and
// with the rules pack's recording rules backfilled (`promtool tsdb create-blocks-from rules`), and
// the board's first screen on each, side by side: time, query_range bytes, Prometheus' own
// execution time and samples touched (the first screen's requests replayed with `stats=all`), and
// how far the recorded answers are from the raw ones. Run with BENCH_DATASETS=rules.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogs, expandQuery, resolveMetrics, type QuerySpec } from '../../src/catalog/index.ts';
import { generateRules, toYaml, type YamlValue } from '../../src/rules/index.ts';
import { expandRecorded, loadRecordedGrammar } from '../../src/rules/recorded.ts';
import { ensurePrometheus } from '../lib/binaries.ts';
import { startPrometheus, type BackendProcess } from '../lib/prometheus.ts';
import { launch, newContext, RequestLog, waitSettled, type Captured } from './browser.ts';
import { copyBlocks, DEFAULT_FLEET, ensureFleet } from './fleet.ts';
import { knob } from './options.ts';
import { measured, single, stated } from './figures.ts';
import { emit, median, progress, runAsScript, runCleanups } from './stats.ts';

const RANGE_MS = 3_600_000;
const CONFIG = 'global:\n  scrape_interval: 15s\n  evaluation_interval: 15s\nscrape_configs: []\n';

async function api<T>(url: string, body?: string): Promise<T> {
  const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  const json = (await res.json()) as { status: string; data: T; error?: string };
  if (json.status !== 'success') throw new Error(`${url}: ${json.error ?? res.status}`);
  return json.data;
}

async function waitReady(p: BackendProcess, timeMs: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const d = await api<{ result: unknown[] }>(`${p.url}/api/v1/query?query=${encodeURIComponent('count(vllm:num_requests_running)')}&time=${timeMs / 1000}`);
      if (d.result.length > 0) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${p.url} not ready`);
}

/** The recording groups of both engines' packs, names resolved against the fleet backend. */
function recordingYaml(names: string[]): { yaml: string; rules: number } {
  const groups = (['vllm', 'sglang'] as const).flatMap((engine) => generateRules({ engine, metricNames: names }).groups.filter((g) => g.name.endsWith('-recording') && !g.name.includes('slo')));
  const doc: YamlValue = { groups: groups.map((g) => ({ name: g.name, rules: g.rules.map((r): YamlValue => ('record' in r ? { record: r.record, expr: r.expr } : {})) })) };
  return { yaml: toYaml(doc), rules: groups.reduce((n, g) => n + g.rules.length, 0) };
}

interface Backfill {
  dir: string;
  seconds: number;
  bytes: number;
  cached: boolean;
}

/** Backfilled blocks, cached under .cache/ by fleet, rules, window and interval. */
function backfill(cacheRoot: string, fleetDir: string, yaml: string, url: string, startMs: number, endMs: number, promtool: string, MINUTES: number, EVAL: string): Backfill {
  const key = createHash('sha256').update(`${fleetDir}\n${yaml}\n${startMs}\n${endMs}\n${EVAL}`).digest('hex').slice(0, 12);
  const dir = join(cacheRoot, `rules-backfill-${key}`);
  const meta = join(dir, 'meta.json');
  if (existsSync(meta)) return { ...(JSON.parse(readFileSync(meta, 'utf8')) as Omit<Backfill, 'cached' | 'dir'>), dir, cached: true };
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'blocks'), { recursive: true });
  writeFileSync(join(work, 'rules.yml'), yaml);
  progress(`rules: backfilling ${MINUTES} min at ${EVAL} with promtool (can take minutes)`);
  const t0 = performance.now();
  execFileSync(promtool, ['tsdb', 'create-blocks-from', 'rules', `--start=${Math.floor(startMs / 1000)}`, `--end=${Math.floor(endMs / 1000)}`, `--url=${url}`, `--output-dir=${join(work, 'blocks')}`, `--eval-interval=${EVAL}`, '--quiet', join(work, 'rules.yml')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = (performance.now() - t0) / 1000;
  const bytes = Number(execFileSync('du', ['-sb', join(work, 'blocks')], { encoding: 'utf8' }).split('\t')[0]);
  writeFileSync(join(work, 'meta.json'), `${JSON.stringify({ seconds, bytes })}\n`);
  renameSync(work, dir);
  return { dir, seconds, bytes, cached: false };
}

interface Load {
  t: number;
  bytes: number;
  reqs: Captured[];
  recorded: number;
}

async function load(browser: Awaited<ReturnType<typeof launch>>, url: string): Promise<Load> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    const log = new RequestLog(page);
    await page.goto(url);
    // Generous: on a shared machine a cold fleet first screen has taken over 2 minutes.
    const { t } = await waitSettled(page, 'first', 300_000);
    const reqs = log.all.slice();
    // Response sizes arrive asynchronously after requestfinished.
    await new Promise((r) => setTimeout(r, 300));
    return { t, bytes: log.bytes, reqs, recorded: reqs.filter((r) => /\b[a-z_]+:[a-z0-9_]+:(rate\w+|sum|max|count)\b/.test(r.expr)).length };
  } finally {
    await ctx.close();
  }
}

interface ServerCost {
  execSec: number;
  samples: number;
}

/** The captured requests replayed one at a time with `stats=all`: Prometheus' own accounting. */
async function serverCost(reqs: Captured[]): Promise<ServerCost> {
  let execSec = 0;
  let samples = 0;
  for (const r of reqs) {
    const d = await api<{ stats?: { timings?: { execTotalTime?: number }; samples?: { totalQueryableSamples?: number } } }>(r.url, `${r.body}&stats=all`);
    execSec += d.stats?.timings?.execTotalTime ?? 0;
    samples += d.stats?.samples?.totalQueryableSamples ?? 0;
  }
  return { execSec, samples };
}

type Matrix = { metric: Record<string, string>; values: [number, string][] }[];

/** Relative differences recorded vs raw over every point of every rewritten vLLM panel query. */
async function agreement(url: string, names: Set<string>, recordedNames: Set<string>, startSec: number, endSec: number): Promise<{ queries: number; p50: number; p99: number; max: number; worst: string }> {
  const catalog = catalogs.vllm;
  const resolved = resolveMetrics(catalog.metrics, names);
  const ctx = { resolved, filters: {}, rateInterval: '1m', by: ['model_name'] };
  const diffs: number[] = [];
  let worst = { d: 0, id: '' };
  let queries = 0;
  const qs: Array<{ id: string; q: QuerySpec }> = catalog.panels.filter((p) => p.chart !== 'table' && p.chart !== 'distribution').flatMap((p) => p.queries.map((q) => ({ id: `${p.id}/${q.id}`, q })));
  for (const { id, q } of qs) {
    const raw = expandQuery(q, catalog, ctx);
    if ('missing' in raw) continue;
    const rec = expandRecorded(q, catalog, ctx, recordedNames, raw);
    if (!rec) continue;
    queries++;
    const body = (e: string) => new URLSearchParams({ query: e, start: String(startSec), end: String(endSec), step: '15' }).toString();
    const [a, b] = await Promise.all([api<{ result: Matrix }>(`${url}/api/v1/query_range`, body(raw.expr)), api<{ result: Matrix }>(`${url}/api/v1/query_range`, body(rec.expr))]);
    const key = (m: Record<string, string>) => JSON.stringify(Object.entries(m).filter(([k]) => k !== '__name__').sort());
    const rawBy = new Map(a.result.map((s) => [key(s.metric), new Map(s.values.map(([t, v]) => [t, Number(v)]))]));
    for (const s of b.result) {
      const r = rawBy.get(key(s.metric));
      if (!r) continue;
      for (const [t, v] of s.values) {
        const x = r.get(t);
        if (x === undefined || !Number.isFinite(x) || !Number.isFinite(Number(v))) continue;
        const d = Math.abs(Number(v) - x) / Math.max(Math.abs(x), 1e-9);
        diffs.push(d);
        if (d > worst.d) worst = { d, id };
      }
    }
  }
  const s = [...diffs].sort((x, y) => x - y);
  const at = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? NaN;
  return { queries, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN, worst: worst.id };
}

export async function rulesBench(root: string, app: string): Promise<void> {
  await loadRecordedGrammar();
  const RUNS = knob('BENCH_RUNS');
  /** Minutes backfilled before the fleet's end: the first screen's hour, plus its lookback. */
  const MINUTES = knob('BENCH_RULES_MINUTES');
  const EVAL = knob('BENCH_RULES_EVAL');
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const { prometheus, promtool } = ensurePrometheus(progress);
    const cacheRoot = join(root, '.cache');
    const fleet = await ensureFleet(cacheRoot, promtool, DEFAULT_FLEET, progress);
    const tmp = mkdtempSync(join(tmpdir(), 'inferwatch-bench-rules-'));
    cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
    const start = (name: string, port: number): BackendProcess => {
      const dir = join(tmp, name);
      copyBlocks(fleet, join(dir, 'data'));
      const p = startPrometheus(prometheus, dir, join(dir, 'data'), port, CONFIG, progress);
      cleanups.unshift(() => p.stop());
      return p;
    };
    const rawProm = start('raw', 29495);
    await waitReady(rawProm, fleet.endMs);
    const names = await api<string[]>(`${rawProm.url}/api/v1/label/__name__/values`);
    const { yaml, rules } = recordingYaml(names);
    const bf = backfill(cacheRoot, fleet.dir, yaml, rawProm.url, fleet.endMs - MINUTES * 60_000, fleet.endMs, promtool, MINUTES, EVAL);
    progress(`rules: ${rules} recording rules backfilled in ${bf.seconds.toFixed(0)} s${bf.cached ? ' (cached)' : ''}, ${(bf.bytes / 2 ** 20).toFixed(1)} MiB of blocks`);
    // The recorded copy: the fleet's blocks plus the backfilled ones in one data dir.
    const recDir = join(tmp, 'recorded');
    copyBlocks(fleet, join(recDir, 'data'));
    for (const e of readdirSync(join(bf.dir, 'blocks'))) cpSync(join(bf.dir, 'blocks', e), join(recDir, 'data', e), { recursive: true });
    const recProm = startPrometheus(prometheus, recDir, join(recDir, 'data'), 29496, CONFIG, progress);
    cleanups.unshift(() => recProm.stop());
    await waitReady(recProm, fleet.endMs);
    const series = await api<{ result: { value: [number, string] }[] }>(`${recProm.url}/api/v1/query?query=${encodeURIComponent('count({__name__=~".+:.+:.+"})')}&time=${fleet.endMs / 1000}`);
    emit(single('rules-backfill', Math.round(bf.seconds), { dataset: 'fleet', cached: bf.cached, recordingRules: rules, minutes: MINUTES, evalInterval: EVAL, blocksBytes: bf.bytes, recordedSeries: Number(series.result[0]?.value[1] ?? 0) }, { evalInterval: EVAL, minutes: MINUTES }));

    const browser = await launch();
    cleanups.unshift(() => browser.close());
    const urlFor = (prom: string) => `${app}/?prom=${encodeURIComponent(prom)}&from=${fleet.endMs - RANGE_MS}&to=${fleet.endMs}&refresh=off`;
    const targets = [
      { name: 'raw', prom: rawProm.url },
      { name: 'recorded', prom: recProm.url },
    ] as const;
    const out: Record<string, { t: number[]; bytes: number[]; exec: number[]; samples: number[]; requests: number; recorded: number }> = {};
    for (const t of targets) out[t.name] = { t: [], bytes: [], exec: [], samples: [], requests: 0, recorded: 0 };
    // Back to back, alternating which goes first; one warm-up load of each, not counted.
    for (let run = -1; run < RUNS; run++) {
      for (const t of run % 2 === 0 ? [...targets].reverse() : targets) {
        const l = await load(browser, urlFor(t.prom));
        const cost = await serverCost(l.reqs);
        if (run < 0) continue;
        const o = out[t.name]!;
        o.t.push(l.t);
        o.bytes.push(l.bytes);
        o.exec.push(cost.execSec * 1000);
        o.samples.push(cost.samples);
        o.requests = l.reqs.length;
        o.recorded = l.recorded;
        progress(`rules ${t.name} ${run + 1}/${RUNS}: first screen ${l.t.toFixed(0)} ms, ${(l.bytes / 1024).toFixed(0)} KiB, server exec ${(cost.execSec * 1000).toFixed(0)} ms, ${cost.samples} samples, ${l.recorded}/${l.reqs.length} requests on recorded series`);
      }
    }
    for (const t of targets) {
      const o = out[t.name]!;
      const extra = { dataset: 'fleet' as const, backend: t.name, requests: o.requests, requestsOnRecorded: o.recorded };
      emit(measured('rules-first-screen-ok', o.t, extra, { runs: RUNS }));
      emit(measured('rules-first-screen-bytes', o.bytes, extra, { runs: RUNS }));
      emit(measured('rules-server-exec', o.exec, extra, { runs: RUNS }));
      emit(measured('rules-queryable-samples', o.samples, extra));
    }
    const rn = await api<{ result: { metric: { __name__?: string } }[] }>(`${recProm.url}/api/v1/query`, new URLSearchParams({ query: 'group by (__name__) ({__name__=~".+:.+:.+"})', time: String((fleet.endMs - RANGE_MS) / 1000 - 60) }).toString());
    const recordedNames = new Set(rn.result.flatMap((s) => (s.metric.__name__ ? [s.metric.__name__] : [])));
    const agree = await agreement(recProm.url, new Set(names), recordedNames, (fleet.endMs - RANGE_MS) / 1000, fleet.endMs / 1000);
    emit(stated('rules-recorded-vs-raw', { median: agree.p50, min: 0, max: agree.max, spreadPct: 0, runs: 1 }, { dataset: 'fleet', p99: agree.p99, queries: agree.queries, worstQuery: agree.worst }, { evalInterval: EVAL }));
    progress(`rules: first screen raw ${median(out.raw!.t).toFixed(0)} ms vs recorded ${median(out.recorded!.t).toFixed(0)} ms`);
  } finally {
    await runCleanups(cleanups);
  }
}

// Standalone: `npx tsx scripts/bench/rules.ts` builds into its own directory and previews on its
// own port, so it can run beside another bench (`npm run bench` uses .cache/bench-dist and :4190).
async function alone(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..');
  const outDir = join(root, '.cache', 'rules-bench-dist');
  const port = knob('BENCH_RULES_PORT');
  const { buildDist } = await import('./bundle.ts');
  const { preview } = await import('vite');
  progress(`building the app into ${outDir}`);
  await buildDist(outDir);
  const server = await preview({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  try {
    await rulesBench(root, `http://127.0.0.1:${port}`);
  } finally {
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}

runAsScript(import.meta.url, alone);
