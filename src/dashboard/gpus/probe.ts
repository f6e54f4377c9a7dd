// The GPU layer's probes (pure): which PromQL tells whether DCGM series are present, in which
// label form, how many GPUs of which model, and how many engine instances the join matched; and
// what their answers mean. Two instant queries at the range's end, one request each.
import { DCGM, normalised, byPodMap, gpusPerPod, joined, perInstance, podMap } from '../../catalog/gpus/promql';
import { faultsByGpu } from '../../catalog/gpus/health';
import { parseSampleValue, type QueryAnswer } from '../../prometheus';

const PRESENCE = `{__name__=~"${DCGM.fbUsed}|${DCGM.util}"}`;

/**
 * GPUs by model, and those no pod holds, by model (`held="false"`): the exporter labels such a GPU
 * with nothing (older exporters: `pod=""`), so it carries its scrape target's own pod (that of
 * the exporter, as `up` of that target has it) or none.
 */
export const inventoryQuery = (): string => {
  const all = `count by (modelName) (group by (modelName, UUID, gpu, Hostname, GPU_I_ID) (${PRESENCE}))`;
  const fb = DCGM.fbUsed;
  const free = `count by (modelName) (${fb}{exported_pod=""} and on (instance, pod) up or ${fb}{pod="", exported_pod=""})`;
  const freeFaulty = `count by (modelName) (${normalised(`${fb}{exported_pod=""} and on (instance, pod) up or ${fb}{pod="", exported_pod=""}`)} and on (Hostname, gpu) ${faultsByGpu()})`;
  return `${all} or label_replace(${free}, "held", "false", "", "") or label_replace(${freeFaulty}, "held", "faulty", "", "")`;
};

const sharedHolders = `count by (Hostname, gpu, UUID) (group by (Hostname, gpu, UUID, namespace, pod) (${normalised(DCGM.fbUsed)} unless on (instance, pod) up))`;

const tag = (what: string, expr: string): string => `label_replace(${expr}, "what", "${what}", "", "")`;

/** Counts for the join statement and the label form, as one vector tagged by `what`. */
export const joinQuery = (running: string, generation: string | null): string =>
  [
    ...(generation
      ? [tag('idle_engine_gpus', `sum(${joined(running, gpusPerPod)} unless on (instance) (sum by (instance) (rate({{${generation}}}[$__range])) > 0))`)]
      : []),
    tag('instances', `count(group by (instance) ({{${running}}}))`),
    tag('matched', `count(${joined(running, gpusPerPod)})`),
    tag('by_pod', `count(group by (instance) (${byPodMap(running)} * on (namespace, pod) group_left () ${gpusPerPod}))`),
    tag('by_node', `count(${joined(running, gpusPerPod)} unless on (instance) ${perInstance(podMap(running), gpusPerPod)})`),
    // Exporters per stored form: with exported_pod (honor_labels off), or holding GPUs under a pod
    // that is not their own without it (honor_labels on). Two jobs may differ.
    tag('exported', `count(count by (instance) (${DCGM.fbUsed}{exported_pod!=""}))`),
    tag('pod_form', `count(count by (instance) (${DCGM.fbUsed}{exported_pod="", pod!=""} unless on (instance, pod) up))`),
    // Physical GPUs (node, index, UUID) with more than one holder pod: MIG instances or time slicing.
    tag('shared_gpus', `count(${sharedHolders} > 1)`),
    tag('shared_holders', `max(${sharedHolders} > 1)`),
    tag('opencost', 'count(llm_cost_per_million_tokens or llm_total_hourly_cost)'),
  ].join(' or ');

export interface GpuInventory {
  total: number;
  models: { name: string; count: number }[];
  unattributed: { name: string; count: number }[];
  /** Of those, the GPUs out of service (a critical XID, a row-remap failure): not idle capacity. */
  faulty: { name: string; count: number }[];
}

export function readInventory(a: QueryAnswer | undefined): GpuInventory | null {
  if (!a || a.result.resultType !== 'vector') return null;
  const models: GpuInventory['models'] = [];
  const unattributed: GpuInventory['unattributed'] = [];
  const faulty: GpuInventory['faulty'] = [];
  for (const s of a.result.result) {
    const count = parseSampleValue(s.value[1]);
    if (!Number.isFinite(count)) continue;
    const row = { name: s.metric.modelName ?? '', count };
    (s.metric.held === 'false' ? unattributed : s.metric.held === 'faulty' ? faulty : models).push(row);
  }
  models.sort((x, y) => y.count - x.count || x.name.localeCompare(y.name));
  return { total: models.reduce((n, m) => n + m.count, 0), models, unattributed, faulty };
}

export interface GpuJoin {
  instances: number;
  matched: number;
  byPod: number;
  /** Matched through the node (neither pod labels nor a kube_pod_info IP joined). */
  byNode: number;
  /** `mixed`: some exporters store `exported_pod`, others `pod` (two scrape jobs). */
  form: 'exported' | 'pod' | 'mixed';
  openCost: boolean;
  /** Physical GPUs held by more than one pod (MIG or time slicing), and the most holders of one. */
  sharedGpus: number;
  sharedHolders: number;
  /** GPUs of matched instances that produced no token over the range. */
  idleEngineGpus: number;
}

export function readJoin(a: QueryAnswer | undefined): GpuJoin | null {
  if (!a || a.result.resultType !== 'vector') return null;
  const v: Record<string, number> = {};
  for (const s of a.result.result) {
    const n = parseSampleValue(s.value[1]);
    if (s.metric.what && Number.isFinite(n)) v[s.metric.what] = n;
  }
  return {
    instances: v.instances ?? 0,
    matched: v.matched ?? 0,
    byPod: v.by_pod ?? 0,
    byNode: v.by_node ?? 0,
    form: (v.exported ?? 0) > 0 ? ((v.pod_form ?? 0) > 0 ? 'mixed' : 'exported') : 'pod',
    openCost: (v.opencost ?? 0) > 0,
    idleEngineGpus: v.idle_engine_gpus ?? 0,
    sharedGpus: v.shared_gpus ?? 0,
    sharedHolders: v.shared_holders ?? 0,
  };
}
