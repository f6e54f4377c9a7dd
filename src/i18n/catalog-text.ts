// The user-visible text of catalog panels and stat tiles in the interface language. English is
// the catalog itself; zh-CN comes from catalogZh, falling back to the English field only when an
// entry is missing (i18n.test.ts fails CI on a missing entry, so the fallback is a safety net).
import type { ColumnSpec, EngineId, PanelSpec, StatSpec } from '../catalog/types';
import { catalogZh, type PanelText } from './catalog-zh';
import { COLUMN_TITLE_ZH, COLUMN_ZH, FLAG_PROSE_ZH } from './zh/catalog-text';
import type { Lang } from './index';

export type { PanelText };

function englishPanelText(panel: PanelSpec): PanelText {
  const text: PanelText = { title: panel.title, description: panel.description };
  if (panel.notAvailable !== undefined) text.notAvailable = panel.notAvailable;
  return text;
}

/** Title, description and (for absent metrics) the "not available" explanation of a panel. */
export function panelText(panel: PanelSpec, engine: EngineId, lang: Lang): PanelText {
  const english = englishPanelText(panel);
  if (lang === 'en') return english;
  const zh = catalogZh[engine].panels[panel.id];
  if (!zh) return english;
  const text: PanelText = { title: zh.title, description: zh.description };
  const notAvailable = panel.notAvailable === undefined ? undefined : (zh.notAvailable ?? panel.notAvailable);
  if (notAvailable !== undefined) text.notAvailable = notAvailable;
  return text;
}

/** The title of a stat tile. */
export function statTitle(stat: Pick<StatSpec, 'id' | 'title'>, engine: EngineId, lang: Lang): string {
  if (lang === 'en') return stat.title;
  return catalogZh[engine].stats[stat.id]?.title ?? stat.title;
}

/** The title of a table column: by the engine's own title where it has its own word, else by column id. */
export function columnTitle(_panelId: string, column: ColumnSpec, _engine: EngineId, lang: Lang): string {
  if (lang === 'en') return column.title;
  return COLUMN_TITLE_ZH[column.title] ?? COLUMN_ZH[column.id] ?? column.title;
}

/** An "enable with" text (a flag, a setting, or a short description) in the interface language. */
export function flagText(flag: string, lang: Lang): string {
  if (lang === 'en') return flag;
  let out = flag;
  for (const [en, zh] of FLAG_PROSE_ZH) out = out.split(en).join(zh);
  return out;
}
