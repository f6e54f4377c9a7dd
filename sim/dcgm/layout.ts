// Where the simulated GPUs sit: every engine server gets (DP ranks × TP size) GPUs, packed onto
// 8-GPU nodes in fleet order; the GPUs left over on a node, and a last node with no engine at
// all, are idle. Each node runs one DCGM exporter (a DaemonSet pod) and one hostNetwork pod.
import type { Fleet } from '../fleet.ts';
import type { SimInstance } from '../instance.ts';
import { SIM_NAMESPACE, simPodName } from '../pods.ts';

export const GPUS_PER_NODE = 8;
export const EXPORTER_NAMESPACE = 'gpu-operator';
export const IDLE_NODE_GPUS = 2;
/** GPU model of the engine nodes, and of the idle node (no price for it in the demo config). */
export const ENGINE_GPU_MODEL = 'NVIDIA H100 80GB HBM3';
export const IDLE_GPU_MODEL = 'NVIDIA A100-SXM4-80GB';
export const FB_TOTAL_MIB = 81_559;

export interface SimGpu {
  node: number;
  /** Index on its node (the exporter's `gpu` label). */
  index: number;
  uuid: string;
  modelName: string;
  /** The engine server holding it, if any, and which of its DP ranks. */
  inst: SimInstance | null;
  rank: number;
  /** Share of one rank's work on this GPU (1 / TP size). */
  share: number;
}

export interface SimNode {
  index: number;
  name: string;
  /** The node's own IP (hostNetwork pods have it). */
  ip: string;
  exporterPod: string;
}

export interface SimPod {
  namespace: string;
  pod: string;
  ip: string;
  node: string;
  hostNetwork: boolean;
  inst: SimInstance | null;
}

export interface GpuLayout {
  nodes: SimNode[];
  gpus: SimGpu[];
  pods: SimPod[];
}

export const nodeName = (n: number): string => `gpu-node-${n}`;
const hex = (n: number, w: number): string => n.toString(16).padStart(w, '0');

/** GPUs an engine server holds: its DP ranks × the model's TP size. */
export function gpusOf(inst: SimInstance): number {
  return inst.spec.ranks * Math.max(1, inst.preset.tpSize);
}

export function gpuLayout(fleet: Fleet): GpuLayout {
  const gpus: SimGpu[] = [];
  const pods: SimPod[] = [];
  let node = 0;
  let slot = 0;
  const add = (inst: SimInstance | null, rank: number, share: number, modelName: string): void => {
    if (slot >= GPUS_PER_NODE) {
      node++;
      slot = 0;
    }
    gpus.push({ node, index: slot, uuid: `GPU-${hex(0x5a1d + node, 8)}-${hex(slot, 4)}-4000-8000-${hex(node * 16 + slot, 12)}`, modelName, inst, rank, share });
    slot++;
  };
  for (const inst of fleet.instances) {
    const n = gpusOf(inst);
    // A server never straddles two nodes.
    if (slot + n > GPUS_PER_NODE) {
      while (slot < GPUS_PER_NODE) add(null, 0, 0, ENGINE_GPU_MODEL);
    }
    const firstNode = slot >= GPUS_PER_NODE ? node + 1 : node;
    const tp = Math.max(1, inst.preset.tpSize);
    for (let g = 0; g < n; g++) add(inst, Math.floor(g / tp), 1 / tp, ENGINE_GPU_MODEL);
    pods.push({ namespace: SIM_NAMESPACE, pod: simPodName(inst.spec.engine, inst.spec.index), ip: `10.42.${firstNode}.${10 + pods.length}`, node: nodeName(firstNode), hostNetwork: false, inst });
  }
  // Fill the last engine node with idle GPUs, then one node with no engine.
  while (slot < GPUS_PER_NODE) add(null, 0, 0, ENGINE_GPU_MODEL);
  for (let g = 0; g < IDLE_NODE_GPUS; g++) add(null, 0, 0, IDLE_GPU_MODEL);
  const nodes: SimNode[] = Array.from({ length: node + 1 }, (_, i) => ({
    index: i,
    name: nodeName(i),
    ip: `10.0.0.${10 + i}`,
    exporterPod: `nvidia-dcgm-exporter-${hex(0xb7c1 + i * 97, 5)}`,
  }));
  for (const n of nodes) {
    pods.push({ namespace: EXPORTER_NAMESPACE, pod: n.exporterPod, ip: `10.42.${n.index}.2`, node: n.name, hostNetwork: false, inst: null });
    // A hostNetwork pod has the node's IP: an IP join must leave such pods out.
    pods.push({ namespace: 'monitoring', pod: `node-exporter-${n.name}`, ip: n.ip, node: n.name, hostNetwork: true, inst: null });
  }
  return { nodes, gpus, pods };
}

/** The pod of an engine server. */
export function podOf(layout: GpuLayout, inst: SimInstance): SimPod | undefined {
  return layout.pods.find((p) => p.inst === inst);
}
