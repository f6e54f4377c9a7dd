// The README's nginx recipe (docs/proxy/nginx.conf), run as written against a real nginx: the
// board works through it under the recipe's Content-Security-Policy with no violation (tooltips,
// heatmap, PNG and CSV export, the Rules pack), a page on another origin cannot read the API the
// proxy adds a token to, and admin and lifecycle paths are refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectPanelState, panel, test } from './fixtures';
import { headerLog, type HeaderLog } from './support/header-log';
import { freePortBlock } from './support/ports';
import { serveStatic, type StaticServer } from './support/static-server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
let dir: string;
let nginx: ChildProcess;
let upstream: HeaderLog;
let other: StaticServer;
let base: string;

/** The recipe with the test's addresses in place of the placeholders, inside a minimal main config. */
async function nginxConfig(port: number, upstreamHostPort: string): Promise<string> {
  const recipe = (await readFile('docs/proxy/nginx.conf', 'utf8'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('/srv/inferwatch/dist/', `${resolve('dist')}/`)
    .replaceAll('prometheus.monitoring:9090', upstreamHostPort)
    .replaceAll('Bearer <token>', 'Bearer PROXY-TOKEN');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${dir}/${k};`).join('\n');
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
${temp}
${recipe}
}
`;
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'iw-nginx-'));
  const [port, upPort, otherPort] = await Promise.all([freePortBlock(1, 64000, 64300), freePortBlock(1, 64300, 64600), freePortBlock(1, 64600, 64900)]);
  upstream = await headerLog(upPort, process.env.PROM_DEFAULT!);
  await writeFile(join(dir, 'other.html'), '<!doctype html><link rel="icon" href="data:,"><p>another site</p>');
  other = await serveStatic({ root: dir, prefix: '/', port: otherPort });
  await writeFile(join(dir, 'nginx.conf'), await nginxConfig(port, `127.0.0.1:${upPort}`));
  nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/ops/llm/`).then((r) => r.ok, () => false);
    if (ok) return;
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer: ${stderr}`);
});

test.afterAll(async () => {
  nginx?.kill('SIGTERM');
  await Promise.all([upstream?.close(), other?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('the board works through the recipe, under its CSP, with no violation', async ({ page }) => {
  const violations = await watchCsp(page);
  upstream.seen.length = 0;
  await page.goto(`${base}/ops/llm/?prom=%2Fprometheus&engine=vllm&from=now-30m&refresh=off`);
  const csp = (await page.request.get(`${base}/ops/llm/`)).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  await expectPanelState(page, 'request-rate', 'ok');
  // The queries ran in the data worker, under this CSP (no fallback to the main thread).
  expect(page.workers().map((w) => w.url()).some((u) => /\/assets\/data-worker-[\w-]+\.js$/.test(u))).toBe(true);
  // nginx added the token; the browser sent none.
  expect(upstream.seen.length).toBeGreaterThan(0);
  expect(upstream.seen.every((s) => s.authorization === 'Bearer PROXY-TOKEN')).toBe(true);

  // A line chart's tooltip and a heatmap's.
  const chart = panel(page, 'request-rate').locator('canvas').first();
  await chart.hover({ position: { x: 300, y: 100 } });
  await expect(page.locator('.iw-tt-row').first()).toBeVisible();
  await expectPanelState(page, 'ttft-heatmap', 'ok');
  const box = (await panel(page, 'ttft-heatmap').locator('canvas').first().boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6);
  await expect(page.locator('.iw-tt-kv').first()).toBeVisible();

  // Exports and the rules pack.
  const ttft = panel(page, 'ttft');
  await expectPanelState(page, 'ttft', 'ok');
  await ttft.getByRole('button', { name: /Panel menu/ }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  await ttft.getByRole('button', { name: /Panel menu/ }).click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export PNG' }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Prometheus rules pack' });
  const [rules] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /^Download/ }).click()]);
  expect(rules.suggestedFilename()).toMatch(/rules\.yml$/);

  expect(await violations()).toEqual([]);
});

test('a page on another origin cannot read the API through the proxy', async ({ page, consoleErrors }) => {
  await page.goto(`${other.url}other.html`);
  upstream.seen.length = 0;
  const outcome = await page.evaluate(async (url) => {
    try {
      const r = await fetch(url);
      return `read ${r.status}: ${(await r.text()).slice(0, 80)}`;
    } catch (e) {
      return `refused: ${String(e)}`;
    }
  }, `${base}/prometheus/api/v1/query?query=up`);
  expect(outcome).toMatch(/^refused/);
  // nginx turned it away before Prometheus saw it.
  expect(upstream.seen).toEqual([]);
  // The browser's own report of the blocked read, which is the point of the test.
  const expected = consoleErrors.filter((l) => /blocked by CORS policy|Failed to load resource: (net::ERR_FAILED|the server responded with a status of 403)/.test(l));
  expect(expected.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((l) => !expected.includes(l)));
});

test('admin and lifecycle paths, and methods other than GET and POST, are refused', async () => {
  upstream.seen.length = 0;
  for (const [method, path] of [
    ['POST', '/prometheus/api/v1/admin/tsdb/snapshot'],
    ['POST', '/prometheus/api/v1/admin/tsdb/delete_series?match[]=up'],
    ['POST', '/prometheus/-/quit'],
    ['PUT', '/prometheus/-/reload'],
    ['POST', '/prometheus/api/v1/write'],
    ['DELETE', '/prometheus/api/v1/query'],
  ] as const) {
    const r = await fetch(`${base}${path}`, { method });
    expect(r.status, `${method} ${path}`).toBe(403);
  }
  expect(upstream.seen).toEqual([]);
  // And the read the board needs still passes for a non-browser client.
  expect((await fetch(`${base}/prometheus/api/v1/query?query=1`)).status).toBe(200);
});
