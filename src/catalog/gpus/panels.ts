// The GPUs section's charts: DCGM series per GPU, normalised over both label forms.
// Titles and descriptions come from the interface language (src/i18n/gpus.ts) by panel id.
import { query } from '../define';
import type { PanelSpec, QuerySpec } from '../types';
import { type GpuPanelId } from './panel-ids';
import { faultsByGpu } from './health';
import { DCGM, normalised } from './promql';

const PER_GPU = 'Hostname, gpu, pod';
const LEGEND = '{{Hostname}} · gpu {{gpu}} · {{pod}}';


/**
 * Utilisation (0–1) per GPU, its holder as `pod` (either label form); a GPU no pod holds (its pod
 * is the exporter target's own, as `up` of that target has it, or none) has no `pod` at all. A GPU
 * out of service (faultsByGpu: a critical XID, a row-remap failure) has its fault in `pod` after
 * its holder ("vllm-server-0 · XID 79"), or as its holder where none holds it, so its row never
 * reads "idle".
 */
export const utilByGpu = (): string => {
  const util = normalised(DCGM.util);
  const held = `avg by (${PER_GPU}) (${util} unless on (instance, pod) up)`;
  const free = `avg by (Hostname, gpu) (${util} and on (instance, pod) up)`;
  const f = faultsByGpu();
  const faultyHeld = `label_join(${held} + on (Hostname, gpu) group_left (fault) ${f}, "pod", " · ", "pod", "fault")`;
  const faultyFree = `label_replace(${free} + on (Hostname, gpu) group_left (fault) ${f}, "pod", "$1", "fault", "(.+)")`;
  return `(${faultyHeld} or (${held} unless on (Hostname, gpu) ${f}) or ${faultyFree} or (${free} unless on (Hostname, gpu) ${f})) / 100`;
};

const perGpu = (id: string, metric: string, scale = ''): QuerySpec => query(id, LEGEND, `avg by (${PER_GPU}) (${normalised(metric)})${scale}`);

const base = (id: GpuPanelId, unit: PanelSpec['unit'], queries: QuerySpec[], extra: Partial<PanelSpec> = {}): PanelSpec => ({
  id,
  section: 'advanced',
  title: id,
  description: '',
  unit,
  chart: 'timeseries',
  queries,
  ...extra,
});

/** The section's panels; `text` gives each its title and description in the page's language. */
export function gpuPanels(text: (id: GpuPanelId) => { title: string; description: string }, openCost: boolean, idle = 'idle'): PanelSpec[] {
  const heatmap: PanelSpec = {
    ...base('gpu-util-heatmap', 'ratio', [query('util', LEGEND, utilByGpu())], { chart: 'heatmap', min: 0, max: 1 }),
    seriesRows: { group: 'Hostname', order: 'gpu', holder: 'pod', blank: idle },
  };
  const panels = [
    base('gpu-util', 'ratio', [perGpu('util', DCGM.util, ' / 100')], { min: 0, max: 1 }),
    base(
      'gpu-activity',
      'ratio',
      [
        query('gr', 'graphics engine active', `avg (${normalised(DCGM.grActive)})`),
        query('sm', 'SM active', `avg (${normalised(DCGM.smActive)})`),
        query('tensor', 'tensor pipe active', `avg (${normalised(DCGM.tensor)})`),
        query('dram', 'DRAM active', `avg (${normalised(DCGM.dram)})`),
      ],
      { min: 0, max: 1 },
    ),
    base('gpu-framebuffer', 'bytes', [perGpu('fb', DCGM.fbUsed, ' * 1048576')]),
    base('gpu-power', 'watts', [perGpu('power', DCGM.power)]),
    base('gpu-temperature', 'celsius', [perGpu('temp', DCGM.temp)]),
    base('gpu-clocks', 'mhz', [perGpu('sm-clock', DCGM.smClock)]),
    base('gpu-xid', 'count', [query('xid', '{{Hostname}} · gpu {{gpu}}', `max by (Hostname, gpu) (${normalised(DCGM.xid)}) > 0`)]),
    ...(openCost
      ? [
          base('opencost', 'usd', [query('cpm', '{{model_name}} {{phase}} {{cost_basis}}', 'max by (model_name, phase, cost_basis) (llm_cost_per_million_tokens)')], {
            chart: 'latest',
          }),
        ]
      : []),
  ];
  return [{ ...heatmap, ...text('gpu-util-heatmap'), width: 'full' }, ...panels.map((p): PanelSpec => ({ ...p, ...text(p.id as GpuPanelId), width: 'half' }))];
}

export { GPU_PANEL_IDS, type GpuPanelId } from './panel-ids';
