// Which panels carry exemplars, and the `_bucket` selector a panel's query reads (pure).
import type { PanelSpec } from '../../catalog/types';
import type { LatencyKind } from './trace-links';

/** The latency heatmaps, by panel id (the same ids on every engine that has them). */
export const EXEMPLAR_PANELS: Readonly<Record<string, LatencyKind>> = {
  'ttft-heatmap': 'ttft',
  'itl-heatmap': 'itl',
  'e2e-heatmap': 'e2e',
  'queue-time-heatmap': 'queue',
};

/**
 * The latency panels that draw histogram_quantile lines, by panel id (vLLM and SGLang share them).
 * TPOT is a per-request mean of the token gaps: no span attribute holds it, so its search is
 * the time slice, like ITL's.
 */
export const EXEMPLAR_LINE_PANELS: Readonly<Record<string, LatencyKind>> = {
  ttft: 'ttft',
  itl: 'itl',
  tpot: 'itl',
  'e2e-latency': 'e2e',
  'queue-time': 'queue',
};

export function latencyKindOf(panel: Pick<PanelSpec, 'id' | 'chart'>): LatencyKind | null {
  if (panel.chart === 'heatmap') return EXEMPLAR_PANELS[panel.id] ?? null;
  return panel.chart === 'timeseries' ? (EXEMPLAR_LINE_PANELS[panel.id] ?? null) : null;
}

/**
 * The series selector inside the first `rate(…[window])` of an expanded expression
 * (`sum by (le) (rate(vllm:…_bucket{model_name="a[b"}[1m]))` → `vllm:…_bucket{model_name="a[b"}`),
 * quotes respected; null when there is none or it does not name a `_bucket` series.
 */
export function bucketSelector(expr: string): string | null {
  const at = expr.search(/\b(rate|increase|irate)\(/);
  if (at < 0) return null;
  let i = expr.indexOf('(', at) + 1;
  const from = i;
  let quote: string | null = null;
  for (; i < expr.length; i++) {
    const c = expr[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '[') break;
    else if (c === '(' || c === ')') return null;
  }
  if (i >= expr.length) return null;
  const sel = expr.slice(from, i).trim();
  return /_bucket(\{|$)/.test(sel) || /__name__="[^"]*_bucket"/.test(sel) ? sel : null;
}
