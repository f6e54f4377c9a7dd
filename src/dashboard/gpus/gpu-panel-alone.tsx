// One panel of the GPUs section alone (`panel=gpu-…`: embeds, full screen, shared links), with the
// GPU source of its own (the two probes), since the whole board that holds it is not drawn.
import type { RuntimeConfig } from '../../config/runtime-config';
import { GPU_INSTANCES_ID } from '../../catalog/gpus/panel-ids';
import { useT } from '../../i18n';
import { Panel } from '../panel/panel';
import { useGpuPanels } from './gpu-section';
import { GpuContext, useGpuSource } from './use-gpu-source';

export function GpuPanelAlone({ id, prices }: { id: string; prices: RuntimeConfig['gpuPrices'] }) {
  const t = useT();
  const gpus = useGpuSource(prices, true);
  const { table, panels } = useGpuPanels(gpus);
  const panel = id === GPU_INSTANCES_ID ? table : (panels.find((p) => p.id === id) ?? null);
  let body;
  if (gpus.status === 'unknown' || (id === GPU_INSTANCES_ID && gpus.status === 'present' && !gpus.join)) body = <p className="iw-muted">{t.gpuLoading}</p>;
  else if (gpus.status === 'absent') body = <p className="iw-banner iw-banner-amber" role="status" data-testid="gpu-absent">{t.gpuAbsent}</p>;
  else if (panel) body = <Panel panel={panel} fill />;
  else if (id === GPU_INSTANCES_ID) body = <p className="iw-banner iw-banner-amber" role="status">{t.gpuJoinNone(gpus.join?.instances ?? 0)}</p>;
  else body = <p className="iw-banner iw-banner-amber" role="status">{t.banner.unknownPanel(id)}</p>;
  return <GpuContext.Provider value={gpus}>{body}</GpuContext.Provider>;
}
