// The model summary table with one attainment column per SLO set (model-summary, docs/slo.md):
// the catalog's table spec plus columns built from the bucket bounds this backend has.
import { useMemo } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { Panel } from '../panel/panel';
import { useSloSetup } from './data';
import { sloColumns, type EffectiveSlo } from './queries';

export function SloSummaryPanel({ panel, slo }: { panel: PanelSpec; slo: EffectiveSlo }) {
  const setups = useSloSetup(slo);
  const withSlo = useMemo(() => {
    const extra = sloColumns(setups.filter((s) => s.status === 'ready'), slo.objective);
    if (!panel.table || extra.length === 0) return panel;
    return { ...panel, table: { ...panel.table, columns: [...panel.table.columns, ...extra] } };
  }, [panel, setups, slo.objective]);
  return <Panel panel={withSlo} />;
}
