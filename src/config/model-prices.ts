// config.json `prices`: dollars per million tokens by served model (`target_model_name` at the
// gateway, `model_name` at the engine), e.g. {"Qwen/Qwen3-8B": {"input": 0.05, "output": 0.2}} or
// {"Qwen/Qwen3-8B": 0.1} (the same for input and output). The Usage section prices each tenant's
// tokens with it (docs/usage.md); a model without one says so instead of a cost.
import { isPrice, priceEntries } from './price-table';

export interface ModelPrice {
  input: number;
  output: number;
}
export type ModelPrices = Record<string, ModelPrice>;

/** Reads `raw.prices` into `out`, pushing a sentence per problem. */
export function parseModelPrices(raw: unknown, out: ModelPrices, problems: string[]): void {
  const notObject = '"prices" must be an object of model → dollars per million tokens, e.g. {"Qwen/Qwen3-8B": {"input": 0.05, "output": 0.2}}';
  for (const [model, v] of priceEntries(raw, 'prices', 'model', notObject, problems)) {
    const pair = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
    if (isPrice(v)) out[model] = { input: v, output: v };
    else if (pair && isPrice(pair.input) && isPrice(pair.output)) out[model] = { input: pair.input, output: pair.output };
    else problems.push(`prices["${model}"] must be a non-negative number or {"input": n, "output": n} of dollars per million tokens`);
  }
}
