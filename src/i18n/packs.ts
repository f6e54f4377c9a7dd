// The interface languages other than English load on demand: English is the catalog's and the
// code's own text and always there; the Chinese tables (src/i18n/zh/, the catalog's Chinese text
// and error texts) are one lazy chunk, asked at boot when the page is in Chinese (src/main.tsx) or
// when the user switches to it (src/app/app.tsx). An English page never downloads or compiles it.
// Until a language's pack is in, its text falls back to English (messagesFor, catalog-text.ts,
// error-text.ts); the app renders a language only once its pack is loaded.
import type { PrometheusError } from '../prometheus/errors';
import type { EngineId } from '../catalog/types';
import type { CatalogText } from './catalog-zh/types';
import type { Messages } from './en';
import type { Lang } from './langs';

/** Everything of one language but English. */
export interface LangPack {
  messages: Messages;
  /** Panel and stat tile text by engine and id. */
  catalog: Record<EngineId, CatalogText>;
  /** Table column titles by column id, and by the engine's own English title. */
  columns: Record<string, string>;
  columnTitles: Record<string, string>;
  /** English phrases of "enable with" texts and their translation. */
  flagProse: ReadonlyArray<readonly [string, string]>;
  /** A typed error in the language (its English message is the error's own). */
  errorText(e: PrometheusError): string;
}

const packs = new Map<Lang, LangPack>();
const pending = new Map<Lang, Promise<void>>();

const IMPORTERS: Record<Exclude<Lang, 'en'>, () => Promise<LangPack>> = {
  'zh-CN': () => import('./zh/zh-cn').then((m) => m.zhPack),
};

/** The pack of `lang` once loaded; undefined for English and for a pack not (yet) in. */
export function langPack(lang: Lang): LangPack | undefined {
  return packs.get(lang);
}

/** Whether `lang` can be shown now (English always). */
export function langReady(lang: Lang): boolean {
  return lang === 'en' || packs.has(lang);
}

/** Loads `lang`'s pack (once; a failed load is asked again next time). */
export function loadLang(lang: Lang): Promise<void> {
  if (lang === 'en' || packs.has(lang)) return Promise.resolve();
  let p = pending.get(lang);
  if (!p) {
    p = IMPORTERS[lang]().then(
      (pack) => {
        packs.set(lang, pack);
        pending.delete(lang);
      },
      (err: unknown) => {
        pending.delete(lang);
        throw err;
      },
    );
    pending.set(lang, p);
  }
  return p;
}
