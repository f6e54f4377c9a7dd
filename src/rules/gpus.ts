// The GPU rules (`npm run rules -- --gpus`): recording rules for the joined efficiency
// series (GPUs, utilisation, output tokens per GPU-second and per joule, per engine instance) and
// alerts for XID errors and for engine GPUs that produced no token. The join is the board's
// (src/catalog/gpus/promql.ts): by pod, else by IP through kube_pod_info. docs/gpus.md.
import { energyWattsPerPod, gpusPerPod, joined, utilPerPod, DCGM, normalised } from '../catalog/gpus/promql';
import { expandExpr } from '../catalog/promql';
import { type AlertContext, makeAlert } from './alerting';
import type { RecordContext } from './recording';
import type { AlertingRule, RecordingRule, RuleGroup } from './types';

/** Window of the recorded GPU rates and of the idle-GPU alert. */
export const GPU_WINDOW_SEC = 300;
export const GPU_DEFAULTS = { idleFor: '30m', xidFor: '1m' } as const;

function expand(ctx: RecordContext, expr: string): string | null {
  const r = expandExpr('rule', expr, ctx.catalog, { resolved: ctx.resolved, filters: {}, rateInterval: '1m', by: [], range: GPU_WINDOW_SEC });
  return 'expr' in r ? r.expr : null;
}

export function gpuRuleGroups(ctx: AlertContext): RuleGroup[] {
  const m = ctx.catalog.roles;
  const e = ctx.catalog.engine;
  if (!m?.generationTokens) return [];
  const gpus = joined(m.running, gpusPerPod);
  const out = `sum by (instance) (rate({{${m.generationTokens.id}}}[$__range]))`;
  const prefix = `inferwatch:${e}`;
  const records: Array<[string, string]> = [
    [`${prefix}_gpus:by_instance`, gpus],
    [`${prefix}_gpu_util:avg5m_by_instance`, joined(m.running, utilPerPod)],
    [`${prefix}_output_tokens_per_gpu_second:rate5m_by_instance`, `(${out}) / (${gpus})`],
    [`${prefix}_output_tokens_per_joule:rate5m_by_instance`, `(${out}) / (${joined(m.running, energyWattsPerPod)})`],
  ];
  const recording: RecordingRule[] = records.flatMap(([record, expr]) => {
    const x = expand(ctx, expr);
    return x ? [{ record, expr: x }] : [];
  });
  const idle = expand(ctx, `(${gpus}) unless on (instance) (${out} > 0)`);
  const alerts: AlertingRule[] = [
    ...(idle
      ? [
          makeAlert(ctx, 'GpusIdle', idle, {
            for: GPU_DEFAULTS.idleFor,
            severity: 'warning',
            summary: 'Engine instance {{ $labels.instance }} holds {{ $value }} GPUs and produced no token for 30 minutes',
            description: 'The GPUs are paid for and unused: scale the instance down or route traffic to it.',
            anchor: 'gpusidle',
          }),
        ]
      : []),
    makeAlert(ctx, 'GpuXidError', `max by (Hostname, gpu, UUID) (${normalised(DCGM.xid)}) > 0`, {
      for: GPU_DEFAULTS.xidFor,
      severity: 'critical',
      summary: 'GPU {{ $labels.gpu }} on {{ $labels.Hostname }} reported XID error {{ $value }}',
      description: 'An XID error is a driver-reported GPU fault (e.g. 79: fell off the bus, 48: double-bit ECC). Drain the node and check dmesg.',
      anchor: 'gpuxiderror',
    }),
  ];
  return [
    { name: `inferwatch-${e}-gpu-recording`, rules: recording },
    { name: `inferwatch-${e}-gpu-alerts`, rules: alerts },
  ].filter((g) => g.rules.length > 0);
}
