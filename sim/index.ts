// In-process entry point: start the simulated servers (one HTTP listener per instance, serving
// metrics where the real engines do: /metrics, trtllm-serve /prometheus/metrics) either fresh or
// continuing a fleet that was backfilled.
import { createServer, type Server } from 'node:http';
import { advanceFleet, createFleet, type Fleet, type FleetOptions, targetOf } from './fleet.ts';
import { SimInstance, type InstanceOptions } from './instance.ts';
import { METRICS_PATH } from './spec.ts';
import { ExemplarRecorder, OPENMETRICS_CONTENT_TYPE, renderOpenMetricsScrape, wantsOpenMetrics } from './exemplars.ts';

export type { Fleet, FleetOptions } from './fleet.ts';
export { advanceFleet, createFleet, DEFAULT_ENGINES, DEFAULT_PORTS, instanceSpecs, parseEngines, resolveEngines, targetOf, type EngineFleet } from './fleet.ts';
export { ENGINES, METRICS_PATH, type EngineKind } from './spec.ts';
export { FEATURES, parseFeatures, type Feature, type Profile } from './engines/presets.ts';

export interface SimOptions extends FleetOptions {
  /** Serve this (e.g. backfilled) fleet instead of creating one. */
  fleet?: Fleet;
  log?: (line: string) => void;
  /**
   * Exemplars on the latency histograms (sim/exemplars.ts): a scrape that asks for OpenMetrics gets
   * them, plus `/debug/exemplars` (the trace ids served). Off: the 0.0.4 text only, byte-identical.
   */
  exemplars?: boolean;
}

export interface SimHandle {
  targets: string[];
  fleet: Fleet;
  /** Stops serving one target (`host:port`), as a crashed engine would: its scrapes then fail. */
  stopInstance(target: string): Promise<void>;
  /** Stops the instance if it runs, then starts it afresh on the same port: a restart (new process start time, counters from 0). */
  /** Stops and starts the instance again (counters from 0); `change`: the new process's configuration differs. */
  restartInstance(target: string, change?: Pick<InstanceOptions, 'kvScale'>): Promise<void>;
  /** vLLM sleep mode on one instance (every engine): arrivals stop, `engine_sleep_state` says so; false wakes it. */
  sleepInstance(target: string, asleep: boolean): void;
  close(): Promise<void>;
}

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function handler(inst: SimInstance, ex: ExemplarRecorder | null) {
  return (req: { url?: string; method?: string; headers?: { accept?: string } }, res: import('node:http').ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    const metricsPath = METRICS_PATH[inst.spec.engine];
    if (path === metricsPath) {
      // Catch up to wall-clock time first, so every scrape sees fresh state.
      inst.advanceTo(Date.now());
      if (ex && wantsOpenMetrics(req.headers?.accept)) {
        inst.refresh();
        res.writeHead(200, { 'Content-Type': OPENMETRICS_CONTENT_TYPE });
        res.end(renderOpenMetricsScrape(inst.sr.reg, ex, inst.rename));
        return;
      }
      const body = inst.renderText();
      res.writeHead(200, { 'Content-Type': CONTENT_TYPE });
      res.end(body);
      return;
    }
    if (path === '/metrics' && inst.spec.engine === 'trtllm') {
      // trtllm-serve's /metrics is its JSON iteration-stats endpoint, not Prometheus text.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
      return;
    }
    if (ex && path === '/debug/exemplars') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ exemplars: [...ex.served.values()] }));
      return;
    }
    if (path === '/health') {
      res.writeHead(200);
      res.end();
      return;
    }
    if (path === '/v1/models') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: inst.spec.model, object: 'model', owned_by: inst.spec.engine }] }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found\n');
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startSim(options: SimOptions = {}): Promise<SimHandle> {
  const fleet = options.fleet ?? createFleet(options);
  const servers: Server[] = [];
  const byTarget = new Map<string, Server>();
  try {
    for (const inst of fleet.instances) {
      const ex = options.exemplars ? new ExemplarRecorder(`${inst.opts.seed}:${inst.spec.engine}:${inst.spec.index}`, () => inst.nowMs) : null;
      ex?.enable(inst.sr.reg);
      const server = createServer(handler(inst, ex));
      await listen(server, inst.spec.port, fleet.host);
      servers.push(server);
      byTarget.set(targetOf(fleet, inst), server);
      options.log?.(`sim: ${inst.spec.engine} ${inst.spec.model} (${inst.spec.role}, ranks=${inst.spec.ranks}) on http://${targetOf(fleet, inst)}${METRICS_PATH[inst.spec.engine]}`);
    }
  } catch (err) {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    throw err;
  }
  // Keep the model moving between scrapes (cheap: one tick per instance per 250 ms).
  const timer = setInterval(() => advanceFleet(fleet, Date.now()), 1000);
  timer.unref();
  const closeServer = (s: Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  return {
    targets: fleet.instances.map((i) => targetOf(fleet, i)),
    fleet,
    stopInstance: async (target) => {
      const s = byTarget.get(target);
      if (!s) throw new Error(`no simulated instance at ${target}`);
      byTarget.delete(target);
      if (s.listening) await closeServer(s);
    },
    restartInstance: async (target, change) => {
      const i = fleet.instances.findIndex((x) => targetOf(fleet, x) === target);
      const old = fleet.instances[i];
      if (!old) throw new Error(`no simulated instance at ${target}`);
      const s = byTarget.get(target);
      if (s?.listening) await closeServer(s);
      const fresh = new SimInstance(old.spec, { ...old.opts, startMs: Date.now(), ...change });
      fleet.instances[i] = fresh;
      const ex = options.exemplars ? new ExemplarRecorder(`${fresh.opts.seed}:${fresh.spec.engine}:${fresh.spec.index}`, () => fresh.nowMs) : null;
      const server = createServer(handler(fresh, ex));
      await listen(server, fresh.spec.port, fleet.host);
      servers.push(server);
      byTarget.set(target, server);
    },
    sleepInstance: (target, asleep) => {
      const inst = fleet.instances.find((x) => targetOf(fleet, x) === target);
      if (!inst) throw new Error(`no simulated instance at ${target}`);
      inst.sleeping = asleep;
    },
    close: async () => {
      clearInterval(timer);
      await Promise.all(servers.filter((s) => s.listening).map(closeServer));
    },
  };
}
