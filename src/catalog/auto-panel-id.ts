// The automatic panels' ids ("Other metrics", ./auto-panels.ts): apart, so the boot path can tell
// `panel=other-…` without loading the panels' code.

/** A panel id from a family name: kebab-case, ASCII, prefixed so it never collides with the catalog. */
export function autoPanelId(family: string): string {
  const slug = family
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `other-${slug || 'metric'}`;
}

/** Whether `panel=<id>` names an automatic panel (their ids never collide with the catalog's). */
export const isAutoPanelId = (id: string): boolean => id.startsWith('other-');
