// config.json `gpuPrices`: dollars per GPU-hour by GPU model, e.g.
// {"NVIDIA H100 80GB HBM3": 2.9, "A100": 1.6}. A key matches DCGM's `modelName` exactly, else as
// a case-insensitive part of it (the longest such key wins): src/catalog/gpus/prices.ts.
export type GpuPrices = Record<string, number>;

/** Reads `raw.gpuPrices` into `out`, pushing a sentence per problem. */
export function parseGpuPrices(raw: unknown, out: GpuPrices, problems: string[]): void {
  if (raw === undefined || raw === null) return;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('"gpuPrices" must be an object of GPU model → dollars per GPU-hour, e.g. {"H100": 2.9}');
    return;
  }
  for (const [name, v] of Object.entries(raw as Record<string, unknown>)) {
    if (name.trim() === '') problems.push('"gpuPrices" has an empty GPU model name');
    else if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) problems.push(`gpuPrices["${name}"] must be a non-negative number of dollars per GPU-hour`);
    else out[name] = v;
  }
}
