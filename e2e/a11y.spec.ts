// Accessibility (issue 7, case 6): an axe scan of the loaded dashboard in both themes, and every
// header control reachable and operable by keyboard with a visible focus ring.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectPanelState, panel, test } from './fixtures';

const PROM = () => process.env.PROM_DEFAULT!;

async function loaded(page: Page, theme: string) {
  await page.goto(appUrl({ prom: PROM(), engine: 'vllm', from: 'now-30m', refresh: 'off', theme }));
  for (const id of ['request-rate', 'output-tokens-rate', 'ttft']) await expectPanelState(page, id, 'ok');
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations (${theme} theme, data loaded)`, async ({ page }) => {
    await loaded(page, theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(bad).toEqual([]);
  });
}

interface Focused {
  tag: string;
  name: string;
  role: string | null;
  outline: string;
  outlineWidth: number;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '', role: null, outline: 'none', outlineWidth: 0 };
    const cs = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
      role: el.getAttribute('role'),
      outline: cs.outlineStyle,
      outlineWidth: parseFloat(cs.outlineWidth) || 0,
    };
  });
}

test('keyboard: Tab reaches every header control in order, each with a visible focus ring', async ({ page }) => {
  await loaded(page, 'light');
  // Start from the top of the document, as after loading the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const expected: Array<string | RegExp> = ['Prometheus URL', 'Connect', 'vLLM', /^Time range:/, 'Refresh now', 'Refresh', 'Theme', 'Language', /^Model:/, /^Instance:/, /^Rank/, 'Rate window'];
  const seen: Focused[] = [];
  for (let i = 0; i < 25 && seen.length < 40; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    seen.push(f);
    if (/^Rate window/.test(f.name)) break;
  }
  const names = seen.map((f) => f.name);
  let at = 0;
  for (const want of expected) {
    const idx = names.findIndex((n, i) => i >= at && (typeof want === 'string' ? n === want : want.test(n)));
    expect(idx, `"${String(want)}" reached by Tab after ${names.slice(0, at).join(', ')}`).toBeGreaterThanOrEqual(0);
    at = idx + 1;
  }
  // :focus-visible draws a real outline on every control reached by keyboard.
  for (const f of seen) expect(f.outline !== 'none' && f.outlineWidth > 0, `focus ring on ${f.name} (${f.outline} ${f.outlineWidth}px)`).toBe(true);
});

test('keyboard: engine toggle, time range, selects and the panel menu operate without a mouse', async ({ page }) => {
  await loaded(page, 'dark');
  // Engine toggle: a radiogroup, arrows move the choice.
  await page.getByRole('radio', { name: 'vLLM' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'SGLang' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'SGLang' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'vLLM' })).toHaveAttribute('aria-checked', 'true');

  // Time range: Enter opens the dialog, Tab reaches a preset, Enter picks it.
  await page.getByRole('button', { name: /^Time range:/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Time range' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '5m', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // 15m
  await expect(page).toHaveURL(/from=now-15m/);

  // A native select: the keyboard changes the refresh interval.
  await page.getByRole('combobox', { name: 'Refresh' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/refresh=5s/);

  // Panel menu: Enter opens it with the first item focused, arrows move, Escape closes and
  // returns focus to the button.
  const p = panel(page, 'request-rate');
  const menuButton = p.getByRole('button', { name: /Panel menu/ });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Show PromQL' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Full screen' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Show PromQL' })).toBeFocused();
  await page.keyboard.press('ArrowUp'); // wraps to the last item
  await expect(page.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  // Enter on an item runs it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('promql').first()).toBeVisible();
  await page.keyboard.press('Escape');
});
