// The lines under a section heading that account for panels the section does not draw: optional
// features this backend does not expose (with their flags), and panels this engine never has
// (each name opens the panel alone, with its explanation and the panels to look at instead).
import type { EngineCatalog } from '../catalog/types';
import { useLang, useT } from '../i18n';
import { panelText } from '../i18n/catalog-text';
import type { SectionPanels } from './section-panels';

export function SectionNotes({
  sectionId,
  split,
  catalog,
  onOpenPanel,
}: {
  sectionId: string;
  split: SectionPanels;
  catalog: EngineCatalog;
  onOpenPanel: (id: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const { absentFeatures, notReported } = split;
  return (
    <>
      {absentFeatures.length > 0 && (
        <p className="iw-muted text-xs" data-testid={`absent-${sectionId}`}>
          {t.absentFeatures(absentFeatures.map(({ feature, flags }) => `${feature}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`).join('; '))}
        </p>
      )}
      {notReported.length > 0 && (
        <p className="iw-muted text-xs" data-testid={`not-reported-${sectionId}`}>
          {t.notReported.lead(catalog.label)}
          {notReported.map((p, i) => (
            <span key={p.id}>
              {i > 0 && t.notReported.separator}
              <button type="button" className="underline" data-panel-link={p.id} onClick={() => onOpenPanel(p.id)}>
                {panelText(p, catalog.engine, lang).title}
              </button>
            </span>
          ))}
          {t.notReported.end}
        </p>
      )}
    </>
  );
}
