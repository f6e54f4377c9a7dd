// Peak dense BF16/FP16 tensor throughput per GPU, FLOP/s, from the vendors' datasheets (without
// sparsity). MFU = achieved FLOP/s ÷ this. Sites add their own through config.json `gpuPeaks`.
import type { GpuPeak } from '../../config/runtime-config';

export const GPU_PEAKS: GpuPeak[] = [
  { name: 'H100', flops: 989e12 }, // H100 SXM
  { name: 'H100 PCIe', flops: 756e12 },
  { name: 'H200', flops: 989e12 },
  { name: 'H20', flops: 148e12 },
  { name: 'B200', flops: 2250e12 },
  { name: 'GB200', flops: 2500e12 },
  { name: 'A100', flops: 312e12 },
  { name: 'L40S', flops: 362e12 },
  { name: 'L4', flops: 121e12 },
  { name: 'A10', flops: 125e12 },
  { name: 'MI300X', flops: 1307e12 },
  { name: 'MI325X', flops: 1307e12 },
];

/** The peak for a URL/config value: a table name, or a number of FLOP/s (`1.2e15`). */
export function gpuPeakFor(value: string | number | null, table: GpuPeak[]): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return value > 0 ? value : null;
  const hit = table.find((g) => g.name.toLowerCase() === value.toLowerCase());
  if (hit) return hit.flops;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function mergeGpuPeaks(extra: GpuPeak[]): GpuPeak[] {
  const byName = new Map(GPU_PEAKS.map((g) => [g.name.toLowerCase(), g]));
  for (const g of extra) byName.set(g.name.toLowerCase(), g);
  return [...byName.values()];
}
