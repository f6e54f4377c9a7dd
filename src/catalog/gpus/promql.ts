// The GPU layer's PromQL (docs/gpus.md): NVIDIA DCGM exporter series, normalised over
// both label forms Prometheus stores, and joined to the engine instances through their pod.
// Templates in the catalog's syntax: `{{running}}`-style references are the engine's roles; the
// DCGM names are written out (they are not an engine's metrics, and no engine query reads them).
import { escapeLabelValue } from '../promql';

export const DCGM = {
  util: 'DCGM_FI_DEV_GPU_UTIL',
  fbUsed: 'DCGM_FI_DEV_FB_USED',
  fbFree: 'DCGM_FI_DEV_FB_FREE',
  power: 'DCGM_FI_DEV_POWER_USAGE',
  energy: 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION',
  temp: 'DCGM_FI_DEV_GPU_TEMP',
  smClock: 'DCGM_FI_DEV_SM_CLOCK',
  xid: 'DCGM_FI_DEV_XID_ERRORS',
  grActive: 'DCGM_FI_PROF_GR_ENGINE_ACTIVE',
  smActive: 'DCGM_FI_PROF_SM_ACTIVE',
  tensor: 'DCGM_FI_PROF_PIPE_TENSOR_ACTIVE',
  dram: 'DCGM_FI_PROF_DRAM_ACTIVE',
} as const;

/** dcgm-exporter writes 9223372036854775794 (and neighbours) for a field the GPU lacks; below this is data. */
export const UNSUPPORTED_FROM = '9e18';

/**
 * A DCGM selector or expression with the GPU's holder as `namespace`/`pod` whatever the form:
 * `exported_pod`/`exported_namespace` (honor_labels off) are copied over the exporter's own
 * `pod`/`namespace`; where they are absent (honor_labels on, or an idle GPU) nothing changes, so
 * an idle GPU keeps the exporter's pod and never matches an engine. `hostname` (dcgm-exporter
 * after PR #655) is copied to `Hostname`. Unsupported-field sentinels are dropped.
 */
export function normalised(expr: string): string {
  const inner = `(${expr}) < ${UNSUPPORTED_FROM}`;
  return `label_replace(label_replace(label_replace(${inner}, "pod", "$1", "exported_pod", "(.+)"), "namespace", "$1", "exported_namespace", "(.+)"), "Hostname", "$1", "hostname", "(.+)")`;
}

/** Engine instance → (namespace, pod), from the engine series' own pod labels. */
export const byPodMap = (running: string): string => `group by (instance, namespace, pod) ({{${running}|pod!=""}})`;

/**
 * Engine instance → (namespace, pod) through kube-state-metrics: the IP of `instance` against
 * `kube_pod_info`'s `pod_ip`, leaving out hostNetwork pods (they share their node's IP).
 */
export const byIpMap = (running: string): string =>
  `group by (instance, namespace, pod) (label_replace(group by (instance) ({{${running}}}), "pod_ip", "$1", "instance", "\\\\[?([^\\\\]]+?)\\\\]?:[0-9]+") * on (pod_ip) group_left (namespace, pod) topk by (pod_ip) (1, kube_pod_info{host_network!="true"}))`;

/**
 * Engine instance → node (`instance, Hostname`): the engine series' `node` label against the GPUs'
 * `Hostname`, only where that node runs one engine instance and its GPUs have one holder (one pod,
 * or none at all on a host without Kubernetes). A node with two engines or two holders is not
 * split by guess: its instances stay unmatched.
 */
export const byNodeMap = (running: string): string => {
  const nodes = `label_replace(group by (instance, node) ({{${running}|node!=""}}), "Hostname", "$1", "node", "(.+)")`;
  const holders = `group by (Hostname, namespace, pod) (${normalised(DCGM.fbUsed)})`;
  return `group by (instance, Hostname) ((${nodes} and on (Hostname) (count by (Hostname) (${nodes}) == 1)) and on (Hostname) (count by (Hostname) (${holders}) == 1))`;
};

/** A per-pod aggregate (`by (namespace, pod…)`) made per node (`by (Hostname…)`). */
export const perNode = (podAgg: string): string => podAgg.replace(/by \(namespace, pod/g, 'by (Hostname');

/** Engine instance → (namespace, pod): by pod where the engine series carry pod labels, else by IP. */
export const podMap = (running: string): string => `(${byPodMap(running)} or on (instance) ${byIpMap(running)})`;

/** GPUs per pod (one series per GPU of the framebuffer gauge). */
export const gpusPerPod = `count by (namespace, pod) (${normalised(DCGM.fbUsed)})`;

/** A per-pod aggregate moved onto the engine instance that pod serves (one row per instance). */
export const perInstance = (map: string, podAgg: string): string => `max by (instance) (${map} * on (namespace, pod) group_left () (${podAgg}))`;

/**
 * A per-pod aggregate on each engine instance through the board's join: by pod, else by IP, else
 * (the same aggregate per node) by node.
 */
export const joined = (running: string, podAgg: string): string =>
  `(${perInstance(podMap(running), podAgg)} or on (instance) max by (instance) (${byNodeMap(running)} * on (Hostname) group_left () (${perNode(podAgg)})))`;

/** Mean busy share over the range (0–1), averaged over the pod's GPUs. */
export const utilPerPod = `avg by (namespace, pod) (${normalised(`avg_over_time(${DCGM.util}[$__range])`)}) / 100`;
/** Framebuffer in use now, as a share of the pod's framebuffer. */
export const fbSharePerPod = `sum by (namespace, pod) (${normalised(DCGM.fbUsed)}) / (sum by (namespace, pod) (${normalised(DCGM.fbUsed)}) + sum by (namespace, pod) (${normalised(DCGM.fbFree)}))`;
/** Mean power over the range, watts, summed over the pod's GPUs. */
export const powerPerPod = `sum by (namespace, pod) (${normalised(`avg_over_time(${DCGM.power}[$__range])`)})`;
/** Mean power over the range from the energy counter (mJ → J/s), summed over the pod's GPUs; `rate` absorbs counter resets. */
export const energyWattsPerPod = `sum by (namespace, pod) (${normalised(`rate(${DCGM.energy}[$__range])`)}) / 1000`;

/** One string for a label_replace replacement: PromQL-escaped, `$` doubled, braces hidden from the template reader. */
export function literalReplacement(v: string): string {
  return escapeLabelValue(v.replace(/\$/g, '$$$$')).replace(/\{/g, '\\x7b').replace(/\}/g, '\\x7d');
}

/** A vector of dollars per GPU-hour by `modelName`, from exact DCGM model names; null when none. */
export function priceVector(prices: ReadonlyMap<string, number>): string | null {
  const parts = [...prices].filter(([, v]) => Number.isFinite(v) && v >= 0).map(([name, v]) => `label_replace(vector(${v}), "modelName", "${literalReplacement(name)}", "", "")`);
  return parts.length ? `(${parts.join(' or ')})` : null;
}

/** Dollars per hour of the GPUs each pod holds (GPUs of a model without a price drop out). */
export const hourlyPerPod = (prices: string): string =>
  `sum by (namespace, pod) (count by (namespace, pod, modelName) (${normalised(DCGM.fbUsed)}) * on (modelName) group_left () ${prices})`;
