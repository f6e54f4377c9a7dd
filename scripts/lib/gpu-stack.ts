// The GPU layer of the stack: simulated DCGM exporters and kube-state-metrics beside
// the engines, their scrape jobs in one of the two label forms Prometheus stores, and the pod
// identity the engines' scrape jobs carry (pod labels, or an `instance` that is the pod's IP).
import type { Fleet } from '../../sim/fleet.ts';
import type { SimInstance } from '../../sim/instance.ts';
import type { Labels } from '../../sim/exposition.ts';
import { DcgmSim, EXPORTER_NAMESPACE, type GpuLayout, gpuLayout, podOf, renderKsmStored, type SimNode } from '../../sim/dcgm/index.ts';
import type { ScrapeJob } from './prometheus.ts';
import { formatLabels } from '../../sim/format.ts';

/**
 * `pod`: the job has honor_labels, so the exporter's `pod`/`namespace` are stored as written;
 * `exported`: it has not (the Helm chart's default), so Prometheus renames them `exported_pod`/
 * `exported_namespace` and `pod`/`namespace` are the exporter's own.
 */
export type DcgmLabelForm = 'pod' | 'exported';
export const DCGM_LABEL_FORMS: readonly DcgmLabelForm[] = ['pod', 'exported'];
/**
 * How the engine targets are identified: `pod` adds `namespace`/`pod` target labels (a
 * ServiceMonitor would), `ip` makes `instance` the pod's IP and port (a plain `kubernetes_sd` on
 * endpoints), `none` leaves them as they are.
 */
export type EngineIdentity = 'pod' | 'ip' | 'none';

export interface GpuStackOptions {
  /**
   * One form for every exporter, or one per node (the nodes past the list take its last): a second
   * scrape job with the other honor_labels, so both stored forms sit in one Prometheus.
   */
  labels?: DcgmLabelForm | readonly DcgmLabelForm[];
  /** One identity for every engine target, or one per engine id (default `pod`). */
  engineIdentity?: EngineIdentity | Readonly<Partial<Record<string, EngineIdentity>>>;
  /** First port of the exporters (one per node), kube-state-metrics on the port after them. */
  port: number;
}

export const DCGM_JOB = 'dcgm-exporter';
/** The job of the exporters stored in the other form when a plan mixes them. */
export const DCGM_HONOR_JOB = 'dcgm-exporter-honor';
export const KSM_JOB = 'kube-state-metrics';

export interface GpuPlan {
  layout: GpuLayout;
  dcgm: DcgmSim;
  /** The stored form of each node's exporter, by node index. */
  forms: DcgmLabelForm[];
  identity: EngineIdentity | Readonly<Partial<Record<string, EngineIdentity>>>;
  port: number;
}

export function gpuPlan(fleet: Fleet, opts: GpuStackOptions): GpuPlan {
  const layout = gpuLayout(fleet);
  const given = opts.labels ?? 'exported';
  const list: readonly DcgmLabelForm[] = typeof given === 'string' ? [given] : given.length ? given : ['exported'];
  const forms = layout.nodes.map((n) => list[Math.min(n.index, list.length - 1)] ?? 'exported');
  return { layout, dcgm: new DcgmSim(layout), forms, identity: opts.engineIdentity ?? 'pod', port: opts.port };
}

/** Ports the plan listens on: one per node, then kube-state-metrics. */
export const gpuPortCount = (plan: GpuPlan): number => plan.layout.nodes.length + 1;

/** Target labels of one engine target under the plan's identity (empty for `none`). */
export function engineTargetLabels(plan: GpuPlan, inst: SimInstance): Record<string, string> {
  const pod = podOf(plan.layout, inst);
  const identity = typeof plan.identity === 'string' ? plan.identity : (plan.identity[inst.spec.engine] ?? 'pod');
  if (!pod || identity === 'none') return {};
  if (identity === 'pod') return { namespace: pod.namespace, pod: pod.pod };
  return { instance: `${pod.ip}:${inst.spec.port}` };
}

/** The exporter's target labels, as Kubernetes service discovery would attach them. */
const exporterTargetLabels = (n: SimNode): Record<string, string> => ({ namespace: EXPORTER_NAMESPACE, pod: n.exporterPod });

/** The labels Prometheus stores for one exported GPU sample under the plan's form. */
export function storedDcgmLabels(form: DcgmLabelForm, exposed: Labels, node: SimNode, scrape: Labels): Labels {
  const target = { ...exporterTargetLabels(node), ...scrape };
  if (form === 'pod') return { ...target, ...exposed };
  const out: Record<string, string> = { ...target };
  for (const [k, v] of Object.entries(exposed)) out[k in target ? `exported_${k}` : k] = v;
  return out;
}

/** The job of a node's exporter: the first form met keeps the usual job name, the other its own. */
const jobOf = (plan: GpuPlan, node: number): string => ((plan.forms[node] ?? 'exported') === (plan.forms[0] ?? 'exported') ? DCGM_JOB : DCGM_HONOR_JOB);

export function gpuScrapeJobs(plan: GpuPlan, host: string): ScrapeJob[] {
  const jobs = new Map<string, ScrapeJob>();
  for (const n of plan.layout.nodes) {
    const job = jobOf(plan, n.index);
    const target = `${host}:${plan.port + n.index}`;
    const j = jobs.get(job) ?? { job, targets: [], targetLabels: {}, honorLabels: plan.forms[n.index] === 'pod' };
    j.targets.push(target);
    (j.targetLabels ??= {})[target] = exporterTargetLabels(n);
    jobs.set(job, j);
  }
  return [
    ...jobs.values(),
    { job: KSM_JOB, targets: [`${host}:${plan.port + plan.layout.nodes.length}`], honorLabels: true },
  ];
}

/** Backfill lines of the GPU layer at one snapshot (the fleet already advanced to `tMs`). */
export function renderGpuBackfill(plan: GpuPlan, host: string, out: string[], tMs: number, tsSec: string): void {
  plan.dcgm.advanceTo(tMs);
  plan.dcgm.renderStored(out, tsSec, (exposed, node) =>
    storedDcgmLabels(plan.forms[node.index] ?? 'exported', exposed, node, { instance: `${host}:${plan.port + node.index}`, job: jobOf(plan, node.index) }),
  );
  renderKsmStored(plan.layout, out, tsSec, { instance: `${host}:${plan.port + plan.layout.nodes.length}`, job: KSM_JOB });
  // `up` of each exporter target, with its target labels, as the scrapes would have stored it
  // (the board finds idle GPUs by their exporter target's own pod).
  for (const n of plan.layout.nodes) out.push(`up${formatLabels({ ...exporterTargetLabels(n), instance: `${host}:${plan.port + n.index}`, job: jobOf(plan, n.index) })} 1 ${tsSec}`);
}
