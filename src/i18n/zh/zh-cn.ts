// The Chinese pack (src/i18n/packs.ts): one lazy chunk (zh-cn-*.js) with every Chinese table.
import { catalogZh } from '../catalog-zh';
import type { LangPack } from '../packs';
import { zhCN } from '../zh-CN';
import { COLUMN_TITLE_ZH, COLUMN_ZH, FLAG_PROSE_ZH } from './catalog-text';
import { errorTextZh } from './error-text';

export const zhPack: LangPack = {
  messages: zhCN,
  catalog: catalogZh,
  columns: COLUMN_ZH,
  columnTitles: COLUMN_TITLE_ZH,
  flagProse: FLAG_PROSE_ZH,
  errorText: errorTextZh,
};
