// A simulated kube-state-metrics: `kube_pod_info` for the engine pods, the DCGM exporter pods and
// a hostNetwork pod per node (which shares its node's IP), so the board's IP join has a source.
import { formatLabels } from '../format.ts';
import type { Labels } from '../exposition.ts';
import type { GpuLayout, SimPod } from './layout.ts';

function podLabels(p: SimPod, i: number): Record<string, string> {
  return {
    namespace: p.namespace,
    pod: p.pod,
    uid: `0b5e${i.toString(16).padStart(4, '0')}-7c1d-4e2a-9f00-${(i * 7919).toString(16).padStart(12, '0')}`,
    host_ip: p.hostNetwork ? p.ip : `10.0.0.${10 + Number(p.node.replace(/\D/g, '') || 0)}`,
    pod_ip: p.ip,
    node: p.node,
    created_by_kind: p.inst ? 'StatefulSet' : 'DaemonSet',
    created_by_name: p.inst ? `${p.inst.spec.engine}-server` : p.pod.replace(/-[^-]+$/, ''),
    priority_class: '',
    host_network: String(p.hostNetwork),
  };
}

export function renderKsmText(layout: GpuLayout): string {
  const lines = ['# HELP kube_pod_info [STABLE] Information about pod.', '# TYPE kube_pod_info gauge'];
  layout.pods.forEach((p, i) => lines.push(`kube_pod_info${formatLabels(podLabels(p, i))} 1`));
  return `${lines.join('\n')}\n`;
}

/** Backfill lines; `extra` are the scrape labels (instance, job). */
export function renderKsmStored(layout: GpuLayout, out: string[], tsSec: string, extra: Labels): void {
  layout.pods.forEach((p, i) => out.push(`kube_pod_info${formatLabels({ ...podLabels(p, i), ...extra })} 1 ${tsSec}`));
}
