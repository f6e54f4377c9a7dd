// Starts the Prometheus servers of a topology (see topology-config.ts) in front of targets that
// are already running, and the demo's whole stack per topology. Every process and the temporary
// directory are removed by `stop()`, also when starting fails half-way.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFleet, startSim, type SimHandle } from '../../sim/index.ts';
import { ensurePrometheus, findBinary } from './binaries.ts';
import { type BackendProcess, type ScrapeJob, scrapeConfig, startPrometheus, startProcess } from './prometheus.ts';
import { fleetOptions, parseDuration, scrapeJobs, startStack, type StackOptions } from './stack.ts';
import { CLUSTER_NAMES, clusterConfig, ENGINE_JOBS_UP, globalConfig, shardConfig, shardKeys, shardOfTarget, splitByCluster, type Topology } from './topology-config.ts';

export { TOPOLOGIES, type Topology } from './topology-config.ts';

export interface ScrapersOptions {
  topology: Topology;
  jobs: ScrapeJob[];
  /** The port of what the board reads; the other servers take the next ports (port+1, port+2). */
  port: number;
  interval?: string; // default '5s'
  log?: (line: string) => void;
}

export interface ServerInfo {
  role: string; // 'victoria-metrics', 'shard 0', 'cluster east', 'global', 'prometheus'
  url: string; // API base
}

export interface Scrapers {
  /** The API base the board reads. */
  url: string;
  servers: ServerInfo[];
  stop(): Promise<void>;
}

const ENGINE_UP = `${ENGINE_JOBS_UP} == 1`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves once `count(expr)` reaches `want` on the server at `url`. */
async function waitForCount(url: string, expr: string, want: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(`count(${expr})`)}`);
      const body = (await res.json()) as { data?: { result?: { value?: [number, string] }[] } };
      const n = Number(body.data?.result?.[0]?.value?.[1] ?? 0);
      if (n >= want) return;
      last = `${n}/${want}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(500);
  }
  throw new Error(`count(${expr}) did not reach ${want} at ${url} within ${timeoutMs} ms (last: ${last})`);
}

const total = (jobs: ScrapeJob[]): number => jobs.reduce((n, j) => n + j.targets.length, 0);

export async function startScrapers(opts: ScrapersOptions): Promise<Scrapers> {
  const log = opts.log ?? ((): void => {});
  const interval = opts.interval ?? '5s';
  const timeout = 60_000 + 8 * parseDuration(interval);
  const { prometheus } = ensurePrometheus(log);
  const dir = mkdtempSync(join(tmpdir(), `inferwatch-${opts.topology}-`));
  const procs: BackendProcess[] = [];
  const servers: ServerInfo[] = [];
  let store: BackendProcess | null = null;
  const stop = async (): Promise<void> => {
    // The shards first: a Prometheus flushes its remote_write queue on shutdown and, with the store
    // already gone, would wait for it up to --storage.remote.flush-deadline (1 min).
    await Promise.all(procs.filter((p) => p !== store).map((p) => p.stop()));
    await store?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const prom = (name: string, port: number, config: string, role: string): BackendProcess => {
    const sub = join(dir, name);
    mkdirSync(sub);
    const p = startPrometheus(prometheus, sub, join(sub, 'data'), port, config, log);
    procs.push(p);
    servers.push({ role, url: p.url });
    return p;
  };
  const ready = (p: BackendProcess, expr: string, want: number): Promise<void> =>
    Promise.race([waitForCount(p.url, expr, want, timeout), p.died]);
  try {
    let url: string;
    if (opts.topology === 'single') {
      const p = prom('single', opts.port, scrapeConfig(opts.jobs, interval), 'prometheus');
      await ready(p, ENGINE_UP, total(opts.jobs));
      url = p.url;
    } else if (opts.topology === 'sharded') {
      const vmBin = findBinary('VICTORIA_METRICS_BIN', '/usr/bin/victoria-metrics');
      if (!vmBin) throw new Error('victoria-metrics not found (set VICTORIA_METRICS_BIN)');
      const vmDir = join(dir, 'vm');
      const args = [`-storageDataPath=${vmDir}`, `-httpListenAddr=127.0.0.1:${opts.port}`, '-retentionPeriod=30d', '-loggerLevel=WARN'];
      const vm = startProcess(vmBin, args, `http://127.0.0.1:${opts.port}/prometheus`, log, 'victoria-metrics');
      procs.push(vm);
      store = vm;
      servers.push({ role: 'victoria-metrics', url: vm.url });
      const shards = 2;
      const shardProcs = Array.from({ length: shards }, (_, s) =>
        prom(`shard-${s}`, opts.port + 1 + s, shardConfig(opts.jobs, interval, s, shards, `http://127.0.0.1:${opts.port}/api/v1/write`), `shard ${s}`),
      );
      const keys = shardKeys(opts.jobs, shards);
      await Promise.all(
        shardProcs.map((p, s) => {
          const mine = opts.jobs.flatMap((j) => j.targets).filter((t) => shardOfTarget(t, keys, shards) === s).length;
          log(`shard ${s}: ${mine} target(s) by hashmod`);
          return ready(p, 'up == 1', mine);
        }),
      );
      // VictoriaMetrics hides the newest 30 s by default (-search.latencyOffset): about half a minute.
      await ready(vm, ENGINE_UP, total(opts.jobs));
      url = vm.url;
    } else {
      const parts = splitByCluster(opts.jobs, CLUSTER_NAMES.length);
      const clusterProcs = CLUSTER_NAMES.map((c, i) => prom(`cluster-${c}`, opts.port + 1 + i, clusterConfig(parts[i] ?? [], interval, c), `cluster ${c}`));
      const global = prom('global', opts.port, globalConfig(CLUSTER_NAMES.map((_, i) => `127.0.0.1:${opts.port + 1 + i}`), interval), 'global');
      await Promise.all(clusterProcs.map((p, i) => ready(p, 'up == 1', total(parts[i] ?? []))));
      await ready(global, ENGINE_UP, total(opts.jobs));
      url = global.url;
    }
    for (const s of servers) log(`${opts.topology}: ${s.role} at ${s.url}`);
    let stopped: Promise<void> | null = null;
    return { url, servers, stop: () => (stopped ??= stop()) };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The scrape jobs for a fleet's targets: one job per engine. */
export function jobsFor(sim: SimHandle): ScrapeJob[] {
  return scrapeJobs(sim.fleet);
}

export interface TopologyStack {
  promUrl: string;
  simTargets: string[];
  servers: ServerInfo[];
  stop(): Promise<void>;
}

/**
 * The demo's stack for a topology. `single` is the usual stack (with backfill); the others start
 * live only: history in a shard's or cluster's TSDB would not reach the central store or the
 * global server (remote_write and federation carry new samples only).
 */
export async function startTopologyStack(opts: StackOptions & { topology: Topology }): Promise<TopologyStack> {
  if (opts.topology === 'single') {
    const s = await startStack(opts);
    return { promUrl: s.promUrl, simTargets: s.simTargets, servers: [{ role: opts.backend ?? 'prometheus', url: s.promUrl }], stop: () => s.stop() };
  }
  const log = opts.log ?? ((): void => {});
  if ((opts.backfillMinutes ?? 0) > 0) log(`backfill skipped for the ${opts.topology} topology (live data only)`);
  const sim = await startSim({
    fleet: createFleet(fleetOptions(opts)),
    log,
  });
  try {
    const scrapers = await startScrapers({ topology: opts.topology, jobs: jobsFor(sim), port: opts.promPort, interval: opts.scrapeInterval, log });
    return {
      promUrl: scrapers.url,
      simTargets: sim.targets,
      servers: scrapers.servers,
      stop: async () => {
        await scrapers.stop();
        await sim.close();
      },
    };
  } catch (err) {
    await sim.close();
    throw err;
  }
}
