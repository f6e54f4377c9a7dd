// DCGM health signals (docs/gpus.md, "GPU health"): XID errors, row-remap failures, uncorrectable
// (double-bit) ECC errors and the hardware throttling reasons, as dcgm-exporter names them; what
// an XID code means (NVIDIA's XID catalogue); the PromQL the Diagnosis and the heatmap read. Pure.
import { DCGM, normalised } from './promql';

export const HEALTH = {
  xid: DCGM.xid,
  rowRemapFailure: 'DCGM_FI_DEV_ROW_REMAP_FAILURE',
  eccDbe: 'DCGM_FI_DEV_ECC_DBE_VOL_TOTAL',
  /** Renamed CLOCKS_EVENT_REASONS in DCGM 3.3; both names are read. */
  throttle: ['DCGM_FI_DEV_CLOCK_THROTTLE_REASONS', 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS'],
} as const;

/**
 * XID codes after which the GPU is out of service until reset or replaced (NVIDIA's XID
 * catalogue); the others (13, 31, 43: usually the application) are warnings. Their meanings are
 * interface text (i18n/diagnosis.ts, `xidMeaning`).
 */
export const CRITICAL_XIDS: readonly number[] = [48, 61, 62, 64, 74, 79, 95, 119, 120];

/** Throttling reasons that mean the hardware slows the GPU (bits of the reasons bitmask). */
export const THROTTLE_BITS = { hwSlowdown: 0x8, swThermal: 0x20, hwThermal: 0x40, hwPowerBrake: 0x80 } as const;
export type ThrottleReason = keyof typeof THROTTLE_BITS;

/** The hardware reasons set in a reasons bitmask (power cap, idle and sync boost are normal). */
export function throttleReasons(mask: number): ThrottleReason[] {
  return (Object.keys(THROTTLE_BITS) as ThrottleReason[]).filter((k) => Math.floor(mask / THROTTLE_BITS[k]) % 2 === 1);
}

const BY_GPU = 'Hostname, gpu, UUID, modelName, pod';

/** A health series per GPU, its holder as `pod` only where a pod holds it (as the heatmap's). */
const perGpu = (expr: string): string => {
  const x = normalised(expr);
  return `(max by (${BY_GPU}) (${x} unless on (instance, pod) up) or max by (Hostname, gpu, UUID, modelName) (${x} and on (instance, pod) up))`;
};

const tag = (id: string, expr: string): string => `label_replace(${expr}, "iw_health", "${id}", "", "")`;

/**
 * The Diagnosis's one instant query: per GPU, the last XID over the range (`max_over_time`: a
 * code the GPU reported at any time in it), row-remap failures, double-bit ECC errors counted in
 * it, and the throttling reasons now (a bitmask: the range's mean would mean nothing), the
 * hardware ones only (≥ 8); each tagged `iw_health`, and the number of GPUs it looked at.
 */
export function healthQuery(): string {
  const throttle = `{__name__=~"${HEALTH.throttle.join('|')}"}`;
  return [
    tag('xid', `${perGpu(`max_over_time(${HEALTH.xid}[$__range])`)} > 0`),
    tag('row_remap_failure', `${perGpu(`max_over_time(${HEALTH.rowRemapFailure}[$__range])`)} > 0`),
    tag('ecc_dbe', `${perGpu(`increase(${HEALTH.eccDbe}[$__range])`)} > 0`),
    tag('throttle', `${perGpu(`max without (__name__) (${throttle})`)} >= 8`),
    tag('gpus', `count(group by (Hostname, gpu, UUID) (${normalised(DCGM.fbUsed)}))`),
  ].join(' or ');
}

/**
 * GPUs out of service at each step, by (`Hostname`, `gpu`), with what as `fault` ("XID 79",
 * "row-remap failure"); value 0, to be added onto a per-GPU series with `group_left (fault)`.
 */
export function faultsByGpu(): string {
  const xid = `max by (Hostname, gpu) (${normalised(HEALTH.xid)})`;
  const codes = CRITICAL_XIDS.map((code) => `label_replace(${xid} == ${code}, "fault", "XID ${code}", "", "")`);
  const remap = `label_replace(max by (Hostname, gpu) (${normalised(HEALTH.rowRemapFailure)}) > 0, "fault", "row-remap failure", "", "")`;
  return `(0 * topk by (Hostname, gpu) (1, max by (Hostname, gpu, fault) (${[...codes, remap].join(' or ')})))`;
}
