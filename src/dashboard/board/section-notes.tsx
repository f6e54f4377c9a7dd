// The lines under a section heading that account for panels the section does not draw: optional
// features this backend does not expose (with their flags), and panels this engine never has
// (each name opens the panel alone, with its explanation and the panels to look at instead).
import type { EngineCatalog } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { flagText, panelText } from '../../i18n/catalog-text';
import type { SectionPanels } from './section-panels';

/** The language's list punctuation ("a, b and c", "a、b和c") around elements kept as ids. */
function listParts(ids: string[], lang: string): Array<{ type: string; value: string }> {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).formatToParts(ids);
}

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
  const titles = new Map(notReported.map((p) => [p.id, panelText(p, catalog.engine, lang).title]));
  return (
    <>
      {absentFeatures.length > 0 && (
        <p className="iw-muted text-xs" data-testid={`absent-${sectionId}`}>
          {t.absentFeatures(absentFeatures.map(({ feature, flags }) => `${feature}${flags.length > 0 ? (lang === 'en' ? ` (${flags.join(', ')})` : `（${flags.map((f) => flagText(f, lang)).join('，')}）`) : ''}`).join('; '))}
        </p>
      )}
      {notReported.length > 0 && (
        <p className="iw-muted text-xs" data-testid={`not-reported-${sectionId}`}>
          {t.notReported(catalog.label)}
          {listParts(notReported.map((p) => p.id), lang).map((part, i) =>
            part.type === 'literal' ? (
              <span key={i}>{part.value}</span>
            ) : (
              <button key={part.value} type="button" className="underline" onClick={() => onOpenPanel(part.value)}>
                {titles.get(part.value)}
              </button>
            ),
          )}
        </p>
      )}
    </>
  );
}
