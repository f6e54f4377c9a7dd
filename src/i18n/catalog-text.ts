// The user-visible text of catalog panels and stat tiles in the interface language. English is
// the catalog itself; zh-CN comes from its pack's catalog text (packs.ts), falling back to the
// English field when an entry is missing (i18n.test.ts fails CI on a missing entry, so the
// fallback is a safety net) or the pack is not loaded.
import type { ColumnSpec, EngineId, PanelSpec, StatSpec } from '../catalog/types';
import type { PanelText } from './catalog-zh/types';
import { langPack } from './packs';
import type { Lang } from './langs';

export type { PanelText };

function englishPanelText(panel: PanelSpec): PanelText {
  const text: PanelText = { title: panel.title, description: panel.description };
  if (panel.notAvailable !== undefined) text.notAvailable = panel.notAvailable;
  return text;
}

/** Title, description and (for absent metrics) the "not available" explanation of a panel. */
export function panelText(panel: PanelSpec, engine: EngineId, lang: Lang): PanelText {
  const english = englishPanelText(panel);
  const given = langPack(lang)?.catalog[engine].panels[panel.id];
  if (!given) return english;
  const text: PanelText = { title: given.title, description: given.description };
  const notAvailable = panel.notAvailable === undefined ? undefined : (given.notAvailable ?? panel.notAvailable);
  if (notAvailable !== undefined) text.notAvailable = notAvailable;
  return text;
}

/** The title of a stat tile. */
export function statTitle(stat: Pick<StatSpec, 'id' | 'title'>, engine: EngineId, lang: Lang): string {
  return langPack(lang)?.catalog[engine].stats[stat.id]?.title ?? stat.title;
}

/** The title of a table column: by the engine's own title where it has its own word, else by column id. */
export function columnTitle(_panelId: string, column: ColumnSpec, _engine: EngineId, lang: Lang): string {
  const pack = langPack(lang);
  if (!pack) return column.title;
  return pack.columnTitles[column.title] ?? pack.columns[column.id] ?? column.title;
}

/** An "enable with" text (a flag, a setting, or a short description) in the interface language. */
export function flagText(flag: string, lang: Lang): string {
  const pack = langPack(lang);
  if (!pack) return flag;
  let out = flag;
  for (const [en, zh] of pack.flagProse) out = out.split(en).join(zh);
  return out;
}
