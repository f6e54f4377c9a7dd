// Dollars per GPU-hour for the GPU models DCGM reports (`modelName`), from config.json
// `gpuPrices` and prices typed in the page: an exact name wins, else the longest key that is a
// case-insensitive part of the model name ("H100" prices "NVIDIA H100 80GB HBM3").
export interface ResolvedPrices {
  /** Exact DCGM model name → $/GPU-hour. */
  prices: Map<string, number>;
  /** Models with no price (their GPUs drop out of the cost columns). */
  missing: string[];
}

export function resolvePrices(models: readonly string[], config: Readonly<Record<string, number>>, typed: Readonly<Record<string, number>> = {}): ResolvedPrices {
  const prices = new Map<string, number>();
  const missing: string[] = [];
  const keys = Object.keys(config).sort((a, b) => b.length - a.length);
  for (const m of models) {
    const t = typed[m];
    const exact = config[m];
    const part = keys.find((k) => m.toLowerCase().includes(k.toLowerCase()));
    const v = t ?? exact ?? (part === undefined ? undefined : config[part]);
    if (v === undefined || !Number.isFinite(v) || v < 0) missing.push(m);
    else prices.set(m, v);
  }
  return { prices, missing };
}
