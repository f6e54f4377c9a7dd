// The set of simulated servers (vLLM, SGLang, LMDeploy and trtllm-serve style) built from the
// options: engines, ports, models, DP layout, PD roles. Shared by the live servers and the backfill writer.
import { DEFAULT_MODELS, parseFeatures, type Profile } from './engines/presets.ts';
import { type InstanceSpec, SimInstance } from './instance.ts';
import type { LeFormat } from './format.ts';
import { ENGINES, type EngineKind, isEngineKind } from './spec.ts';
import { assignScenarios, parseScenarios } from './scenarios/index.ts';

/** One engine of the fleet: how many servers, from which first port (they take consecutive ports). */
export interface EngineFleet {
  id: EngineKind;
  port?: number;
  instances?: number;
}

/** First port per engine; LMDeploy's api_server default is 23333, trtllm's 8300 avoids vLLM's 8000+. */
export const DEFAULT_PORTS: Readonly<Record<EngineKind, number>> = { vllm: 8000, sglang: 30000, lmdeploy: 23333, trtllm: 8300 };
export const DEFAULT_INSTANCES = 2;
/** The engines a fleet runs when nothing is said (the e2e suite depends on exactly this). */
export const DEFAULT_ENGINES: readonly EngineKind[] = ['vllm', 'sglang'];

export interface FleetOptions {
  host?: string;
  /** Engines to run, in order; default DEFAULT_ENGINES. `port`/`instances` here win over the flat fields below. */
  engines?: readonly (EngineKind | EngineFleet)[];
  vllmPort?: number;
  sglangPort?: number;
  vllmInstances?: number;
  sglangInstances?: number;
  /** Models assigned round-robin to the instances of each engine. */
  models?: string[];
  /** '' | 'all' | comma list (see FEATURES). */
  features?: string;
  profile?: Profile;
  /** `le` spelling of histogram buckets: 'python' ("1.0", default) or 'int' ("1", as Prometheus 3 stores it). */
  leFormat?: LeFormat;
  seed?: number;
  /** Load multiplier (1 = default traffic). */
  load?: number;
  /** `kv-bound`, or `kv-bound@model,outlier@other` (sim/scenarios). */
  scenario?: string;
  /** Virtual tick length in ms (default 250). */
  tickMs?: number;
  /** Virtual time the simulation starts at (default: now). */
  startMs?: number;
}

/** `vllm,sglang,lmdeploy` → engine ids (unknown names are an error). */
export function parseEngines(list: string): EngineKind[] {
  const out: EngineKind[] = [];
  for (const raw of list.split(',')) {
    const e = raw.trim();
    if (!e) continue;
    if (!isEngineKind(e)) throw new Error(`unknown engine "${e}" (known: ${ENGINES.join(', ')})`);
    if (!out.includes(e)) out.push(e);
  }
  if (out.length === 0) throw new Error('no engines given');
  return out;
}

/** The fleet's engines with their first port and instance count resolved. */
export function resolveEngines(opts: FleetOptions): Required<EngineFleet>[] {
  const flat: Partial<Record<EngineKind, { port?: number; instances?: number }>> = {
    vllm: { port: opts.vllmPort, instances: opts.vllmInstances },
    sglang: { port: opts.sglangPort, instances: opts.sglangInstances },
  };
  return (opts.engines ?? DEFAULT_ENGINES).map((e) => {
    const given: EngineFleet = typeof e === 'string' ? { id: e } : e;
    const f = flat[given.id];
    return {
      id: given.id,
      port: given.port ?? f?.port ?? DEFAULT_PORTS[given.id],
      instances: given.instances ?? f?.instances ?? DEFAULT_INSTANCES,
    };
  });
}

export interface Fleet {
  host: string;
  instances: SimInstance[];
}

export function instanceSpecs(opts: FleetOptions): InstanceSpec[] {
  const models = opts.models && opts.models.length > 0 ? opts.models : DEFAULT_MODELS;
  const features = parseFeatures(opts.features);
  const pick = (i: number): string => models[i % models.length] ?? DEFAULT_MODELS[0] ?? 'model';
  const out: InstanceSpec[] = [];
  for (const { id, port, instances: n } of resolveEngines(opts)) {
    for (let i = 0; i < n; i++) out.push(instanceSpec(id, i, n, port + i, pick, features.has('pd'), features.has('diffusion')));
  }
  assignScenarios(out, parseScenarios(opts.scenario)).forEach((scenario, i) => (out[i]!.scenario = scenario));
  return out;
}

function instanceSpec(engine: EngineKind, i: number, n: number, port: number, pick: (i: number) => string, pd: boolean, diffusion: boolean): InstanceSpec {
  switch (engine) {
    case 'vllm':
      return {
        engine,
        index: i,
        port,
        model: pick(i),
        // The second vLLM server runs two data-parallel engines (engine="0", engine="1").
        ranks: i === 1 ? 2 : 1,
        role: 'unified',
        diffusion: diffusion && i === Math.min(1, n - 1),
      };
    case 'sglang': {
      // With PD, servers pair up (prefill, decode) on the pair's model; an odd one out stays unified.
      const paired = pd && (i % 2 === 1 || i + 1 < n);
      return {
        engine,
        index: i,
        port,
        model: pick(pd ? i - (i % 2) : i),
        // The second SGLang server runs DP attention with two ranks (dp_rank="0","1").
        ranks: i === 1 ? 2 : 1,
        role: paired ? (i % 2 === 0 ? 'prefill' : 'decode') : 'unified',
        diffusion: false,
      };
    }
    case 'lmdeploy':
      // The second LMDeploy server runs two DP ranks (engine="0", engine="1").
      return { engine, index: i, port, model: pick(i), ranks: i === 1 ? 2 : 1, role: 'unified', diffusion: false };
    case 'trtllm':
      // One executor per server (its TP ranks only show in trtllm_scheduled_batch_size).
      return { engine, index: i, port, model: pick(i), ranks: 1, role: 'unified', diffusion: false };
  }
}

export function createFleet(opts: FleetOptions): Fleet {
  const features = parseFeatures(opts.features);
  const startMs = opts.startMs ?? Date.now();
  const instances = instanceSpecs(opts).map(
    (spec) =>
      new SimInstance(spec, {
        seed: opts.seed ?? 42,
        load: opts.load ?? 1,
        features,
        profile: opts.profile ?? 'default',
        leFormat: opts.leFormat ?? 'python',
        startMs,
        tickMs: opts.tickMs ?? 250,
      }),
  );
  return { host: opts.host ?? '127.0.0.1', instances };
}

export function advanceFleet(fleet: Fleet, tMs: number): void {
  for (const inst of fleet.instances) inst.advanceTo(tMs);
}

export function targetOf(fleet: Fleet, inst: SimInstance): string {
  return `${fleet.host}:${inst.spec.port}`;
}
