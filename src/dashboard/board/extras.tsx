// The board's section extras and panel extensions (declared in src/catalog/sections.ts), each
// mapped to the component that draws it.
import type { EngineCatalog, PanelSpec } from '../../catalog/types';
import { panelExtension, SECTION_EXTRAS, type SectionExtraId } from '../../catalog/sections';
import type { PanelPlace } from '../../catalog/types';
import { ErrorBoundary } from '../../components/error-boundary';
import { Panel } from '../panel/panel';
import { SloBurnPanel } from '../slo/burn-panel';
import { SloSummaryPanel } from '../slo/summary';
import { GpuPicker } from './gpu-picker';
import { GpuAbsentNote } from '../gpus/gpu-section';
import { useGpuWidened } from '../gpus/widen';
import type { Board } from './use-board';
import type { EffectiveSlo } from '../slo/queries';

function Extra({ id, board }: { id: SectionExtraId; board: Board }) {
  switch (id) {
    case 'gpu-picker':
      return <GpuPicker value={board.gpu} table={board.gpuTable} onChange={(gpu) => board.setState({ gpu })} />;
    case 'gpu-absent':
      return <GpuAbsentNote />;
    case 'slo-burn':
      return board.sloSet ? (
        <ErrorBoundary fallback={(message) => <p className="iw-error">{message}</p>}>
          <SloBurnPanel slo={board.slo} />
        </ErrorBoundary>
      ) : null;
  }
}

export function SectionExtras({ place, slot, board }: { place: PanelPlace; slot: 'summary' | 'after'; board: Board }) {
  const ids = SECTION_EXTRAS[place]?.[slot] ?? [];
  return (
    <>
      {ids.map((id) => (
        <Extra key={id} id={id} board={board} />
      ))}
    </>
  );
}

/** A catalog panel, with the extension another feature declares for its kind when that feature is on. */
export function BoardPanel({ panel: own, slo, catalog }: { panel: PanelSpec; slo: EffectiveSlo | null; catalog: EngineCatalog }) {
  const panel = useGpuWidened(own, catalog);
  if (panelExtension(panel) === 'slo-columns' && slo) return <SloSummaryPanel panel={panel} slo={slo} />;
  return <Panel panel={panel} />;
}
