// A simulated NVIDIA DCGM exporter: per node, the GPUs of gpuLayout with dcgm-exporter's metric
// names, labels and units, following the engines' load (utilisation and power with the running
// batch, framebuffer with KV usage, an energy counter in mJ). One exporter per node, as the
// DaemonSet runs it; `instance` is the exporter's address, never the engine's.
import { floatToGoString, formatLabels } from '../format.ts';
import type { Labels } from '../exposition.ts';
import { FB_TOTAL_MIB, type GpuLayout, type SimGpu, type SimNode, podOf } from './layout.ts';

/** dcgm-exporter's value for a field the GPU does not support (DCGM_FT_INT64_NOT_SUPPORTED). */
export const UNSUPPORTED = '9223372036854775794';

interface Field {
  name: string;
  type: 'gauge' | 'counter';
  help: string;
  value: (s: GpuState, g: SimGpu) => number | string;
}

interface GpuState {
  util: number; // 0..1
  kv: number; // 0..1
  powerW: number;
  energyMj: number;
  tempC: number;
}

const IDLE_W = 70;
const MAX_W = 700;

// HELP and TYPE as dcgm-exporter's default-counters.csv writes them (ratios "%" or "ratio").
const FIELDS: Field[] = [
  { name: 'DCGM_FI_DEV_SM_CLOCK', type: 'gauge', help: 'SM clock frequency (in MHz).', value: (s) => Math.round(1095 + 885 * Math.min(1, s.util * 1.5)) },
  { name: 'DCGM_FI_DEV_MEM_CLOCK', type: 'gauge', help: 'Memory clock frequency (in MHz).', value: () => 2619 },
  { name: 'DCGM_FI_DEV_GPU_TEMP', type: 'gauge', help: 'GPU temperature (in C).', value: (s) => Math.round(s.tempC) },
  { name: 'DCGM_FI_DEV_MEMORY_TEMP', type: 'gauge', help: 'Memory temperature (in C).', value: () => UNSUPPORTED },
  { name: 'DCGM_FI_DEV_POWER_USAGE', type: 'gauge', help: 'Power draw (in W).', value: (s) => Math.round(s.powerW * 1000) / 1000 },
  { name: 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION', type: 'counter', help: 'Total energy consumption since boot (in mJ).', value: (s) => Math.round(s.energyMj) },
  { name: 'DCGM_FI_DEV_GPU_UTIL', type: 'gauge', help: 'GPU utilization (in %).', value: (s) => Math.round(s.util * 100) },
  { name: 'DCGM_FI_DEV_MEM_COPY_UTIL', type: 'gauge', help: 'Memory utilization (in %).', value: (s) => Math.round(s.util * 60) },
  { name: 'DCGM_FI_DEV_XID_ERRORS', type: 'gauge', help: 'Value of the last XID error encountered.', value: (_s, g) => (g.inst === null && g.node > 0 && g.index === 1 ? 79 : 0) },
  { name: 'DCGM_FI_DEV_ROW_REMAP_FAILURE', type: 'gauge', help: 'Whether remapping of rows has failed', value: () => 0 },
  { name: 'DCGM_FI_DEV_ECC_DBE_VOL_TOTAL', type: 'counter', help: 'Total number of double-bit volatile ECC errors.', value: () => 0 },
  // Bitmask: 0x1 idle, 0x4 software power cap (normal at full load); no hardware reason is simulated.
  { name: 'DCGM_FI_DEV_CLOCK_THROTTLE_REASONS', type: 'gauge', help: 'Throttling reasons bitmask.', value: (s) => (s.util === 0 ? 1 : s.util > 0.9 ? 4 : 0) },
  { name: 'DCGM_FI_DEV_FB_FREE', type: 'gauge', help: 'Framebuffer memory free (in MiB).', value: (s, g) => FB_TOTAL_MIB - fbUsed(s, g) },
  { name: 'DCGM_FI_DEV_FB_USED', type: 'gauge', help: 'Framebuffer memory used (in MiB).', value: (s, g) => fbUsed(s, g) },
  { name: 'DCGM_FI_PROF_GR_ENGINE_ACTIVE', type: 'gauge', help: 'Ratio of time the graphics engine is active.', value: (s) => round4(s.util * 0.97) },
  { name: 'DCGM_FI_PROF_PIPE_TENSOR_ACTIVE', type: 'gauge', help: 'Ratio of cycles the tensor (HMMA) pipe is active.', value: (s) => round4(s.util * 0.42) },
  { name: 'DCGM_FI_PROF_DRAM_ACTIVE', type: 'gauge', help: 'Ratio of cycles the device memory interface is active sending or receiving data.', value: (s) => round4(s.util * 0.55) },
];

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
/** Weights and the preallocated pool are held from the start; the rest follows KV usage. */
const fbUsed = (s: GpuState, g: SimGpu): number => (g.inst ? Math.round(FB_TOTAL_MIB * (0.55 + 0.35 * s.kv)) : 0);

export class DcgmSim {
  private readonly state: GpuState[];
  private lastMs: number | null = null;

  constructor(readonly layout: GpuLayout) {
    this.state = layout.gpus.map((_g, i) => ({ util: 0, kv: 0, powerW: IDLE_W, energyMj: 4e9 + i * 7.3e7, tempC: 31 }));
  }

  /** Reads the engines' state at `tMs` and integrates energy since the last call. */
  advanceTo(tMs: number): void {
    const dtSec = this.lastMs === null ? 0 : Math.max(0, (tMs - this.lastMs) / 1000);
    this.lastMs = tMs;
    this.layout.gpus.forEach((g, i) => {
      const s = this.state[i];
      if (!s) return;
      const model = g.inst?.models[g.rank];
      const running = model ? model.running.length : 0;
      // Busy share rises with the batch (saturating near 64 running sequences).
      s.util = model ? Math.min(1, 0.04 + 0.96 * (1 - Math.exp(-running / 24))) : 0;
      s.kv = model ? model.kvUsage : 0;
      const target = IDLE_W + (MAX_W - IDLE_W) * s.util;
      s.powerW = target;
      s.energyMj += target * dtSec * 1000;
      s.tempC = 31 + 45 * s.util;
    });
  }

  /** Labels dcgm-exporter writes for one GPU (pod/namespace/container only on a GPU a pod holds). */
  private gpuLabels(g: SimGpu, node: SimNode): Record<string, string> {
    const labels: Record<string, string> = {
      gpu: String(g.index),
      UUID: g.uuid,
      pci_bus_id: `00000000:${(0x18 + g.index * 0x10).toString(16).toUpperCase().padStart(2, '0')}:00.0`,
      device: `nvidia${g.index}`,
      modelName: g.modelName,
      Hostname: node.name,
    };
    const pod = g.inst ? podOf(this.layout, g.inst) : undefined;
    if (pod) Object.assign(labels, { container: g.inst?.spec.engine ?? '', namespace: pod.namespace, pod: pod.pod });
    return labels;
  }

  /** One node's exporter body (text format 0.0.4). */
  renderText(node: number): string {
    const n = this.layout.nodes[node];
    if (!n) return '';
    const out: string[] = [];
    for (const f of FIELDS) {
      out.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`);
      this.layout.gpus.forEach((g, i) => {
        const s = this.state[i];
        if (g.node !== node || !s) return;
        const v = f.value(s, g);
        out.push(`${f.name}${formatLabels(this.gpuLabels(g, n))} ${typeof v === 'string' ? v : floatToGoString(v)}`);
      });
    }
    return `${out.join('\n')}\n`;
  }

  /**
   * OpenMetrics sample lines (no TYPE) for the backfill, with the labels as Prometheus stores
   * them after `relabel` (target labels and honor_labels applied by the caller's function).
   */
  renderStored(out: string[], tsSec: string, relabel: (exposed: Labels, node: SimNode) => Labels): void {
    for (const f of FIELDS) {
      this.layout.gpus.forEach((g, i) => {
        const s = this.state[i];
        const n = this.layout.nodes[g.node];
        if (!s || !n) return;
        const v = f.value(s, g);
        out.push(`${f.name}${formatLabels(relabel(this.gpuLabels(g, n), n))} ${typeof v === 'string' ? v : floatToGoString(v)} ${tsSec}`);
      });
    }
  }
}
