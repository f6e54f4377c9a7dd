// The Models table with the GPU column group, when DCGM series are present and the join matched at
// least one engine instance (never columns of nothing); other panels unchanged. Per instance, the
// group is a table of its own in the GPUs section (the Instances table is already wider than 1440 px).
import { useMemo } from 'react';
import { withGpuColumns } from '../../catalog/gpus/columns';
import type { EngineCatalog, PanelSpec } from '../../catalog/types';
import { useGpus } from './use-gpu-source';

const WIDENED = new Set(['model-summary']);

/** `catalog`: the board's (a prop, not the context: the caller then need not render on a window change). */
export function useGpuWidened(panel: PanelSpec, catalog: EngineCatalog): PanelSpec {
  const gpus = useGpus();
  const on = gpus.status === 'present' && (gpus.join?.matched ?? 0) > 0 && WIDENED.has(panel.id);
  return useMemo(
    () => (on ? withGpuColumns(panel, catalog.roles, catalog.filterLabels.model, gpus.priceExpr) : panel),
    [on, panel, catalog, gpus.priceExpr],
  );
}
