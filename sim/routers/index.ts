// A simulated router in front of the simulated engines: one HTTP listener (port from the caller)
// serving its family's metrics, and a policy that really splits the engines' request stream.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Labels } from '../exposition.ts';
import { advanceFleet, type Fleet } from '../fleet.ts';
import type { EngineKind } from '../spec.ts';
import { POLICIES, RouterCore, type RouterPolicy } from './core.ts';
import { DynamoFrontend } from './dynamo.ts';
import { EPP_GENERATIONS, EppRouter, type EppGeneration } from './epp.ts';
import type { RouterFamily } from './family.ts';
import { ProductionStackRouter } from './production-stack.ts';
import { SGL_FORMS, SglRouter, type SglForm } from './sgl-router.ts';
import { parseTenants, TenantMix, type Tenant } from './tenants.ts';

export { EPP_GENERATIONS, parseTenants, POLICIES, SGL_FORMS, type EppGeneration, type RouterPolicy, type SglForm, type Tenant };

export const ROUTER_KINDS = ['production-stack', 'epp', 'sgl-router', 'dynamo'] as const;
export type RouterKind = (typeof ROUTER_KINDS)[number];

/** The engine each router family fronts unless told otherwise. */
export const ROUTER_ENGINE: Readonly<Record<RouterKind, EngineKind>> = { 'production-stack': 'vllm', epp: 'vllm', 'sgl-router': 'sglang', dynamo: 'vllm' };

export interface RouterOptions {
  kind: RouterKind;
  port: number;
  policy?: RouterPolicy;
  /** Engines fronted (default ROUTER_ENGINE[kind]). */
  engine?: EngineKind;
  eppGeneration?: EppGeneration;
  sglForm?: SglForm;
  seed?: number;
  /** Does not set the engines' arrival weights (a second router in front of the same engines). */
  passive?: boolean;
  /** Fronts only the servers of these models (default: all of the engine's). */
  models?: readonly string[];
  /** EPP only: the tenant mix its requests carry (`fairness_id`, `priority`; sim/routers/tenants.ts). */
  tenants?: readonly Tenant[];
  /** EPP only, with tenants: the first tenant floods, the others queue and are rejected (`--scenario noisy-tenant`). */
  noisyTenant?: boolean;
}

export interface RouterHandle {
  kind: RouterKind;
  /** `host:port` of the router's metrics listener. */
  target: string;
  /** Scrape paths: `/metrics`, plus `/engine_metrics` for smg. */
  paths: string[];
  core: RouterCore;
  /**
   * Appends the router's `/metrics` at `tMs` (the fleet already advanced there) as OpenMetrics
   * samples with `labels` added: a backfill's snapshot. smg's `/engine_metrics` (the engines'
   * own series, relabelled) is not backfilled.
   */
  snapshot(out: string[], tMs: number, labels: Labels, tsSec: string): void;
  /** Starts stepping the fleet with the clock and answering scrapes (after a backfill). */
  start(): void;
  close(): Promise<void>;
}

export function routerFamily(core: RouterCore, o: Omit<RouterOptions, 'port'>, startSec: number): RouterFamily {
  switch (o.kind) {
    case 'production-stack':
      return new ProductionStackRouter(core, startSec);
    case 'epp':
      return new EppRouter(core, o.eppGeneration ?? 'llm-d-0.9', startSec, o.tenants ? new TenantMix(o.tenants, o.noisyTenant ?? false, o.seed ?? 42) : null);
    case 'sgl-router':
      return new SglRouter(core, o.sglForm ?? '2025', startSec);
    case 'dynamo':
      return new DynamoFrontend(core, startSec);
  }
}

export function parseRouterKind(v: string): RouterKind {
  const known: readonly string[] = ROUTER_KINDS;
  if (known.includes(v)) return v as RouterKind;
  throw new Error(`--router must be one of ${ROUTER_KINDS.join(', ')}, got "${v}"`);
}

export function parsePolicy(v: string): RouterPolicy {
  const known: readonly string[] = POLICIES;
  if (known.includes(v)) return v as RouterPolicy;
  throw new Error(`--router-policy must be one of ${POLICIES.join(', ')}, got "${v}"`);
}

export function parseEppGeneration(v: string): EppGeneration {
  const known: readonly string[] = EPP_GENERATIONS;
  if (known.includes(v)) return v as EppGeneration;
  throw new Error(`--epp-generation must be one of ${EPP_GENERATIONS.join(', ')}, got "${v}"`);
}

/**
 * Binds the router's listener (port 0: a free one) and builds its state from the fleet's current
 * time, which may be in the past: a backfill then calls `snapshot` per interval, and `start()`
 * begins live stepping and scrapes. Until then a scrape gets 503.
 */
export async function openRouter(fleet: Fleet, o: RouterOptions): Promise<RouterHandle> {
  const core = new RouterCore(fleet, o.engine ?? ROUTER_ENGINE[o.kind], o.policy ?? 'round-robin', o.seed ?? 42, o.passive ?? false, o.models);
  const fleetNowMs = fleet.instances[0]?.nowMs ?? Date.now();
  const family = routerFamily(core, o, fleetNowMs / 1000);
  let live = false;
  const step = (): void => {
    advanceFleet(fleet, Date.now());
    core.rebalance();
  };
  const server: Server = createServer((req, res) => {
    if (!live) {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('starting\n');
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    step();
    const body = family.render(path, Date.now() / 1000);
    if (body === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, fleet.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    kind: o.kind,
    target: `${fleet.host}:${port}`,
    paths: o.kind === 'sgl-router' && o.sglForm === 'smg' ? ['/metrics', '/engine_metrics'] : ['/metrics'],
    core,
    snapshot(out, tMs, labels, tsSec) {
      core.rebalance();
      family.render('/metrics', tMs / 1000);
      family.w.reg.renderOpenMetrics(out, labels, tsSec);
    },
    start() {
      if (live) return;
      live = true;
      step();
      timer = setInterval(step, 1000);
      timer.unref();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
