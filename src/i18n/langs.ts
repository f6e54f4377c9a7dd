// The interface languages (no tables here: the URL codec and the boot path import this).
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

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
