// The GPU column group of the fleet tables: added to the Instances and Models tables
// only when DCGM exporter series are present (src/dashboard/gpus decides), built from the engine's
// roles like the other columns. GPU figures are per engine instance (rank-less: spread onto its
// rank rows); tokens are the engine's generation (output) counter.
import { panel as definePanel, query } from '../define';
import type { ColumnSpec, EngineRoles, PanelSpec } from '../types';
import { GPU_INSTANCES_ID } from './panel-ids';
import { energyWattsPerPod, fbSharePerPod, gpusPerPod, hourlyPerPod, joined, powerPerPod, utilPerPod } from './promql';

/** Ids of the GPU columns (a table carrying them is "GPU-widened"). */
export const GPU_COLUMN_IDS = ['gpu-count', 'gpu-util', 'gpu-memory', 'gpu-power', 'tok-per-gpu-s', 'tok-per-joule', 'usd-per-1m-output', 'usd-per-1m-total'] as const;

const col = (id: string, title: string, unit: ColumnSpec['unit'], expr: string, worse?: 'higher' | 'lower'): ColumnSpec => ({
  id,
  title,
  unit,
  query: query(id, '', expr),
  ...(worse ? { worse } : {}),
});

interface Parts {
  gpus: string;
  util: string;
  fb: string;
  power: string;
  watts: string;
  hourly: string | null;
  out: string;
  total: string | null;
}

/** The per-instance building blocks (by `instance`). */
function instanceParts(m: EngineRoles, prices: string | null): Parts | null {
  if (!m.generationTokens) return null;
  const on = (agg: string) => joined(m.running, agg);
  return {
    gpus: on(gpusPerPod),
    util: on(utilPerPod),
    fb: on(fbSharePerPod),
    power: on(powerPerPod),
    watts: on(energyWattsPerPod),
    hourly: prices ? on(hourlyPerPod(prices)) : null,
    out: `sum by (instance) (rate({{${m.generationTokens.id}}}[$__range]))`,
    total: m.promptTokens ? `sum by (instance) (rate({{${m.generationTokens.id}}}[$__range])) + sum by (instance) (rate({{${m.promptTokens}}}[$__range]))` : null,
  };
}

function costColumns(hourly: string | null, out: string, total: string | null): ColumnSpec[] {
  if (!hourly) return [];
  return [
    col('usd-per-1m-output', '$/1M output tok', 'usd', `(${hourly}) / ((${out}) * 3600) * 1e6`, 'higher'),
    ...(total ? [col('usd-per-1m-total', '$/1M tokens', 'usd', `(${hourly}) / ((${total}) * 3600) * 1e6`, 'higher')] : []),
  ];
}

/** GPUs, util, memory, power, tokens per GPU-second and per joule, and (with prices) $/1M tokens, per instance. */
export function gpuInstanceColumns(m: EngineRoles, prices: string | null): ColumnSpec[] {
  const p = instanceParts(m, prices);
  if (!p) return [];
  return [
    col('gpu-count', 'GPUs', 'count', p.gpus),
    col('gpu-util', 'GPU util', 'ratio', p.util),
    col('gpu-memory', 'GPU memory', 'ratio', p.fb),
    col('gpu-power', 'GPU power', 'watts', p.power),
    col('tok-per-gpu-s', 'Tok/GPU·s', 'tokpgs', `(${p.out}) / (${p.gpus})`, 'lower'),
    col('tok-per-joule', 'Tok/J', 'tokpj', `(${p.out}) / (${p.watts})`, 'lower'),
    ...costColumns(p.hourly, p.out, p.total),
  ];
}

/** The same per model (`model`: the engine's model label): instances' GPUs summed, util averaged. */
export function gpuModelColumns(m: EngineRoles, model: string, prices: string | null): ColumnSpec[] {
  const p = instanceParts(m, prices);
  if (!p || !m.generationTokens) return [];
  const toModel = (agg: 'sum' | 'avg', inst: string): string =>
    `${agg} by (${model}) (group by (instance, ${model}) ({{${m.running}}}) * on (instance) group_left () (${inst}))`;
  const gpus = toModel('sum', p.gpus);
  const out = `sum by (${model}) (rate({{${m.generationTokens.id}}}[$__range]))`;
  const total = m.promptTokens ? `sum by (${model}) (rate({{${m.generationTokens.id}}}[$__range])) + sum by (${model}) (rate({{${m.promptTokens}}}[$__range]))` : null;
  return [
    col('gpu-count', 'GPUs', 'count', gpus),
    col('gpu-util', 'GPU util', 'ratio', toModel('avg', p.util)),
    col('tok-per-gpu-s', 'Tok/GPU·s', 'tokpgs', `(${out}) / (${gpus})`),
    col('tok-per-joule', 'Tok/J', 'tokpj', `(${out}) / (${toModel('sum', p.watts)})`),
    ...costColumns(p.hourly ? toModel('sum', p.hourly) : null, out, total),
  ];
}

/** `panel` with the GPU columns after its own, for the Instances and Models tables; others unchanged. */
export function withGpuColumns(panel: PanelSpec, m: EngineRoles | undefined, model: string, prices: string | null): PanelSpec {
  if (!panel.table || !m) return panel;
  const extra = panel.table.rows === 'instance' ? gpuInstanceColumns(m, prices) : gpuModelColumns(m, model, prices);
  if (!extra.length) return panel;
  return { ...panel, table: { ...panel.table, columns: [...panel.table.columns, ...extra] } };
}

/**
 * The GPU columns per engine instance as a table of their own (one row per instance, its model
 * first), so they sit in view at 1440 px instead of past the Instances table's right edge.
 */
export function gpuInstancePanel(m: EngineRoles, model: string, prices: string | null, text: { title: string; description: string }): PanelSpec | null {
  const cols = gpuInstanceColumns(m, prices);
  if (!cols.length) return null;
  return definePanel({
    id: GPU_INSTANCES_ID,
    section: 'advanced',
    ...text,
    unit: 'count',
    chart: 'table',
    width: 'full',
    table: {
      rows: 'instance',
      sort: { column: 'tok-per-gpu-s', dir: 'asc' },
      columns: [{ ...col('model', 'Model', 'count', `group by (instance, ${model}) (last_over_time({{${m.running}}}[$__range]))`), label: model }, ...cols],
    },
  });
}
