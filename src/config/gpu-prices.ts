// config.json `gpuPrices`: dollars per GPU-hour by GPU model, e.g.
// {"NVIDIA H100 80GB HBM3": 2.9, "A100": 1.6}. A key matches DCGM's `modelName` exactly, else as
// a case-insensitive part of it (the longest such key wins): src/catalog/gpus/prices.ts.
import { isPrice, priceEntries } from './price-table';

export type GpuPrices = Record<string, number>;

/** Reads `raw.gpuPrices` into `out`, pushing a sentence per problem. */
export function parseGpuPrices(raw: unknown, out: GpuPrices, problems: string[]): void {
  const notObject = '"gpuPrices" must be an object of GPU model → dollars per GPU-hour, e.g. {"H100": 2.9}';
  for (const [name, v] of priceEntries(raw, 'gpuPrices', 'GPU model', notObject, problems)) {
    if (isPrice(v)) out[name] = v;
    else problems.push(`gpuPrices["${name}"] must be a non-negative number of dollars per GPU-hour`);
  }
}
