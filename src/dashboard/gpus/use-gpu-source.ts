// Is there a GPU exporter on this backend, and how does it join the engines? Runs the two probes
// (probe.ts) at the summary window's end once the engine names are known, and holds the prices
// typed in the page. Everything GPU-related on the board reads this one value (GpuContext).
import { createContext, useContext, useMemo, useState } from 'react';
import { query } from '../../catalog/define';
import { priceVector } from '../../catalog/gpus/promql';
import { resolvePrices } from '../../catalog/gpus/prices';
import { expandQuery } from '../../catalog/promql';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { type GpuInventory, type GpuJoin, inventoryQuery, joinQuery, readInventory, readJoin } from './probe';

export interface GpuSource {
  status: 'unknown' | 'absent' | 'present';
  inventory: GpuInventory | null;
  join: GpuJoin | null;
  /** Resolved $/GPU-hour by exact model name, and models without one. */
  prices: Map<string, number>;
  missingPrices: string[];
  /** `gpuPrices` keys from config.json (to say where a price came from). */
  configPrices: Readonly<Record<string, number>>;
  /** The prices as a PromQL vector by `modelName`; null when no GPU model has a price. */
  priceExpr: string | null;
  typed: Readonly<Record<string, number>>;
  setTyped: (model: string, usd: number | null) => void;
}

export const NO_GPUS: GpuSource = {
  status: 'unknown',
  inventory: null,
  join: null,
  prices: new Map(),
  missingPrices: [],
  configPrices: {},
  priceExpr: null,
  typed: {},
  setTyped: () => {},
};

export const GpuContext = createContext<GpuSource>(NO_GPUS);
export const useGpus = (): GpuSource => useContext(GpuContext);

export function useGpuSource(configPrices: Readonly<Record<string, number>>, enabled: boolean): GpuSource {
  const ctx = useDashboard();
  const [typed, setTypedState] = useState<Record<string, number>>({});
  const running = ctx.catalog.roles?.running ?? null;
  const exprs = useMemo(() => {
    if (!ctx.resolved) return [];
    const expand = (template: string): string | null => {
      const r = expandQuery(query('gpu-probe', '', template), ctx.catalog, { resolved: ctx.resolved ?? new Map(), filters: {}, rateInterval: ctx.rateInterval, by: [], range: rangeSeconds(ctx.window) });
      return 'expr' in r ? r.expr : null;
    };
    const inv = expand(inventoryQuery());
    const join = running ? expand(joinQuery(running, ctx.catalog.roles?.generationTokens?.id ?? null)) : null;
    return [inv, join].filter((e): e is string => e !== null);
  }, [ctx.resolved, ctx.catalog, ctx.rateInterval, ctx.window, running]);
  const window = summaryWindow(ctx.window);
  const { answers } = useQueryAnswers({ kind: 'instant', client: ctx.client, baseUrl: ctx.baseUrl, exprs, window, enabled: enabled && exprs.length > 0 });
  const [a0, a1] = answers;
  const inventory = useMemo(() => readInventory(a0), [a0]);
  const join = useMemo(() => (a1 ? readJoin(a1) : null), [a1]);
  const models = useMemo(() => inventory?.models.map((m) => m.name) ?? [], [inventory]);
  const key = models.join('\n');
  const resolved = useMemo(() => resolvePrices(key ? key.split('\n') : [], configPrices, typed), [key, configPrices, typed]);
  const priceExpr = useMemo(() => priceVector(resolved.prices), [resolved]);
  const status: GpuSource['status'] = inventory === null ? 'unknown' : inventory.total > 0 ? 'present' : 'absent';
  return useMemo(
    () => ({
      status,
      inventory,
      join,
      prices: resolved.prices,
      missingPrices: resolved.missing,
      configPrices,
      priceExpr,
      typed,
      setTyped: (model: string, usd: number | null) =>
        setTypedState((t) => {
          const next = { ...t };
          if (usd === null) delete next[model];
          else next[model] = usd;
          return next;
        }),
    }),
    [status, inventory, join, resolved, priceExpr, typed, configPrices],
  );
}
