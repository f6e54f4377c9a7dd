// Hosting and embedding: the built folder under a sub-path reads its config.json; a host page
// on a second origin embeds the board and one panel and drives them by postMessage.
import { readdirSync } from 'node:fs';
import { expect, test, expectPanelState } from './fixtures';
import { serveStatic, type StaticServer } from './support/static-server';
import { freePortBlock } from './support/ports';

let app: StaticServer;
let host: StaticServer;
let hostile: StaticServer;

test.beforeAll(async () => {
  const [appPort, hostPort, otherPort] = await Promise.all([freePortBlock(1, 62000, 63000), freePortBlock(1, 63000, 64000), freePortBlock(1, 64000, 65000)]);
  const hostOrigin = `http://127.0.0.1:${hostPort}`;
  app = await serveStatic({
    root: 'dist',
    prefix: '/ops/llm/',
    port: appPort,
    configJson: JSON.stringify({ prometheusUrl: process.env.PROM_DEFAULT, embedOrigins: [hostOrigin], defaultRefresh: 'off' }),
  });
  // The example host page, from another origin (another port is another origin). It frames a
  // dashboard of another origin only when its own config.json lists that origin.
  const framesApp = JSON.stringify({ embedOrigins: [`http://127.0.0.1:${appPort}`] });
  host = await serveStatic({ root: 'dist', prefix: '/portal/', port: hostPort, configJson: framesApp });
  hostile = await serveStatic({ root: 'dist', prefix: '/evil/', port: otherPort, configJson: framesApp });
});

test.afterAll(async () => {
  await Promise.all([app?.close(), host?.close(), hostile?.close()]);
});

test('the built folder works under /ops/llm/ with no 404s and reads its config.json', async ({ page }) => {
  await page.goto(`${app.url}?engine=vllm`);
  // The Prometheus URL came from config.json, not from the link.
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toHaveValue(process.env.PROM_DEFAULT!);
  await expectPanelState(page, 'request-rate', 'ok');
  expect(app.notFound).toEqual([]);
});

test('where a CSP refuses workers, the board still works: its queries run on the main thread', async ({ page, consoleErrors }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  // A host whose policy allows everything but workers.
  const strict = await serveStatic({
    root: 'dist',
    prefix: '/ops/llm/',
    port: await freePortBlock(1, 61000, 62000),
    configJson: JSON.stringify({ prometheusUrl: process.env.PROM_DEFAULT, defaultRefresh: 'off' }),
    headers: { 'content-security-policy': "worker-src 'none'" },
  });
  try {
    await page.goto(`${strict.url}?engine=vllm`);
    await expectPanelState(page, 'request-rate', 'ok');
    await expectPanelState(page, 'ttft', 'ok');
    expect(page.workers()).toHaveLength(0);
    expect(warnings.join('\n')).toContain('the data worker is not available');
    // Chromium reports the refused worker itself as a console error; nothing else may be one.
    expect(consoleErrors.filter((e) => !/worker-src/.test(e))).toEqual([]);
    consoleErrors.length = 0;
  } finally {
    await strict.close();
  }
});

test('an embedded panel loads none of the board\'s own chunks nor the Chinese text; the board preloads them; one that fails is said where it goes', async ({ page, consoleErrors }) => {
  const html = await (await fetch(app.url)).text();
  const boardOnly = [...html.matchAll(/<meta name="inferwatch:chunks-[a-z]+" content="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ').map((f) => f.replace(/^\.\//, '')));
  // The whole board, the header and the sections only the board shows are such chunks.
  expect(boardOnly.some((f) => /whole-board-/.test(f))).toBe(true);
  expect(boardOnly.some((f) => /board-header-/.test(f))).toBe(true);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`${app.url}?engine=vllm&panel=ttft&kiosk=1`);
  await expectPanelState(page, 'ttft', 'ok');
  expect(asked.filter((p) => boardOnly.some((f) => p.endsWith(f)))).toEqual([]);
  // An English page does not download the Chinese text (src/i18n/packs.ts); a Chinese one does.
  const chinese = /\/zh-cn-[^/]*\.js$/;
  expect(readdirSync('dist/assets').filter((f) => chinese.test(`/${f}`))).toHaveLength(1);
  expect(asked.filter((p) => chinese.test(p))).toEqual([]);
  asked.length = 0;
  await page.goto(`${app.url}?engine=vllm&panel=ttft&kiosk=1&lang=zh-CN`);
  await expectPanelState(page, 'ttft', 'ok');
  await expect(page.getByRole('heading', { name: '首 token 延迟（TTFT）' })).toBeVisible();
  expect(asked.filter((p) => chinese.test(p))).toHaveLength(1);

  // The board asks each of them once, as a modulepreload from boot.js, and its first render
  // already draws them: no commit of an empty page while a chunk is settling.
  asked.length = 0;
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      if (name === 'inferwatch:first-commit') {
        (globalThis as { __atFirstCommit?: unknown }).__atFirstCommit = {
          tiles: document.querySelectorAll('[data-stat-id]').length,
          urlField: document.querySelectorAll('input[aria-label="Prometheus URL"]').length,
        };
      }
      return mark(name, options);
    };
  });
  await page.goto(`${app.url}?engine=vllm`);
  await expectPanelState(page, 'request-rate', 'ok');
  for (const f of boardOnly) expect(asked.filter((p) => p.endsWith(f)), f).toHaveLength(1);
  const atFirst = await page.evaluate(() => (globalThis as { __atFirstCommit?: { tiles: number; urlField: number } }).__atFirstCommit);
  expect(atFirst?.tiles).toBeGreaterThan(0);
  expect(atFirst?.urlField).toBe(1);

  // A chunk that does not load (a partial deploy): the header's place says so, the panels work.
  const header = boardOnly.find((f) => /board-header-/.test(f))!;
  await page.route(`**/${header}`, (route) => route.abort());
  await page.goto(`${app.url}?engine=vllm`);
  await expectPanelState(page, 'request-rate', 'ok');
  await expect(page.getByRole('alert').filter({ hasText: /^Part of the page did not load \(.*board-header-.*\)\. Reload the page/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prometheus URL' })).toHaveCount(0);
  consoleErrors.length = 0;
});

test('a broken config.json gives a readable error page', async ({ page, consoleErrors }) => {
  await page.route('**/config.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{"defaultEngine": "tgi", ' }));
  await page.goto(`${app.url}`);
  await expect(page.getByRole('alert')).toContainText('config.json is not valid JSON');
  await page.route('**/config.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{"defaultEngine": "tgi"}' }));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('"defaultEngine" must be "vllm", "sglang", "lmdeploy" or "trtllm"');
  consoleErrors.length = 0;
});

test('a host page drives the embedded board and panel, and hears their state and height', async ({ page }) => {
  const hostUrl = `${host.url}embed-example.html?app=${encodeURIComponent(app.url)}`;
  await page.goto(hostUrl);
  const panelFrame = page.frameLocator('#ttft');
  const boardFrame = page.frameLocator('#board');
  await expect(panelFrame.getByRole('figure')).toHaveCount(1);
  await expect(panelFrame.locator('[data-panel-id="ttft"]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await expect(boardFrame.getByRole('textbox', { name: 'Prometheus URL' })).toHaveCount(0); // kiosk

  // The dashboards report their state and height to the host.
  await expect.poll(() => page.evaluate(() => (window as unknown as { lastMessages?: Array<{ data: { type: string } }> }).lastMessages?.map((m) => m.data.type) ?? [])).toEqual(
    expect.arrayContaining(['inferwatch:state', 'inferwatch:resize']),
  );

  // The host sets range and engine; the panels follow.
  await page.getByLabel('Range').selectOption('now-6h');
  await page.getByLabel('Engine').selectOption('sglang');
  await page.getByRole('button', { name: 'Apply to both' }).click();
  await expect(boardFrame.locator('.iw-app')).toHaveAttribute('data-engine', 'sglang');
  await expect(panelFrame.locator('.iw-app')).toHaveAttribute('data-engine', 'sglang');
  await expect(panelFrame.locator('[data-panel-id="ttft"]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  const last = await page.evaluate(() => {
    const msgs = (window as unknown as { lastMessages: Array<{ frame: string; data: { type: string; state?: { engine: string; from: string } } }> }).lastMessages;
    return msgs.filter((m) => m.frame === 'board' && m.data.type === 'inferwatch:state').at(-1)?.data.state;
  });
  expect(last).toMatchObject({ engine: 'sglang', from: 'now-6h' });

  // Height reports follow content changes: collapsing sections shrinks the board.
  const heights = async () =>
    page.evaluate(() =>
      (window as unknown as { lastMessages: Array<{ frame: string; data: { type: string; height?: number } }> }).lastMessages
        .filter((m) => m.frame === 'board' && m.data.type === 'inferwatch:resize')
        .map((m) => m.data.height ?? 0),
    );
  const before = (await heights()).at(-1)!;
  await page.evaluate(() => {
    const f = document.getElementById('board') as HTMLIFrameElement;
    f.contentWindow!.postMessage({ type: 'inferwatch:set', state: { collapsed: 'requests,throughput,latency,saturation,cache,advanced' } }, new URL(f.src).origin);
  });
  await expect.poll(async () => (await heights()).at(-1)).toBeLessThan(before);
});

test('the Models table embedded at 600×320 shows whole columns only, and says how many', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 320 });
  await page.goto(`${app.url}?engine=vllm&panel=model-summary&kiosk=1`);
  await expectPanelState(page, 'model-summary', 'ok');
  const table = page.locator('[data-panel-id="model-summary"]');
  await expect(table.locator('[data-columns-hidden]')).toBeVisible();
  const wrap = (await table.locator('.iw-table-wrap').boundingBox())!;
  const heads = await table.locator('thead th').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
  expect(heads.length).toBeGreaterThanOrEqual(4); // the model and at least three figures
  // Every header column lies inside the panel: none cut at its right edge.
  for (const h of heads) expect(h.right).toBeLessThanOrEqual(wrap.x + wrap.width + 0.5);
  await expect(table.locator('thead th[data-column="req-rate"]')).toBeVisible();
  await expect(table.locator('thead th[data-column="ttft-p95"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/embed-model-summary-600x320.png' });
});

test('messages from an origin not allowed change nothing', async ({ page }) => {
  // The same host page served from an origin that config.json does not list.
  await page.goto(`${hostile.url}embed-example.html?app=${encodeURIComponent(app.url)}`);
  const boardFrame = page.frameLocator('#board');
  await expect(boardFrame.locator('.iw-app')).toHaveAttribute('data-engine', 'vllm');
  await page.getByLabel('Engine').selectOption('sglang');
  await page.getByRole('button', { name: 'Apply to both' }).click();
  await page.waitForTimeout(1500);
  await expect(boardFrame.locator('.iw-app')).toHaveAttribute('data-engine', 'vllm');
  // And the dashboard told this page nothing.
  expect(await page.evaluate(() => (window as unknown as { lastMessages?: unknown[] }).lastMessages ?? [])).toEqual([]);
});
