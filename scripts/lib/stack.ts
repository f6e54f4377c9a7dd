// The whole local stack used by the demo and the end-to-end tests: simulated engines (optionally
// backfilled with hours of history), a real Prometheus (or VictoriaMetrics) scraping them, and a
// handle that stops everything and removes the temporary directory. No global state: several
// stacks on different ports can run in one process.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFleet, ENGINES, type EngineFleet, type EngineKind, type Fleet, METRICS_PATH, startSim, targetOf, type FleetOptions, type SimHandle } from '../../sim/index.ts';
import type { Profile } from '../../sim/engines/presets.ts';
import { runPromtool, writeBackfill } from './backfill.ts';
import { ensurePrometheus, findBinary } from './binaries.ts';
import { type BackendProcess, type ScrapeJob, scrapeConfig, startPrometheus, startVictoriaMetrics, waitForTargetsUp } from './prometheus.ts';
import { EXEMPLAR_STORAGE_FLAG } from './prometheus.ts';
import { engineTargetLabels, type GpuPlan, gpuPlan, gpuScrapeJobs, type GpuStackOptions, renderGpuBackfill } from './gpu-stack.ts';
import { type GpuSimHandle, startGpuSim } from '../../sim/dcgm/index.ts';
import { openStackRouters, podLabels, renderRouterBackfill, routerJobs, type StackRouter } from './router-stack.ts';

export { waitForTargetsUp } from './prometheus.ts';

export interface StackOptions {
  promPort: number; // Prometheus listen port (127.0.0.1)
  /** Engines to simulate (id, or {id, port, instances}); default vLLM and SGLang. Wins over the flat fields. */
  engines?: readonly (EngineKind | EngineFleet)[];
  vllmPort?: number; // first vLLM port, default 8000
  sglangPort?: number; // first SGLang port, default 30000
  vllmInstances?: number; // default 2
  sglangInstances?: number; // default 2
  features?: string; // '' | 'all' | comma list
  profile?: Profile;
  /** Histogram `le` spelling the simulated engines write: 'python' ("1.0", default) or 'int' ("1"). */
  leFormat?: 'python' | 'int';
  backfillMinutes?: number; // default 180; 0 = none
  scrapeInterval?: string; // default '5s'
  seed?: number;
  load?: number; // load multiplier, default 1
  scenario?: string; // sim/scenarios: `kv-bound` or `kv-bound@model,…`
  models?: string[]; // model names, round-robin per engine (any string: hostile names are a test case)
  /** Extra scrape targets per job that nothing listens on (a server that is down: `up == 0`). */
  deadTargets?: Partial<Record<EngineKind, string[]>>;
  /** VictoriaMetrics: API under /prometheus; backfill is skipped for it. */
  backend?: 'prometheus' | 'victoria-metrics';
  /** Prometheus rule files to load (`rule_files:`); ignored for VictoriaMetrics (vmalert's job). */
  ruleFiles?: string[];
  /** Exemplars: the engines serve them over OpenMetrics and Prometheus stores them (exemplar-storage). */
  exemplars?: boolean;
  /** The GPU layer: simulated DCGM exporters and kube-state-metrics, pod identities on the engines. */
  gpus?: GpuStackOptions;
  /** Simulated routers in front of the engines, each scraped as a job named after its kind (docs/routing.md). */
  router?: StackRouter | readonly StackRouter[];
  log?: (line: string) => void;
}

export interface Stack {
  promUrl: string;
  simTargets: string[];
  /** The backend's data directory (blocks written there, e.g. by `promtool tsdb create-blocks-from rules`, load on its restart). */
  dataDir: string;
  stop(): Promise<void>;
  /** Stops one simulated engine (`host:port` of `simTargets`): its target goes down, as after a crash. */
  stopEngine(target: string): Promise<void>;
  /** Restarts one simulated engine on the same port (new process start time, counters from 0). */
  restartEngine(target: string, change?: { kvScale?: number }): Promise<void>;
  /** Puts one simulated vLLM engine to sleep (arrivals stop, `engine_sleep_state` says so), or wakes it. */
  sleepEngine(target: string, asleep: boolean): void;
  /** Stops only the backend process (the engines keep running); for "backend down" tests. */
  stopPrometheus(): Promise<void>;
  /**
   * Starts the backend again on the same port with the same data directory and config, and
   * resolves once every target is scraped again. A no-op while it is running.
   */
  startPrometheus(): Promise<void>;
}

/** The simulated fleet a stack (or a topology) runs, from its options: one place, so none drifts. */
export function fleetOptions(opts: StackOptions): FleetOptions {
  return {
    engines: opts.engines,
    vllmPort: opts.vllmPort,
    sglangPort: opts.sglangPort,
    vllmInstances: opts.vllmInstances,
    sglangInstances: opts.sglangInstances,
    features: opts.features,
    profile: opts.profile,
    leFormat: opts.leFormat,
    seed: opts.seed,
    load: opts.load,
    scenario: opts.scenario,
    models: opts.models,
  };
}

/**
 * One scrape job per engine (job name = engine id, the engine's metrics path), with its live
 * targets and any `dead` ones; engines with neither get no job.
 */
export function scrapeJobs(fleet: Fleet, dead: Partial<Record<EngineKind, string[]>> = {}): ScrapeJob[] {
  return ENGINES.map((job) => ({
    job,
    metricsPath: METRICS_PATH[job],
    targets: [...fleet.instances.filter((i) => i.spec.engine === job).map((i) => `${fleet.host}:${i.spec.port}`), ...(dead[job] ?? [])],
  })).filter((j) => j.targets.length > 0);
}

export function parseDuration(s: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(s.trim());
  if (!m) throw new Error(`bad duration "${s}" (use e.g. 5s, 500ms, 1m)`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * unit;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? ((): void => {});
  const startedAt = Date.now();
  const backend = opts.backend ?? 'prometheus';
  const interval = opts.scrapeInterval ?? '5s';
  const intervalMs = parseDuration(interval);
  const backfillMin = backend === 'prometheus' ? (opts.backfillMinutes ?? 180) : 0;
  if (backend === 'victoria-metrics' && (opts.backfillMinutes ?? 180) > 0) log('backfill skipped for victoria-metrics');
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-stack-'));
  const dataDir = join(dir, 'data');
  let sim: SimHandle | null = null;
  let routers: Awaited<ReturnType<typeof openStackRouters>> = [];
  let proc: BackendProcess | null = null;
  let gpuSim: GpuSimHandle | null = null;
  const cleanup = async (): Promise<void> => {
    await proc?.stop();
    await Promise.all(routers.map((r) => r.close()));
    await sim?.close();
    await gpuSim?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let bin: string;
    let promtool: string | null = null;
    if (backend === 'prometheus') {
      const b = ensurePrometheus(log);
      bin = b.prometheus;
      promtool = b.promtool;
    } else {
      const vm = findBinary('VICTORIA_METRICS_BIN', '/usr/bin/victoria-metrics');
      if (!vm) throw new Error('victoria-metrics not found (set VICTORIA_METRICS_BIN)');
      bin = vm;
    }
    const fleet = createFleet({ ...fleetOptions(opts), startMs: Date.now() - backfillMin * 60_000 });
    const gpu: GpuPlan | null = opts.gpus ? gpuPlan(fleet, opts.gpus) : null;
    // Labels service discovery would put on each engine target: the GPU layer's identity (pod, or
    // the pod IP), else the pod a router names (the EPP joins by pod).
    const engineLabels: ((i: Fleet['instances'][number]) => Record<string, string>) | null = gpu ? (i) => engineTargetLabels(gpu, i) : opts.router ? podLabels : null;
    // Routers before the backfill: they count the backfilled requests too, and their series go in it.
    if (opts.router) routers = await openStackRouters(fleet, opts.router, log);
    if (backfillMin > 0 && promtool) {
      const t0 = Date.now();
      const file = join(dir, 'backfill.om');
      const r = await writeBackfill(fleet, file, intervalMs, Date.now, {
        ...(engineLabels ? { targetLabels: engineLabels } : {}),
        snapshot: (out, t, ts) => {
          if (gpu) renderGpuBackfill(gpu, fleet.host, out, t, ts);
          renderRouterBackfill(routers, out, t, ts);
        },
      });
      const mb = (statSync(file).size / 2 ** 20).toFixed(0);
      log(`backfill: ${backfillMin} min simulated, ${r.snapshots} snapshots, ${r.samples} samples (${mb} MiB) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const t1 = Date.now();
      await runPromtool(promtool, file, dataDir);
      rmSync(file);
      log(`backfill: promtool created blocks in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    }
    sim = await startSim({ fleet, log, exemplars: opts.exemplars });
    const jobs = scrapeJobs(fleet, opts.deadTargets);
    if (engineLabels) {
      for (const j of jobs) {
        j.targetLabels = Object.fromEntries(fleet.instances.filter((i) => i.spec.engine === j.job).map((i) => [targetOf(fleet, i), engineLabels(i)]));
      }
    }
    if (gpu) {
      gpuSim = await startGpuSim(fleet, gpu.port, gpu.dcgm);
      jobs.push(...gpuScrapeJobs(gpu, fleet.host));
    }
    const rules = backend === 'prometheus' ? (opts.ruleFiles ?? []) : [];
    if (routers.length > 0) {
      for (const r of routers) r.start();
      // honor_labels, as the routers' own charts recommend (else a router's `pod` is stored as `exported_pod`).
      jobs.push(...routers.flatMap(routerJobs).map((j) => ({ ...j, honorLabels: true })));
    }
    const config = scrapeConfig(jobs, interval) + (rules.length ? `rule_files:\n${rules.map((f) => `  - ${JSON.stringify(f)}\n`).join('')}` : '');
    const targets = [...sim.targets, ...(gpuSim ? [...gpuSim.exporterTargets, gpuSim.ksmTarget] : []), ...routers.flatMap((r) => r.paths.map(() => r.target))];
    const launch = async (): Promise<BackendProcess> => {
      const p = backend === 'prometheus' ? startPrometheus(bin, dir, dataDir, opts.promPort, config, log, opts.exemplars ? [EXEMPLAR_STORAGE_FLAG] : []) : startVictoriaMetrics(bin, dir, dataDir, opts.promPort, config, log);
      proc = p;
      await Promise.race([waitForTargetsUp(p.url, targets.length, 60_000 + 4 * intervalMs), p.died]);
      log(`${backend} ready at ${p.url}, ${targets.length} targets up (${((Date.now() - startedAt) / 1000).toFixed(1)} s after the stack's start)`);
      return p;
    };
    const url = (await launch()).url;
    let stopped: Promise<void> | null = null;
    let running = true;
    return {
      promUrl: url,
      simTargets: sim.targets,
      dataDir,
      stop: () => {
        stopped ??= cleanup();
        return stopped;
      },
      stopEngine: (target) => sim!.stopInstance(target),
      restartEngine: (target, change) => sim!.restartInstance(target, change),
      sleepEngine: (target, asleep) => sim!.sleepInstance(target, asleep),
      stopPrometheus: async () => {
        running = false;
        await proc?.stop();
      },
      startPrometheus: async () => {
        if (running || stopped) return;
        running = true;
        await launch();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
