// config.json `prices`: dollars per million tokens by served model (`target_model_name` at the
// gateway, `model_name` at the engine), e.g. {"Qwen/Qwen3-8B": {"input": 0.05, "output": 0.2}} or
// {"Qwen/Qwen3-8B": 0.1} (the same for input and output). The Usage section prices each tenant's
// tokens with it (docs/usage.md); a model without one says so instead of a cost.
export interface ModelPrice {
  input: number;
  output: number;
}
export type ModelPrices = Record<string, ModelPrice>;

const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Reads `raw.prices` into `out`, pushing a sentence per problem. */
export function parseModelPrices(raw: unknown, out: ModelPrices, problems: string[]): void {
  if (raw === undefined || raw === null) return;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('"prices" must be an object of model → dollars per million tokens, e.g. {"Qwen/Qwen3-8B": {"input": 0.05, "output": 0.2}}');
    return;
  }
  for (const [model, v] of Object.entries(raw as Record<string, unknown>)) {
    if (model.trim() === '') problems.push('"prices" has an empty model name');
    else if (ok(v)) out[model] = { input: v, output: v };
    else if (typeof v === 'object' && v !== null && ok((v as Record<string, unknown>).input) && ok((v as Record<string, unknown>).output)) {
      const p = v as { input: number; output: number };
      out[model] = { input: p.input, output: p.output };
    } else problems.push(`prices["${model}"] must be a non-negative number or {"input": n, "output": n} of dollars per million tokens`);
  }
}
