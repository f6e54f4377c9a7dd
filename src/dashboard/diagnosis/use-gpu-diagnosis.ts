// The GPUs' part of the Diagnosis: one instant query over the range (catalog/gpus/health.ts) once
// the GPU source has found DCGM series, judged by gpu-verdict.ts. Without DCGM nothing is asked.
import { useMemo } from 'react';
import { query } from '../../catalog/define';
import { healthQuery } from '../../catalog/gpus/health';
import { expandQuery } from '../../catalog/promql';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { useQueryAnswers } from '../data/use-query-answers';
import { useGpus } from '../gpus/use-gpu-source';
import type { Finding } from './diagnose';
import { gpuHealthFindings, readGpuHealth } from './gpu-verdict';

export interface GpuDiagnosis {
  /** GPUs checked (0: not checked). */
  gpus: number;
  findings: Finding[];
  promql: ReadonlyMap<string, string>;
}

export function useGpuDiagnosis(): GpuDiagnosis {
  const ctx = useDashboard();
  const present = useGpus().status === 'present';
  const window = useMemo(() => summaryWindow(ctx.window), [ctx.window]);
  const expr = useMemo(() => {
    if (!present) return null;
    const r = expandQuery(query('gpu-health', '', healthQuery()), ctx.catalog, { resolved: ctx.resolved ?? new Map(), filters: {}, rateInterval: ctx.rateInterval, by: [], range: rangeSeconds(window) });
    return 'expr' in r ? r.expr : null;
  }, [present, ctx.catalog, ctx.resolved, ctx.rateInterval, window]);
  const exprs = useMemo(() => (expr ? [expr] : []), [expr]);
  const { answers } = useQueryAnswers({ kind: 'instant', client: ctx.client, baseUrl: ctx.baseUrl, exprs, window, enabled: exprs.length > 0 });
  const a = answers[0];
  return useMemo(() => {
    const h = expr ? readGpuHealth(a) : null;
    return { gpus: h?.gpus ?? 0, findings: gpuHealthFindings(h), promql: new Map(expr ? [['gpu-health', expr]] : []) };
  }, [a, expr]);
}
