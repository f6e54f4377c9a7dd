// What one section of the board draws. Three kinds of panel are told apart:
//   - shown: core panels, and optional ones whose metrics this backend has;
//   - absent features: optional panels whose metrics the backend does not expose (a flag turns
//     them on), folded into one line per section naming the feature and its flag;
//   - not reported: panels this engine can never have (catalog `notAvailable`). Drawn, they would
//     be permanently empty on every board of the engine, so they are only named in one line;
//     `panel=<id>` still shows one alone with its explanation.
import { referencedMetrics } from '../../catalog';
import type { PanelSpec, SectionId } from '../../catalog/types';

export interface SectionPanels {
  shown: PanelSpec[];
  /** One entry per absent feature, with every flag its absent panels need (kv-transfer: NIXL and offloading). */
  absentFeatures: Array<{ feature: string; flags: string[] }>;
  notReported: PanelSpec[];
}

/** Whether some alternative of some query of the panel has all its metrics on this backend. */
function hasMetrics(panel: PanelSpec, resolved: ReadonlyMap<string, unknown>): boolean {
  return panel.queries.some((q) => q.alternatives.some((a) => referencedMetrics(a.expr).every((id) => resolved.has(id))));
}

/**
 * Splits the engine's panels of one section. `resolved` is null while metric names are unknown:
 * then every panel the engine can have is shown (loading), none is declared absent yet.
 */
export function sectionPanels(panels: readonly PanelSpec[], section: SectionId, resolved: ReadonlyMap<string, unknown> | null): SectionPanels {
  const shown: PanelSpec[] = [];
  const notReported: PanelSpec[] = [];
  const absent = new Map<string, Set<string>>();
  for (const p of panels) {
    if (p.section !== section) continue;
    if (p.notAvailable !== undefined) notReported.push(p);
    else if (!resolved || !p.feature || hasMetrics(p, resolved)) shown.push(p);
    else {
      const flags = absent.get(p.feature) ?? new Set<string>();
      if (p.enabledBy) flags.add(p.enabledBy);
      absent.set(p.feature, flags);
    }
  }
  return { shown, absentFeatures: [...absent].map(([feature, flags]) => ({ feature, flags: [...flags] })), notReported };
}
