// The router's part of the Diagnosis: the Routing section's own per-endpoint data (same hook, so
// the same queries and cache keys: no extra request when the section is open too), judged by the
// router-imbalance rule, and the router's mean TTFT per model (one instant query) for the
// "router + network" term of the latency split.
import { useMemo } from 'react';
import { detectRouters, type DetectedRouter } from '../../catalog';
import type { QueryAnswer } from '../../prometheus';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { useRoutingData } from '../routing/use-routing-data';
import type { Finding } from './diagnose';
import { routerCheckable, routerImbalance } from './router-verdict';

export interface RouterDiagnosis {
  router: string;
  /** The per-endpoint shares could be judged (a routed counter, two endpoints joined). */
  checked: boolean;
  findings: Finding[];
  /** Mean TTFT measured at the router, per model (s). */
  ttftByModel: ReadonlyMap<string, RouterTtft>;
  /** PromQL asked, by input id, for the finding's disclosure. */
  promql: ReadonlyMap<string, string>;
}

/** The first detected router that reports a per-endpoint share (the one the imbalance rule can judge). */
export function pickRouter(names: ReadonlySet<string> | null): DetectedRouter | null {
  if (!names) return null;
  const all = detectRouters(names);
  return all.find((r) => r.picks.routed) ?? all[0] ?? null;
}

/** Labels a router's TTFT series may name the model with, in order of preference. */
const MODEL_LABELS = ['target_model_name', 'model_name', 'model'] as const;

/** Mean TTFT at the router per model over the range (rate(_sum) ÷ rate(_count)), and its request rate (`iw_part`). */
export function routerTtftExpr(router: DetectedRouter, rangeSec: number): string | null {
  const s = router.picks.ttft;
  if (!s) return null;
  const m = s.matcher ? `{${s.matcher}}` : '';
  const by = MODEL_LABELS.join(', ');
  const w = `${Math.max(1, Math.round(rangeSec))}s`;
  const count = `sum by (${by}) (rate(${s.name}_count${m}[${w}]))`;
  const mean = `sum by (${by}) (rate(${s.name}_sum${m}[${w}])) / (${count} > 0)${s.scale ? ` / ${s.scale}` : ''}`;
  return `label_replace(${mean}, "iw_part", "mean", "", "") or label_replace(${count}, "iw_part", "count", "", "")`;
}

export interface RouterTtft {
  mean: number;
  /** Requests per second the router's TTFT histogram counted over the range. */
  count: number;
}

export function ttftByModel(a: QueryAnswer | undefined): Map<string, RouterTtft> {
  const out = new Map<string, RouterTtft>();
  if (!a || a.result.resultType !== 'vector') return out;
  for (const s of a.result.result) {
    const model = MODEL_LABELS.map((l) => s.metric[l]).find((v) => v !== undefined && v !== '') ?? '';
    const v = Number(s.value[1]);
    if (!Number.isFinite(v)) continue;
    const e = out.get(model) ?? { mean: NaN, count: NaN };
    if (s.metric.iw_part === 'count') e.count = v;
    else e.mean = v;
    out.set(model, e);
  }
  return out;
}

export function useRouterDiagnosis(router: DetectedRouter): RouterDiagnosis {
  const ctx = useDashboard();
  const data = useRoutingData(router, true);
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const expr = routerTtftExpr(router, rangeSeconds(w));
  const exprs = useMemo(() => (expr ? [expr] : []), [expr]);
  const { answers } = useQueryAnswers({ kind: 'instant', client: ctx.client, baseUrl: ctx.baseUrl, exprs, window: w, enabled: exprs.length > 0 });
  const label = router.catalog.label;
  const table = data.state === 'ok' ? data.table : null;
  const ttftAnswer = answers[0];
  return useMemo(() => {
    const promql = new Map<string, string>();
    for (const [k, e] of data.exprs) if (k === 'routed' || k === 'engine:waiting' || k === 'engine:ttft') promql.set(k, e);
    return { router: label, checked: routerCheckable(table), findings: routerImbalance(table, label), ttftByModel: ttftByModel(ttftAnswer), promql };
  }, [table, label, ttftAnswer, data.exprs]);
}
