// The interface language: one table per language, chosen from the URL, then the browser. English
// is here; the others are packs loaded on demand (packs.ts).
import { createContext, useContext } from 'react';
import { en, type Messages } from './en';
import { langPack } from './packs';

export type { Messages };
import type { Lang } from './langs';
export { LANGS, pickLang, type Lang } from './langs';
export { langReady, loadLang } from './packs';

/** The table of `lang`: English for English, and for a language whose pack is not loaded yet. */
export function messagesFor(lang: Lang): Messages {
  return lang === 'en' ? en : (langPack(lang)?.messages ?? en);
}

export const I18nContext = createContext<{ lang: Lang; t: Messages }>({ lang: 'en', t: en });

export function useT(): Messages {
  return useContext(I18nContext).t;
}

export function useLang(): Lang {
  return useContext(I18nContext).lang;
}
