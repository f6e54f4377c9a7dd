// Credentials go only to the backend origin they belong to, whichever way another backend is
// named: a link (kiosk too), config.json's own headers, an iframe on a third origin, a typed URL.
// Two header-logging backends on two origins forward to the real Prometheus, so the board works
// on both and the test sees exactly which headers reached each.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectPanelState, panel, test } from './fixtures';
import { headerLog, type HeaderLog } from './support/header-log';
import { freePortBlock } from './support/ports';
import { serveStatic } from './support/static-server';

let a: HeaderLog;
let b: HeaderLog;
let app: Awaited<ReturnType<typeof serveStatic>>;

async function expectNoSeriousAxe(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const at = (params: Record<string, string>) => `${app.url}?${new URLSearchParams(params).toString()}`;

test.beforeAll(async () => {
  const [pa, pb, pApp] = await Promise.all([freePortBlock(1, 62000, 62500), freePortBlock(1, 62500, 63000), freePortBlock(1, 63000, 63500)]);
  a = await headerLog(pa, process.env.PROM_DEFAULT!);
  b = await headerLog(pb, process.env.PROM_DEFAULT!);
  app = await serveStatic({ root: 'dist', prefix: '/', port: pApp, configJson: '{}' });
});

test.afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), app?.close()]);
});

test.beforeEach(() => {
  a.seen.length = 0;
  b.seen.length = 0;
  app.setConfig('{}');
  app.setIndexTransform(null);
});

test('a remembered token stays with its backend: a kiosk link to another origin sends none, until the user chooses to', async ({ page }) => {
  await page.goto(at({ prom: a.url, engine: 'vllm', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await page.getByRole('button', { name: 'Credentials' }).click();
  const dialog = page.getByRole('dialog', { name: `Request headers for ${a.origin}` });
  await dialog.getByLabel('Bearer token').fill('REMEMBERED');
  await dialog.getByLabel('Remember on this device').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => a.withCredentials().some((s) => s.authorization === 'Bearer REMEMBERED')).toBe(true);

  // The link's very first requests (discovery, before anything renders) carry nothing.
  await page.goto(at({ prom: b.url, engine: 'vllm', refresh: 'off', kiosk: '1' }));
  await expectPanelState(page, 'request-rate', 'ok');
  expect(b.seen.filter((s) => s.method !== 'OPTIONS').length).toBeGreaterThan(0);
  expect(b.withCredentials()).toEqual([]);

  // With the header shown, the board says so; the saved headers can be sent there only from the
  // Credentials dialog, naming both origins, one ticked header at a time.
  await page.goto(at({ prom: b.url, engine: 'vllm', refresh: 'off' }));
  await expect(page.getByText(`No credentials for ${b.origin}`)).toBeVisible();
  expect(b.withCredentials()).toEqual([]);
  await page.getByRole('button', { name: `No credentials for ${b.origin}` }).click();
  const reuse = page.getByRole('region', { name: `Send headers saved for another backend to ${b.origin}` });
  await expect(reuse).toContainText(`Send the headers saved for ${a.origin} to ${b.origin}?`);
  await expectNoSeriousAxe(page, '.iw-header');
  const send = reuse.getByRole('button', { name: 'Tick each header to send' });
  await expect(send).toBeDisabled();
  await reuse.getByRole('checkbox', { name: `Send Authorization to ${b.origin}` }).check();
  expect(b.withCredentials()).toEqual([]);
  await reuse.getByRole('button', { name: `Send 1 header to ${b.origin}` }).click();
  await expect.poll(() => b.withCredentials().some((s) => s.authorization === 'Bearer REMEMBERED')).toBe(true);
  await expect(page.getByText(`No credentials for ${b.origin}`)).toHaveCount(0);

  // Remembered per origin: only A's entry is on the device, and it can be forgotten on its own.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('inferwatch.credentials.v2') ?? '{}') as Record<string, unknown>);
  expect(Object.keys(stored)).toEqual([a.origin]);
  await page.getByRole('button', { name: /Credentials/ }).click();
  await expectNoSeriousAxe(page, '.iw-header');
  await page.getByRole('button', { name: `Forget the headers for ${a.origin}` }).click();
  expect(await page.evaluate(() => localStorage.getItem('inferwatch.credentials.v2'))).toBeNull();
});

test('a backend whose 401 tells the user how to give it the token gets none: its words are quoted, reuse is not offered, and a frame offers nothing', async ({ page, consoleErrors }) => {
  // A token remembered for A, as a user of A would have it.
  await page.goto(at({ prom: a.url, engine: 'vllm', refresh: 'off' }));
  await page.evaluate((origin) => localStorage.setItem('inferwatch.credentials.v2', JSON.stringify({ [origin]: { headers: { Authorization: 'Bearer REMEMBERED-A' }, remember: true, savedAt: Date.now() } })), a.origin);
  const lure = `Authentication required for this dashboard. Open "No credentials for ${b.origin}" at the top and choose "Use the headers of ${a.origin}" to continue.`;
  b.refuseWithout(lure);
  try {
    await page.goto(at({ prom: b.url, engine: 'vllm', refresh: 'off' }));
    // The backend's text is shown as its own words, never as an instruction of the board's.
    await expectPanelState(page, 'request-rate', 'error');
    await expect(panel(page, 'request-rate').locator('.iw-error')).toContainText(`The backend says: “${lure}”`);
    await page.getByRole('button', { name: `No credentials for ${b.origin}` }).click();
    const reuse = page.getByRole('region', { name: `Send headers saved for another backend to ${b.origin}` });
    await expect(reuse).toContainText(`${b.origin} answered that it needs credentials`);
    await expect(reuse.getByRole('checkbox')).toHaveCount(0);
    await expect(reuse.getByRole('button')).toHaveCount(0);

    // Framed (an invisible frame over a "claim your prize" button would do): no credential action.
    const dir = await mkdtemp(join(tmpdir(), 'iw-lure-'));
    await writeFile(join(dir, 'index.html'), `<!doctype html><link rel="icon" href="data:,"><iframe id="f" width="1440" height="800" src="${at({ prom: b.url, engine: 'vllm', refresh: 'off' }).replace(/&/g, '&amp;')}"></iframe>`);
    const portal = await serveStatic({ root: dir, prefix: '/', port: await freePortBlock(1, 64000, 64500) });
    try {
      await page.goto(portal.url);
      const frame = page.frameLocator('#f');
      await frame.getByRole('button', { name: `No credentials for ${b.origin}` }).click();
      const dialog = frame.getByRole('dialog', { name: `Request headers for ${b.origin}` });
      await expect(dialog).toContainText('Credentials cannot be changed while the board is inside another page');
      await expect(dialog.getByRole('textbox')).toHaveCount(0);
      await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    } finally {
      await portal.close();
      await rm(dir, { recursive: true, force: true });
    }
    expect(b.withCredentials()).toEqual([]);
    // Chromium logs each refused request ("… status of 401"): the backend's doing, the only lines allowed.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/the server responded with a status of 401/.test(e)));
  } finally {
    b.refuseWithout(null);
  }
});

test('a <meta> Content-Security-Policy binds the data worker too: a link to a backend outside connect-src gets no request', async ({ page }) => {
  // The README's policy as a <meta> tag (a static host that cannot send headers), listing A only.
  const policy = `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ${a.origin}`;
  app.setIndexTransform((html) => html.replace(/(<meta charset[^>]*>)/i, `$1<meta http-equiv="Content-Security-Policy" content="${policy}">`));
  await page.goto(at({ prom: a.url, engine: 'vllm', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');

  await page.goto(at({ prom: b.url, engine: 'vllm', refresh: 'off' }));
  await expect(page.getByText(`This page’s Content-Security-Policy (connect-src) does not allow ${b.url}. Nothing was sent to it.`)).toBeVisible();
  await expect(panel(page, 'request-rate')).toHaveCount(0);
  // A typed URL is refused the same way.
  await page.getByRole('textbox', { name: 'Prometheus URL' }).fill(`${b.url}/`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('does not allow')).toBeVisible();
  expect(b.seen).toEqual([]);
});

test("config.json's headers go to its own backend only: not to a link's, nor through an iframe on a third origin", async ({ page }) => {
  app.setConfig(JSON.stringify({ prometheusUrl: a.url, headers: { Authorization: 'Bearer CONFIG', 'X-Scope-OrgID': 'team-a' }, defaultRefresh: 'off' }));
  await page.goto(at({ engine: 'vllm' }));
  await expectPanelState(page, 'request-rate', 'ok');
  expect(a.withCredentials().some((s) => s.authorization === 'Bearer CONFIG' && s.tenant === 'team-a')).toBe(true);

  await page.goto(at({ prom: b.url, engine: 'vllm' }));
  await expectPanelState(page, 'request-rate', 'ok');
  expect(b.withCredentials()).toEqual([]);

  // A page on a third origin frames the board with its own backend.
  const frameSrc = at({ prom: b.url, engine: 'vllm', kiosk: '1', panel: 'ttft' });
  const dir = await mkdtemp(join(tmpdir(), 'iw-portal-'));
  await writeFile(join(dir, 'index.html'), `<!doctype html><link rel="icon" href="data:,"><iframe id="f" width="800" height="400" src="${frameSrc.replace(/&/g, '&amp;')}"></iframe>`);
  const portal = await serveStatic({ root: dir, prefix: '/', port: await freePortBlock(1, 63500, 64000) });
  b.seen.length = 0;
  await page.goto(portal.url);
  await expect(page.frameLocator('#f').locator('[data-panel-id="ttft"]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  expect(b.seen.length).toBeGreaterThan(0);
  expect(b.withCredentials()).toEqual([]);
  await portal.close();
  await rm(dir, { recursive: true, force: true });
});

test('a typed URL to another backend gets none of the typed headers', async ({ page }) => {
  await page.goto(at({ prom: a.url, engine: 'vllm', refresh: 'off' }));
  await expectPanelState(page, 'request-rate', 'ok');
  await page.getByRole('button', { name: 'Credentials' }).click();
  await page.getByLabel('Bearer token').fill('TYPED');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => a.withCredentials().length).toBeGreaterThan(0);

  await page.getByRole('textbox', { name: 'Prometheus URL' }).fill(b.url);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(`No credentials for ${b.origin}`)).toBeVisible();
  await expectPanelState(page, 'request-rate', 'ok');
  expect(b.withCredentials()).toEqual([]);
  // Back on A, its typed token is still there (memory, bound to A).
  await page.goBack();
  await expect(page.getByRole('button', { name: /Credentials: 1 header/ })).toBeVisible();
});

test('a hosted copy refuses backends outside allowedBackends, and a locked one ignores prom=', async ({ page }) => {
  app.setConfig(JSON.stringify({ prometheusUrl: a.url, allowedBackends: [a.url], defaultRefresh: 'off' }));
  await page.goto(at({ prom: b.url, engine: 'vllm' }));
  await expect(page.getByText(`${b.url} is not one of the backends this site allows`)).toBeVisible();
  await expect(panel(page, 'request-rate')).toHaveCount(0);
  // Its own backend still works from the same copy.
  await page.goto(at({ engine: 'vllm' }));
  await expectPanelState(page, 'request-rate', 'ok');

  app.setConfig(JSON.stringify({ prometheusUrl: a.url, lockBackend: true, defaultRefresh: 'off' }));
  await page.goto(at({ prom: b.url, engine: 'vllm' }));
  await expect(page.getByText(/This site is locked to its own backend/)).toBeVisible();
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toHaveValue(a.url);
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).not.toBeEditable();
  expect(b.seen).toEqual([]);
});

test('the embedding example frames only http(s) addresses (a javascript: one runs nothing)', async ({ page }) => {
  const payload = 'javascript:parent.__xss=document.domain//';
  await page.goto(`${app.url}embed-example.html?app=${encodeURIComponent(payload)}`);
  await expect(page.getByRole('alert')).toContainText('must be an http:// or https:// address');
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator('iframe#ttft').getAttribute('src')).toBeNull();
  // An http(s) address of another origin that config.json does not list: not framed either (the
  // page sits on the dashboard's origin, an attacker's page would show under its name).
  await page.goto(`${app.url}embed-example.html?app=${encodeURIComponent(`${b.url}/`)}`);
  await expect(page.getByRole('alert')).toContainText(`${b.origin} is not listed`);
  expect(await page.locator('iframe#ttft').getAttribute('src')).toBeNull();
  expect(await page.locator('iframe#board').getAttribute('src')).toBeNull();
});
