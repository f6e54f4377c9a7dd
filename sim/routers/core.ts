// What every simulated router shares: the engine endpoints it fronts, the policy that splits the
// offered load across them, and the per-endpoint counts its metrics are made of. The split is real:
// the router sets each engine model's arrival weight (sim/model/engine-model.ts), so an engine's
// load follows its share. Requests are routed per model (a router never sends model A's request to
// a server of model B): the policy splits each model's load across that model's endpoints.
import type { Fleet } from '../fleet.ts';
import type { SimInstance } from '../instance.ts';
import type { SimRequest } from '../model/requests.ts';
import { Prng } from '../prng.ts';
import { SIM_NAMESPACE, simPodName } from '../pods.ts';
import type { EngineKind } from '../spec.ts';

export const POLICIES = ['round-robin', 'least-load', 'prefix-aware', 'skewed'] as const;
export type RouterPolicy = (typeof POLICIES)[number];

/** The share the skewed policy sends to a model's first endpoint (the rest split the remainder). */
export const SKEWED_SHARE = 0.85;

export interface Endpoint {
  inst: SimInstance;
  /** Base URL as URL-keyed routers name it: `http://127.0.0.1:8000`. */
  url: string;
  /** `host:port`, the engine target's Prometheus `instance`. */
  instance: string;
  pod: string;
  namespace: string;
  port: number;
  model: string;
}

/** Per-endpoint figures the router's own metrics are written from. */
export interface EndpointStats {
  routed: number;
  errors: number;
  promptTokens: number;
  cachedTokens: number;
  /** Recent end-to-end latencies and ITLs (s), for windowed averages. */
  window: Array<{ atMs: number; e2e: number; itl: number }>;
}

export type DoneListener = (ep: number, r: SimRequest, overheadSec: number) => void;

export class RouterCore {
  readonly endpoints: Endpoint[];
  readonly stats: EndpointStats[];
  private readonly shares: number[];
  private readonly arrivedAtStart: number[];
  private readonly listeners: DoneListener[] = [];
  private readonly rng: Prng;

  constructor(
    fleet: Fleet,
    readonly engine: EngineKind,
    readonly policy: RouterPolicy,
    seed: number,
    /** A second router in front of the same engines: it reports the stream, the first one splits it. */
    readonly passive = false,
    /** Front only the servers of these models (default: every server of the engine). */
    models?: readonly string[],
  ) {
    const fronted = fleet.instances.filter((i) => i.spec.engine === engine && (!models || models.includes(i.spec.model)));
    if (fronted.length === 0) throw new Error(`router: no ${engine} servers${models ? ` of ${models.join(', ')}` : ''} to route to`);
    this.rng = new Prng(`${seed}:router`);
    this.endpoints = fronted.map((inst) => ({
      inst,
      url: `http://${fleet.host}:${inst.spec.port}`,
      instance: `${fleet.host}:${inst.spec.port}`,
      pod: simPodName(engine, inst.spec.index),
      namespace: SIM_NAMESPACE,
      port: inst.spec.port,
      model: inst.spec.model,
    }));
    this.stats = this.endpoints.map(() => ({ routed: 0, errors: 0, promptTokens: 0, cachedTokens: 0, window: [] }));
    this.shares = this.endpoints.map(() => 0);
    this.arrivedAtStart = this.endpoints.map((e) => arrivedOf(e.inst));
    this.endpoints.forEach((e, i) => {
      for (const m of e.inst.models) {
        const prev = m.onDone;
        m.onDone = (r) => {
          prev?.(r);
          this.done(i, r);
        };
      }
    });
    this.rebalance();
  }

  onDone(l: DoneListener): void {
    this.listeners.push(l);
  }

  /** The current share of its model's load each endpoint gets. */
  share(i: number): number {
    return this.shares[i] ?? 0;
  }

  /** Requests the engine's own queue and batch hold now (the router's in-flight is at least this). */
  engineLoad(i: number): number {
    const e = this.endpoints[i];
    return e ? e.inst.models.reduce((s, m) => s + m.waiting.length + m.running.length, 0) : 0;
  }

  /** Bring the per-endpoint counts up to date and set the next split. Call about once a second. */
  rebalance(): void {
    this.endpoints.forEach((e, i) => {
      const s = this.stats[i];
      if (s) s.routed = arrivedOf(e.inst) - (this.arrivedAtStart[i] ?? 0);
    });
    const models = [...new Set(this.endpoints.map((e) => e.model))];
    for (const model of models) {
      const group = this.endpoints.map((e, i) => ({ e, i })).filter((x) => x.e.model === model);
      const shares = this.policyShares(group.map((x) => x.i));
      const ranks = group.reduce((s, x) => s + x.e.inst.models.length, 0);
      group.forEach((x, k) => {
        const share = shares[k] ?? 0;
        this.shares[x.i] = share;
        // The model's offered load is the sum of its engine models' own: weights keep that total.
        if (!this.passive) for (const m of x.e.inst.models) m.arrivalWeight = (share * ranks) / x.e.inst.models.length;
      });
    }
  }

  private policyShares(idx: number[]): number[] {
    const n = idx.length;
    if (n === 1) return [1];
    const load = idx.map((i) => this.engineLoad(i));
    const prev = idx.map((i) => this.shares[i] || 1 / n);
    switch (this.policy) {
      case 'round-robin':
        return idx.map(() => 1 / n);
      case 'skewed':
        return idx.map((_, k) => (k === 0 ? SKEWED_SHARE : (1 - SKEWED_SHARE) / (n - 1)));
      case 'least-load': {
        const inv = load.map((l) => 1 / (1 + l));
        const total = inv.reduce((a, b) => a + b, 0);
        // Smoothed: a router's counts move with its own decisions, not in jumps.
        return inv.map((v, k) => 0.5 * (prev[k] ?? 0) + (0.5 * v) / total);
      }
      case 'prefix-aware': {
        // 16 prefix groups hashed onto the endpoints (sticky, so uneven), a fifth of the load
        // spilled to the least loaded when a queue builds.
        const groups = idx.map(() => 0);
        for (let g = 0; g < 16; g++) {
          const k = (g * 2654435761) % 4294967296 % n;
          groups[k] = (groups[k] ?? 0) + 1;
        }
        const least = load.indexOf(Math.min(...load));
        return groups.map((c, k) => 0.8 * (c / 16) + (k === least ? 0.2 : 0));
      }
    }
  }

  private done(i: number, r: SimRequest): void {
    const s = this.stats[i];
    if (!s) return;
    if (r.finishReason === 'error') s.errors++;
    s.promptTokens += r.promptTokens;
    s.cachedTokens += r.cachedTokens;
    // Router overhead: parsing, scoring and the extra hop, a few milliseconds.
    const overheadSec = (1.5 + this.rng.next() * 4) / 1000;
    const e2e = Math.max(0, (r.lastTokenMs - r.arrivalMs) / 1000) + overheadSec;
    const itl = r.generated > 1 ? (r.lastTokenMs - r.firstTokenMs) / 1000 / (r.generated - 1) : 0;
    s.window.push({ atMs: r.lastTokenMs, e2e, itl });
    while (s.window.length > 0 && (s.window[0]?.atMs ?? 0) < r.lastTokenMs - 60_000) s.window.shift();
    for (const l of this.listeners) l(i, r, overheadSec);
  }
}

const arrivedOf = (inst: SimInstance): number => inst.models.reduce((s, m) => s + m.arrived, 0);
