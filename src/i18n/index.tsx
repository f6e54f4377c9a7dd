// The interface language: one table per language, chosen from the URL, then the browser.
import { createContext, useContext } from 'react';
import { en, type Messages } from './en';
import { zhCN } from './zh-CN';

export type { Messages };
import type { Lang } from './langs';
export { LANGS, type Lang } from './langs';

const tables: Record<Lang, Messages> = { en, 'zh-CN': zhCN };

/** The language for this page: the URL's `lang`, then the browser's preferred languages. */
export function pickLang(fromUrl: Lang | null, navigatorLanguages: readonly string[]): Lang {
  if (fromUrl) return fromUrl;
  for (const l of navigatorLanguages) {
    const low = l.toLowerCase();
    if (low.startsWith('zh')) return 'zh-CN';
    if (low.startsWith('en')) return 'en';
  }
  return 'en';
}

export function messagesFor(lang: Lang): Messages {
  return tables[lang];
}

export const I18nContext = createContext<{ lang: Lang; t: Messages }>({ lang: 'en', t: en });

export function useT(): Messages {
  return useContext(I18nContext).t;
}

export function useLang(): Lang {
  return useContext(I18nContext).lang;
}
