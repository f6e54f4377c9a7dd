// The interface languages (no tables here: the URL codec and the boot path import this).
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];
