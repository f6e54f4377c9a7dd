// The Instances and Models tables with the GPU column group, when DCGM series are present and the
// join matched at least one engine instance (never columns of nothing); other panels unchanged.
import { useMemo } from 'react';
import { withGpuColumns } from '../../catalog/gpus/columns';
import type { PanelSpec } from '../../catalog/types';
import { useDashboard } from '../data/context';
import { useGpus } from './use-gpu-source';

const WIDENED = new Set(['instance-table', 'model-summary']);

export function useGpuWidened(panel: PanelSpec): PanelSpec {
  const gpus = useGpus();
  const { catalog } = useDashboard();
  const on = gpus.status === 'present' && (gpus.join?.matched ?? 0) > 0 && WIDENED.has(panel.id);
  return useMemo(
    () => (on ? withGpuColumns(panel, catalog.roles, catalog.filterLabels.model, gpus.priceExpr) : panel),
    [on, panel, catalog, gpus.priceExpr],
  );
}
