// The Usage section's queries (catalog/routers/usage.ts) for the three tables in one batch of
// instant queries at the end of the summary window (the tables' window, as in Routing), and the
// bucket bounds of the histograms its p95 columns read, so a p95 inside a coarse bucket shows the
// bucket ("< 5 ms") as everywhere on the board.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { USAGE_DIMS, usageExprs, usageHistograms, type UsageDim, type UsageSource } from '../../catalog/routers/usage';
import type { ModelPrices } from '../../config/model-prices';
import { parseBounds } from '../../lib/buckets';
import { bucketBoundsOptions, type QueryAnswer } from '../../prometheus';
import { coarseWindow } from '../backend/use-backend';
import { rangeSeconds, summaryWindow, useDashboard, type QueryWindow } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { buildUsageTable, type Answers, type UsageTable } from './usage-rows';

export interface UsageData {
  state: 'loading' | 'ok' | 'error';
  tables: Partial<Record<UsageDim, UsageTable>>;
  /** Every expression asked, for the PromQL list (label → PromQL). */
  exprs: Array<[string, string]>;
  window: QueryWindow;
  rangeSec: number;
  /** `le` bounds per quantile column. */
  bounds: Partial<Record<'ttft' | 'ntpot' | 'queue', number[]>>;
}

// A module-level `combine`: TanStack then shares the result while no bound list changes.
const dataOf = (rs: ReadonlyArray<{ data?: string[] }>): Array<string[] | null> => rs.map((r) => r.data ?? null);
const vector = (a: QueryAnswer | undefined) => (a && a.result.resultType === 'vector' ? a.result.result : null);

/** An exact model name, else a case-insensitive match of the whole name. */
export const priceLookup = (prices: ModelPrices) => (model: string) => prices[model] ?? Object.entries(prices).find(([k]) => k.toLowerCase() === model.toLowerCase())?.[1] ?? null;

export function useUsageData(src: UsageSource, tenant: string | null, prices: ModelPrices, enabled: boolean): UsageData {
  const ctx = useDashboard();
  const { client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const rangeSec = rangeSeconds(w);
  const perDim = useMemo(() => USAGE_DIMS.map((dim) => usageExprs(src, dim, { rangeSec, tenant })), [src, rangeSec, tenant]);
  const list = useMemo(() => [...new Set(perDim.flatMap((e) => e.map(([, x]) => x)))], [perDim]);
  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs: list, window: w, enabled });

  const hist = useMemo(() => Object.entries(usageHistograms(src)), [src]);
  const { start, end } = coarseWindow(w.startSec, w.endSec);
  const boundQueries = useMemo(() => hist.map(([, series]) => ({ ...bucketBoundsOptions(client, { baseUrl, series, start, end }), enabled })), [hist, client, baseUrl, start, end, enabled]);
  const boundData = useQueries({ queries: boundQueries, combine: dataOf });
  const bounds = useMemo(() => {
    const out: UsageData['bounds'] = {};
    hist.forEach(([k], i) => {
      const d = boundData[i];
      if (d) out[k as 'ttft'] = parseBounds(d).map((b) => b.value);
    });
    return out;
  }, [hist, boundData]);

  return useMemo((): UsageData => {
    const at = new Map(list.map((e, i) => [e, i]));
    const exprs = USAGE_DIMS.flatMap((dim, i) => (perDim[i] ?? []).map(([k, e]): [string, string] => [`${dim}:${k}`, e]));
    const base = { exprs, window: w, rangeSec, bounds, tables: {} };
    if (statuses.some((s) => s.error && !s.hasData)) return { ...base, state: 'error' };
    if (answers.length < list.length || answers.some((a) => a === undefined)) return { ...base, state: 'loading' };
    const price = priceLookup(prices);
    const tables: UsageData['tables'] = {};
    USAGE_DIMS.forEach((dim, i) => {
      const a: Record<string, ReturnType<typeof vector>> = {};
      for (const [k, e] of perDim[i] ?? []) a[k] = vector(answers[at.get(e) ?? -1]);
      tables[dim] = buildUsageTable(dim, a as Answers, price);
    });
    return { ...base, state: 'ok', tables };
  }, [statuses, answers, list, perDim, w, rangeSec, bounds, prices]);
}
