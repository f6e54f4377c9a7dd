// The whole board (no `panel=`): the stat row, the overview, the Diagnosis and Alerts regions, the six
// sections and the sections below them. dashboard.tsx lays it out in its main area.
import { SECTION_IDS, type EngineCatalog, type PanelSpec } from '../../catalog/types';
import type { RuntimeConfig } from '../../config/runtime-config';
import { useT } from '../../i18n';
import { memo, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { AbSummary } from '../compare/ab-summary';
import { AlertsRegion } from '../alerts/region';
import { DiagnosisRegion } from '../diagnosis/region';
import { AbsentStatTile } from '../panel/absent-stat-tile';
import { StatTile } from '../panel/stat-tile';
import { CapacityLeftNote } from '../fleet/capacity-left-note';
import { SloTiles } from '../slo/tiles';
import type { EffectiveSlo } from '../slo/queries';
import { BoardPanel, SectionExtras } from './extras';
import { OtherMetrics } from './other-metrics';
import { Section } from '../panel/section';
import { RoutingSection } from '../routing/routing-section';
import { SectionNotes } from './section-notes';
import { sectionPanels } from './section-panels';
import type { Board } from './use-board';
import { GpuSection } from '../gpus/gpu-section';
import { GpuContext, useGpuSource } from '../gpus/use-gpu-source';
/** What a panel that threw shows instead (the rest of the board keeps working). */
function PanelCrash({ panel, message }: { panel: PanelSpec; message: string }) {
  return (
    <div role="figure" aria-label={panel.title} data-panel-id={panel.id} data-state="error" className="iw-panel">
      <h3 className="iw-panel-title">{panel.title}</h3>
      <p className="iw-error">{message}</p>
    </div>
  );
}

/**
 * A panel behind its error boundary. Memoised on what it reads (the panel, the catalog and, when
 * thresholds are set, the SLO): a window change then renders none of the ~50 panels' wrappers,
 * only the panels, which read the window from the context.
 */
const Guarded = memo(function Guarded({ panel, slo, catalog }: { panel: PanelSpec; slo: EffectiveSlo | null; catalog: EngineCatalog }) {
  return (
    <ErrorBoundary fallback={(message) => <PanelCrash panel={panel} message={message} />}>
      <BoardPanel panel={panel} slo={slo} catalog={catalog} />
    </ErrorBoundary>
  );
});

// memo: `board` keeps its identity across window changes (useBoard); what reads the window reads
// it from the context, so the sections, their notes and extras do not render when only it moves.
export const WholeBoard = memo(function WholeBoard({ board, config }: { board: Board; config: RuntimeConfig }) {
  const t = useT();
  const { state, setState, catalog, engine, resolved } = board;
  const panelSlo = board.sloSet ? board.slo : null;
  const toggle = (sid: string) =>
    setState({ collapsed: state.collapsed.includes(sid) ? state.collapsed.filter((c) => c !== sid) : [...state.collapsed, sid] });
  return (
    <GpuProvider prices={config.gpuPrices} enabled={board.belowFold}>
      <div className="iw-stats" role="list" aria-label={t.keyFigures}>
        {catalog.stats.map((s) => (
          <div role="listitem" key={s.id}>
            <StatTile stat={s} />
          </div>
        ))}
        {catalog.absentStats?.map((s) => (
          <div role="listitem" key={s.id}>
            <AbsentStatTile stat={s} engine={engine} label={catalog.label} />
          </div>
        ))}
        {board.sloSet && <SloTiles slo={board.slo} />}
      </div>
      <CapacityLeftNote />
      {state.ab && <AbSummary />}
      <DiagnosisRegion slo={board.slo} names={board.backend.names} />
      <AlertsRegion />
      {catalog.panels
        .filter((p) => p.section === 'overview')
        .map((p) => (
          <div key={`${engine}-${p.id}`} className="iw-overview">
            <Guarded panel={p} slo={panelSlo} catalog={catalog} />
          </div>
        ))}
      {SECTION_IDS.filter((_, i) => board.belowFold || i <= board.firstOpen).map((sid) => {
        const split = sectionPanels(catalog.panels, sid, resolved);
        return (
          <Section
            key={sid}
            id={sid}
            title={t.sections[sid]}
            collapsed={state.collapsed.includes(sid)}
            onToggle={() => toggle(sid)}
            summary={
              <>
                <SectionExtras place={sid} slot="summary" board={board} />
                <SectionNotes sectionId={sid} split={split} catalog={catalog} onOpenPanel={(panel) => setState({ panel })} />
              </>
            }
          >
            {split.shown.map((p) => (
              <Guarded key={`${engine}-${p.id}`} panel={p} slo={panelSlo} catalog={catalog} />
            ))}
            <SectionExtras place={sid} slot="after" board={board} />
          </Section>
        );
      })}
      {board.belowFold && <GpuSection />}
      {board.belowFold && <RoutingSection names={board.backend.names} />}
      {board.belowFold && <OtherMetrics names={board.backend.names} />}
    </GpuProvider>
  );
});

/**
 * The GPU source for the board (it reads the window from the context): its own component, so that
 * a window change renders it and the GPU readers, not the whole board it wraps (`children` is the
 * same element then, and React skips it).
 */
function GpuProvider({ prices, enabled, children }: { prices: RuntimeConfig['gpuPrices']; enabled: boolean; children: ReactNode }) {
  const gpus = useGpuSource(prices, enabled);
  return <GpuContext.Provider value={gpus}>{children}</GpuContext.Provider>;
}
