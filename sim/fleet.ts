// The set of simulated servers (vLLM-style and SGLang-style) built from the options: ports,
// models, DP layout, PD roles. Shared by the live servers and the backfill writer.
import { DEFAULT_MODELS, parseFeatures, type Profile } from './engines/presets.ts';
import { type InstanceSpec, SimInstance } from './instance.ts';
import type { LeFormat } from './format.ts';

export interface FleetOptions {
  host?: string;
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
  /** Virtual tick length in ms (default 250). */
  tickMs?: number;
  /** Virtual time the simulation starts at (default: now). */
  startMs?: number;
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
  const nv = opts.vllmInstances ?? 2;
  for (let i = 0; i < nv; i++) {
    out.push({
      engine: 'vllm',
      index: i,
      port: (opts.vllmPort ?? 8000) + i,
      model: pick(i),
      // The second vLLM server runs two data-parallel engines (engine="0", engine="1").
      ranks: i === 1 ? 2 : 1,
      role: 'unified',
      diffusion: features.has('diffusion') && i === Math.min(1, nv - 1),
    });
  }
  const ns = opts.sglangInstances ?? 2;
  const pd = features.has('pd');
  for (let i = 0; i < ns; i++) {
    // With PD, servers pair up (prefill, decode) on the pair's model; an odd one out stays unified.
    const paired = pd && (i % 2 === 1 || i + 1 < ns);
    out.push({
      engine: 'sglang',
      index: i,
      port: (opts.sglangPort ?? 30000) + i,
      model: pick(pd ? i - (i % 2) : i),
      // The second SGLang server runs DP attention with two ranks (dp_rank="0","1").
      ranks: i === 1 ? 2 : 1,
      role: paired ? (i % 2 === 0 ? 'prefill' : 'decode') : 'unified',
      diffusion: false,
    });
  }
  return out;
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
