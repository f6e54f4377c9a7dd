// Runs the Diagnosis signals through the shared data path: each signal expanded with the resolved
// names and filters, glued into a few instant queries over the whole range (summary window, as the
// tables), `useQueryAnswers` (one request per distinct query, keys from prometheusKeys) and the
// one state machine (`useView`). A range where no model served a request is `empty`.
import { useMemo } from 'react';
import { expandExpr } from '../../catalog';
import type { QueryAnswer, VectorSample } from '../../prometheus';
import { useLang } from '../../i18n';
import { isBackendWide } from '../backend/errors';
import { useBackendHealth } from '../backend/health';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { useView, type PanelState } from '../data/view-state';
import { viewReasonText } from '../data/view-text';
import { diagnose, type Diagnosis, type SloBurnInput } from './diagnose';
import { instanceFigures, modelFigures } from './inputs';
import { diagnosisSignals, glue, type SignalLevel } from './signals';

export interface DiagnosisData {
  state: PanelState;
  diagnosis: Diagnosis | null;
  /** Expanded PromQL of each model-level signal, for the evidence of a finding. */
  promql: ReadonlyMap<string, string>;
  /** The glued queries as sent. */
  queries: readonly string[];
  reason: string | null;
  stale: boolean;
}

const vector = (a: QueryAnswer | undefined): readonly VectorSample[] => (a && a.result.resultType === 'vector' ? a.result.result : []);

export function useDiagnosis(slo: readonly SloBurnInput[] = []): DiagnosisData {
  const ctx = useDashboard();
  const lang = useLang();
  const { resolved, filters, rateInterval, catalog, client, baseUrl } = ctx;
  const w = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const range = rangeSeconds(w);
  const modelLabel = catalog.filterLabels.model;
  const instanceLabel = catalog.filterLabels.instance;

  const { exprs, levels, promql } = useMemo(() => {
    const parts: Record<SignalLevel, Array<{ id: string; expr: string }>> = { model: [], instance: [] };
    const promql = new Map<string, string>();
    if (!resolved) return { exprs: [] as string[], levels: [] as SignalLevel[], promql };
    for (const s of diagnosisSignals(catalog)) {
      const by = s.level === 'model' ? [modelLabel] : [modelLabel, instanceLabel];
      const r = expandExpr(s.id, s.expr, catalog, { resolved, filters, rateInterval, by, range });
      if ('missing' in r) continue;
      parts[s.level].push({ id: s.id, expr: r.expr });
      if (s.level === 'model') promql.set(s.id, r.expr);
    }
    const m = glue(parts.model);
    const i = glue(parts.instance);
    return { exprs: [...m, ...i], levels: [...m.map((): SignalLevel => 'model'), ...i.map((): SignalLevel => 'instance')], promql };
  }, [resolved, catalog, filters, rateInterval, range, modelLabel, instanceLabel]);

  const { statuses, answers } = useQueryAnswers({ kind: 'instant', client, baseUrl, exprs, window: w, enabled: exprs.length > 0 });

  // By content: the SLO figures arrive as a new array on renders where nothing changed, and a new
  // diagnosis each render would read as a new answer to the state machine.
  const sloKey = JSON.stringify(slo);
  const value = useMemo((): Diagnosis | null => {
    if (exprs.length === 0 || answers.some((a, i) => a === undefined && !statuses[i]?.error)) return null;
    const model: VectorSample[] = [];
    const inst: VectorSample[] = [];
    answers.forEach((a, i) => (levels[i] === 'model' ? model : inst).push(...vector(a)));
    return diagnose(modelFigures(model, modelLabel), instanceFigures(inst, modelLabel, instanceLabel), JSON.parse(sloKey) as SloBurnInput[]);
  }, [exprs, answers, statuses, levels, modelLabel, instanceLabel, sloKey]);

  const healthDown = useBackendHealth(baseUrl).unreachable;
  const view = useView({ scope: baseUrl, statuses, value, isEmpty: (d) => d.noTraffic, backendDown: healthDown, isBackendWide });
  if (!resolved) return { state: ctx.namesFailed ? 'error' : 'loading', diagnosis: null, promql, queries: exprs, reason: null, stale: false };
  return { state: view.state, diagnosis: view.value, promql, queries: exprs, reason: viewReasonText(view.reason, lang), stale: view.stale };
}
