// Usage windows: requests and tokens per model over the last hour, day and week before the end of
// the board's range, from the catalog's roles (`increase`, which counts through counter resets: a
// restart inside the window is not a negative or a lost hour). How much history the backend holds
// for each model is asked too, so a window longer than it is said to cover only what is there
// (`increase` over 7 d on 3 h of data is the 3 h). Pure: signals, and answers to rows.
import type { EngineCatalog } from '../../catalog/types';
import type { VectorSample } from '../../prometheus';
import { SIGNAL_LABEL } from './signals';

export const USAGE_WINDOWS = [
  { id: '1h', seconds: 3_600 },
  { id: '24h', seconds: 86_400 },
  { id: '7d', seconds: 604_800 },
] as const;
export type UsageWindowId = (typeof USAGE_WINDOWS)[number]['id'];

export interface UsageSignal {
  id: string;
  /** A catalog template (`{{metricId}}`, `$__by`). */
  expr: string;
}

/** Resolution of the history probe: "data since" is known to within this. */
export const SINCE_STEP = '5m';

/** Every usage signal the engine's roles allow. */
export function usageSignals(catalog: EngineCatalog): UsageSignal[] {
  const r = catalog.roles;
  if (!r) return [];
  const out: UsageSignal[] = [];
  const inc = (id: string, w: string) => `sum by ($__by) (increase({{${id}}}[${w}]))`;
  for (const w of USAGE_WINDOWS) {
    out.push({ id: `requests_${w.id}`, expr: inc(r.requests, w.id) });
    if (r.requestsFallback) out.push({ id: `requests_fallback_${w.id}`, expr: inc(r.requestsFallback, w.id) });
    if (r.promptTokens) out.push({ id: `prompt_${w.id}`, expr: inc(r.promptTokens, w.id) });
    if (r.generationTokens) out.push({ id: `generation_${w.id}`, expr: inc(r.generationTokens.id, w.id) });
  }
  // The first evaluation step (within SINCE_STEP) at which the model had a live engine in the week.
  out.push({ id: 'since', expr: `min by ($__by) (min_over_time(timestamp(sum by ($__by) ({{${r.running}}}))[7d:${SINCE_STEP}]))` });
  return out;
}

export interface UsageCell {
  requests: number | null;
  /** Prompt + generated tokens (either alone when the engine counts only one). */
  tokens: number | null;
  /** Seconds of the window the backend holds data for (the whole window, or less). */
  coveredSec: number;
}

export interface UsageRow {
  model: string;
  cells: Record<UsageWindowId, UsageCell>;
  /** Unix seconds of the first data in the week, or null when unknown. */
  sinceSec: number | null;
}

/** Answers (glued samples carrying the signal label) to one row per model, sorted by 24 h requests. */
export function usageRows(samples: readonly VectorSample[], modelLabel: string, endSec: number): UsageRow[] {
  const by = new Map<string, Map<string, number>>();
  for (const s of samples) {
    const id = s.metric[SIGNAL_LABEL];
    const model = s.metric[modelLabel] ?? '';
    const v = Number(s.value[1]);
    if (!id || !Number.isFinite(v)) continue;
    let m = by.get(model);
    if (!m) by.set(model, (m = new Map()));
    m.set(id, v);
  }
  const rows: UsageRow[] = [];
  for (const [model, m] of by) {
    const since = m.get('since') ?? null;
    const cells = {} as Record<UsageWindowId, UsageCell>;
    for (const w of USAGE_WINDOWS) {
      const req = m.get(`requests_${w.id}`) ?? m.get(`requests_fallback_${w.id}`) ?? null;
      const p = m.get(`prompt_${w.id}`);
      const g = m.get(`generation_${w.id}`);
      const tokens = p === undefined && g === undefined ? null : (p ?? 0) + (g ?? 0);
      const held = since === null ? w.seconds : Math.max(0, endSec - since);
      cells[w.id] = { requests: req, tokens, coveredSec: Math.min(w.seconds, held) };
    }
    if (USAGE_WINDOWS.every((w) => cells[w.id].requests === null && cells[w.id].tokens === null)) continue;
    rows.push({ model, cells, sinceSec: since });
  }
  return rows.sort((a, b) => (b.cells['24h'].requests ?? 0) - (a.cells['24h'].requests ?? 0) || a.model.localeCompare(b.model));
}
