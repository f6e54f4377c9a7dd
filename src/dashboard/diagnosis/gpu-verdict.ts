// GPU health from DCGM (docs/verdicts.md, `gpu-health`): per GPU, the XID errors of the range,
// row-remap failures, double-bit ECC errors and hardware throttling now, read from one instant
// query (catalog/gpus/health.ts) and made one finding per GPU. A GPU that fell off the bus reports
// no utilisation and no tokens: without this it read "idle" and "Nothing stands out". Pure.
import { CRITICAL_XIDS, throttleReasons, type ThrottleReason } from '../../catalog/gpus/health';
import { parseSampleValue, type QueryAnswer } from '../../prometheus';
import type { Finding } from './diagnose';

export interface GpuFault {
  node: string;
  gpu: string;
  model: string;
  /** The pod holding it, or null (held by no pod). */
  holder: string | null;
  xid?: number;
  rowRemapFailure?: boolean;
  eccDbe?: number;
  throttle?: ThrottleReason[];
}

export interface GpuHealth {
  /** GPUs the query looked at (0: no DCGM series, nothing checked). */
  gpus: number;
  faults: GpuFault[];
}

export function readGpuHealth(a: QueryAnswer | undefined): GpuHealth | null {
  if (!a || a.result.resultType !== 'vector') return null;
  let gpus = 0;
  const byGpu = new Map<string, GpuFault>();
  for (const s of a.result.result) {
    const v = parseSampleValue(s.value[1]);
    if (!Number.isFinite(v)) continue;
    const m = s.metric;
    if (m.iw_health === 'gpus') {
      gpus = v;
      continue;
    }
    const key = `${m.Hostname ?? ''}\u0000${m.gpu ?? ''}\u0000${m.UUID ?? ''}`;
    const f = byGpu.get(key) ?? { node: m.Hostname ?? '', gpu: m.gpu ?? '', model: m.modelName ?? '', holder: m.pod || null };
    if (m.iw_health === 'xid') f.xid = v;
    else if (m.iw_health === 'row_remap_failure') f.rowRemapFailure = true;
    else if (m.iw_health === 'ecc_dbe') f.eccDbe = v;
    else if (m.iw_health === 'throttle') {
      const r = throttleReasons(v);
      if (r.length === 0) continue;
      f.throttle = r;
    } else continue;
    byGpu.set(key, f);
  }
  const faults = [...byGpu.values()].sort((x, y) => x.node.localeCompare(y.node) || Number(x.gpu) - Number(y.gpu));
  return { gpus, faults };
}

/** Out of service until reset or replaced: a critical XID, a failed row remap, an uncorrectable ECC error. */
export const outOfService = (f: GpuFault): boolean => (f.xid !== undefined && CRITICAL_XIDS.includes(f.xid)) || f.rowRemapFailure === true || (f.eccDbe ?? 0) > 0;

/** One finding per GPU with a fault: critical when out of service, else a warning (an application XID, hardware throttling). */
export function gpuHealthFindings(h: GpuHealth | null): Finding[] {
  return (h?.faults ?? []).map((g) => ({
    id: 'gpu-health',
    model: '',
    instance: `${g.node} · gpu ${g.gpu}`,
    gpu: g,
    severity: outOfService(g) ? 'critical' : 'warning',
    score: outOfService(g) ? 2 : 1,
    confidence: 'high',
    evidence: {},
    bucketBounds: false,
    inferred: false,
    panel: g.xid !== undefined || g.rowRemapFailure || g.eccDbe ? 'gpu-xid' : 'gpu-clocks',
    inputs: ['gpu-health'],
  }));
}
