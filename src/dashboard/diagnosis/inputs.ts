// The answers of the glued signal queries, reshaped: per model, one number per signal; per
// instance, one row per (model, instance). Pure.
import type { VectorSample } from '../../prometheus';
import { SIGNAL_LABEL } from './signals';

export type Labels = Record<string, string>;

/** One model's figures over the range, by signal id (absent when the engine lacks it or nothing came back). */
export type ModelFigures = Record<string, number>;

export interface InstanceFigures {
  model: string;
  instance: string;
  values: Record<string, number>;
  /** KV capacity in tokens from an info gauge's labels, summed over the instance's ranks. */
  kvCapacityTokens: number | null;
}

const num = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Finite sample values only: NaN and ±Inf (an idle ratio, an empty quantile) are no figure. */
function value(s: VectorSample): number | null {
  const n = Number(s.value[1]);
  return Number.isFinite(n) ? n : null;
}

export function modelFigures(samples: readonly VectorSample[], modelLabel: string): Map<string, ModelFigures> {
  const out = new Map<string, ModelFigures>();
  for (const s of samples) {
    const id = s.metric[SIGNAL_LABEL];
    const v = value(s);
    if (!id || v === null) continue;
    const model = s.metric[modelLabel] ?? '';
    const f = out.get(model) ?? {};
    f[id] = v;
    out.set(model, f);
  }
  return out;
}

/** Capacity from `cache_config_info` labels: kv_cache_size_tokens, else num_gpu_blocks × block_size. */
export function infoCapacity(metric: Labels): number | null {
  const tokens = num(metric.kv_cache_size_tokens);
  if (tokens !== null) return tokens;
  const blocks = num(metric.num_gpu_blocks);
  const size = num(metric.block_size);
  return blocks !== null && size !== null ? blocks * size : null;
}

export function instanceFigures(samples: readonly VectorSample[], modelLabel: string, instanceLabel: string): InstanceFigures[] {
  const rows = new Map<string, InstanceFigures>();
  const infoCap = new Map<string, number>();
  const row = (model: string, instance: string): InstanceFigures => {
    const key = `${model}\u0000${instance}`;
    let r = rows.get(key);
    if (!r) {
      r = { model, instance, values: {}, kvCapacityTokens: null };
      rows.set(key, r);
    }
    return r;
  };
  for (const s of samples) {
    const id = s.metric[SIGNAL_LABEL];
    const instance = s.metric[instanceLabel];
    if (!id || instance === undefined) continue;
    if (id === 'kv_capacity_info') {
      // Info gauges carry no model label: joined to the instance's rows below, one term per rank.
      const c = infoCapacity(s.metric);
      if (c !== null) infoCap.set(instance, (infoCap.get(instance) ?? 0) + c);
      continue;
    }
    const v = value(s);
    if (v === null) continue;
    row(s.metric[modelLabel] ?? '', instance).values[id] = v;
  }
  for (const r of rows.values()) {
    const tokens = r.values.kv_capacity_tokens;
    r.kvCapacityTokens = tokens !== undefined ? tokens : (infoCap.get(r.instance) ?? null);
  }
  return [...rows.values()].filter((r) => r.model !== '');
}
