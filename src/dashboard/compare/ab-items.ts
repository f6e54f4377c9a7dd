// What the "A vs B" summary asks for each core panel query, per side: quantiles over the whole
// range as the Models table computes them (one instant query at the summary end), every other
// query the panel's own expression over the window (its line's mean). Pure.
import { expandQuery, type ExpandContext } from '../../catalog';
import type { EngineCatalog, PanelSpec, QuerySpec } from '../../catalog/types';
import { CORE_PANEL_IDS } from '../../catalog/core-panels';
import type { AbSelection } from '../url/url-state';
import { abSelect, rangeQuantile } from './ab';

export interface AbItem {
  /** `panel id/query id`, unique. */
  key: string;
  panel: PanelSpec;
  queryId: string;
  legend: string;
  /** 'range': an instant quantile over `[$__range]`; 'mean': the mean of the range query's line. */
  over: 'range' | 'mean';
  /** The quantile over the range's query, for its bucket bounds (range items only). */
  quantile: QuerySpec | null;
  a: string;
  b: string;
}

/**
 * The items of the core panels present in `catalog`, A's and B's expressions each (a query either
 * side cannot expand is left out). `range` is the summary window's length in seconds.
 *
 * @example
 * // TTFT p95, ab=model_name a=m1 b=m2, range 1800 s:
 * // a: 'histogram_quantile(0.95, sum by (le) (rate(vllm:time_to_first_token_seconds_bucket{model_name="m1"}[1800s])))'
 */
export function abItems(catalog: EngineCatalog, ab: AbSelection, base: ExpandContext, range: number): AbItem[] {
  const side = (s: 'a' | 'b', withRange: boolean): ExpandContext => ({ ...base, select: abSelect(ab, s), by: [], ...(withRange ? { range } : {}) });
  const out: AbItem[] = [];
  for (const id of CORE_PANEL_IDS) {
    const panel = catalog.panels.find((p) => p.id === id);
    if (!panel || panel.notAvailable) continue;
    for (const query of panel.queries) {
      const quantile = rangeQuantile(query);
      const q = quantile ?? query;
      const a = expandQuery(q, catalog, side('a', quantile !== null));
      const b = expandQuery(q, catalog, side('b', quantile !== null));
      if ('missing' in a || 'missing' in b) continue;
      out.push({ key: `${panel.id}/${query.id}`, panel, queryId: query.id, legend: query.legend, over: quantile ? 'range' : 'mean', quantile, a: a.expr, b: b.expr });
    }
  }
  return out;
}
