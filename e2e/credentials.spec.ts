// Credentials typed by the user go to the backend as headers, never into the URL; they are
// kept in memory unless "remember on this device" is ticked.
import { appUrl, expect, expectPanelState, test } from './fixtures';

test('a bearer token is sent as a header, never in the URL, and forgotten on reload unless remembered', async ({ page }) => {
  const prom = process.env.PROM_DEFAULT!;
  const seen: Array<{ url: string; auth: string | undefined }> = [];
  page.on('request', (r) => {
    if (r.url().startsWith(prom)) seen.push({ url: r.url(), auth: r.headers().authorization });
  });
  await page.goto(appUrl({ prom, engine: 'vllm', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');

  await page.getByRole('button', { name: /Credentials/ }).click();
  const dialog = page.getByRole('dialog', { name: `Request headers for ${new URL(prom).origin}` });
  await dialog.getByLabel('Bearer token').fill('s3cret-token');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /1 header/ })).toBeVisible();

  seen.length = 0;
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect.poll(() => seen.filter((s) => s.auth === 'Bearer s3cret-token').length).toBeGreaterThan(0);
  expect(page.url()).not.toContain('s3cret');
  for (const s of seen) expect(s.url).not.toContain('s3cret');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('s3cret');

  // Memory only: a reload forgets it.
  await page.reload();
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(page.getByRole('button', { name: 'Credentials', exact: true })).toBeVisible();

  // Remembered on this device when asked.
  await page.getByRole('button', { name: /Credentials/ }).click();
  await page.getByLabel('Bearer token').fill('kept-token');
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /1 header/ })).toBeVisible();
  expect(page.url()).not.toContain('kept-token');
  await page.getByRole('button', { name: /1 header/ }).click();
  await page.getByRole('button', { name: 'Forget', exact: true }).click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('kept-token');
});
