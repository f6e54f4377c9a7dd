// Board pieces that are not catalog panels, declared beside the sections they serve so the layout
// stays generic: it renders each section's panels and, where declared here, these extras.
import type { PanelPlace } from './types';

/** A control or panel-like body the board supplies (src/dashboard/board/extras.tsx renders each). */
export type SectionExtraId = 'gpu-picker' | 'slo-burn' | 'gpu-absent';

export interface SectionExtras {
  /** In the section's summary line, before the notes (controls that change what the panels show). */
  readonly summary?: readonly SectionExtraId[];
  /** After the section's panels. */
  readonly after?: readonly SectionExtraId[];
}

export const SECTION_EXTRAS: Readonly<Partial<Record<PanelPlace, SectionExtras>>> = {
  // The MFU panel divides by the GPU's peak FLOP/s: the picker sits with it.
  // …and, when no DCGM exporter is found, where to get one (src/dashboard/gpus).
  advanced: { summary: ['gpu-picker', 'gpu-absent'] },
  // Error-budget burn for the SLOs set, beside the latency quantiles it is computed from.
  latency: { after: ['slo-burn'] },
};

/** A panel kind another feature widens: model-row tables gain an attainment column per SLO set. */
export type PanelExtensionId = 'slo-columns';

export function panelExtension(panel: { table?: { rows: string } }): PanelExtensionId | null {
  return panel.table?.rows === 'model' ? 'slo-columns' : null;
}
