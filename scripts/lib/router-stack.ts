// The stack's router option: a simulated router in front of the simulated engines (sim/routers/),
// its scrape job(s) (the stack adds them with `honor_labels`), and the Kubernetes identity (`namespace`, `pod`: sim/pods.ts) on the engines'
// targets, as a cluster's service discovery would attach it, so pod-keyed routers (the EPP) join.
import type { Fleet } from '../../sim/index.ts';
import { SIM_NAMESPACE, simPodName } from '../../sim/pods.ts';
import { openRouter, type RouterHandle, type RouterOptions } from '../../sim/routers/index.ts';
import type { ScrapeJob } from './prometheus.ts';

export type StackRouter = RouterOptions;

/** The `namespace` and `pod` a cluster's service discovery would put on an engine's target. */
export const podLabels = (inst: Fleet['instances'][number]): Record<string, string> => ({ namespace: SIM_NAMESPACE, pod: simPodName(inst.spec.engine, inst.spec.index) });

/** Scrape jobs of a router, named after its kind: `production-stack`, and `sgl-router-engine-metrics` for smg's /engine_metrics. */
export function routerJobs(r: RouterHandle): ScrapeJob[] {
  return r.paths.map((path) => ({ job: routerJobName(r, path), targets: [r.target], metricsPath: path }));
}

/** The job a router's path is scraped under (routerJobs). */
export const routerJobName = (r: RouterHandle, path: string): string => (path === '/metrics' ? r.kind : `${r.kind}-engine-metrics`);

/**
 * Opens the routers in order (after the first, each is passive: the first one splits the stream):
 * listeners bound, state from the fleet's current time; `start()` each once a backfill is written.
 */
export async function openStackRouters(fleet: Fleet, given: StackRouter | readonly StackRouter[], log: (l: string) => void): Promise<RouterHandle[]> {
  const out: RouterHandle[] = [];
  try {
    for (const [i, o] of (Array.isArray(given) ? given : [given]).entries()) {
      const r = await openRouter(fleet, { ...o, passive: o.passive ?? i > 0 });
      log(`sim: ${o.kind} router (${o.policy ?? 'round-robin'}${o.kind === 'epp' ? `, ${o.eppGeneration ?? 'llm-d-0.9'}` : ''}) on http://${r.target}${r.paths.join(', ')}`);
      out.push(r);
    }
  } catch (err) {
    await Promise.all(out.map((r) => r.close()));
    throw err;
  }
  return out;
}

/**
 * A backfill snapshot of the routers' `/metrics`, labelled as their scrape jobs label them (with
 * `honor_labels`, a router's own labels win: none of them writes `job` or `instance`).
 */
export function renderRouterBackfill(routers: readonly RouterHandle[], out: string[], tMs: number, tsSec: string): void {
  for (const r of routers) r.snapshot(out, tMs, { job: routerJobName(r, '/metrics'), instance: r.target }, tsSec);
}
