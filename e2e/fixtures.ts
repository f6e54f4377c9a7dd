// Shared fixtures: every test fails on a console error or an uncaught page error, and opens the
// dashboard by deep link (the URL is the state).
import { test as base, expect, type Page } from '@playwright/test';
import { CORE_PANEL_IDS } from '../src/catalog/core-panels';

export const CORE_PANELS = CORE_PANEL_IDS;

export function appUrl(params: Record<string, string | string[]>): string {
  const u = new URL(process.env.APP_URL ?? 'http://127.0.0.1:4173/');
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) u.searchParams.append(k, x);
  return u.toString();
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function panel(page: Page, id: string) {
  return page.locator(`[role="figure"][data-panel-id="${id}"]`);
}

/** Scrolls a panel into view (panels far off screen do not query) and waits for its state. */
export async function expectPanelState(page: Page, id: string, state: string | RegExp, timeout = 30_000) {
  const p = panel(page, id);
  await p.scrollIntoViewIfNeeded();
  await expect(p).toHaveAttribute('data-state', state, { timeout });
}
