// Many embeds on one portal page (issue 59): eight `panel=…&kiosk=1` iframes of one backend on a
// page of another origin, against one embed alone. Prints, per layout, the time until every frame's
// panel is drawn (`data-state="ok"`), the backend requests by path (counted by a proxy in front of
// Prometheus) and the page's main-thread task time (CDP Performance.getMetrics, all frames: they
// share the renderer with the portal, same site).
//   npx tsx scripts/bench/embeds.ts [dist=dist] [rounds=3]
import { createServer, type Server } from 'node:http';
import { preview } from 'vite';
import { chromium } from '@playwright/test';
import { startStack } from '../lib/stack.ts';
import { startFaultProxy } from '../../e2e/support/fault-proxy.ts';
import { freePortBlock } from '../../e2e/support/ports.ts';
import { median } from './stats.ts';

const PANELS = ['request-rate', 'ttft', 'itl', 'e2e-latency', 'kv-cache-usage', 'output-tokens-rate', 'prompt-tokens-rate', 'finished-reasons'];
const dist = process.argv[2] ?? 'dist';
const rounds = Number(process.argv[3] ?? 3);

function portalHtml(app: string, prom: string, panels: readonly string[]): string {
  const frames = panels
    .map((p) => `<iframe title="${p}" width="600" height="320" src="${app}?prom=${encodeURIComponent(prom)}&engine=vllm&panel=${p}&kiosk=1&from=now-30m&refresh=off"></iframe>`)
    .join('\n');
  return `<!doctype html><html><head><title>portal</title></head><body style="margin:0">${frames}</body></html>`;
}

async function main(): Promise<void> {
  const base = await freePortBlock(16);
  const stack = await startStack({ promPort: base, vllmPort: base + 2, sglangPort: base + 7, backfillMinutes: 35, seed: 7 });
  const proxy = await startFaultProxy(stack.promUrl, base + 12);
  const appPort = base + 13;
  const server = await preview({ build: { outDir: dist }, preview: { port: appPort, host: '127.0.0.1', strictPort: true }, logLevel: 'warn' });
  const app = `http://127.0.0.1:${appPort}/`;
  let html = '';
  const portal: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(html);
  });
  await new Promise<void>((r) => portal.listen(base + 14, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const layout of [PANELS.slice(0, 1), PANELS] as const) {
      const times: number[] = [];
      const cpus: number[] = [];
      let byPath: Record<string, number> = {};
      for (let r = 0; r < rounds; r++) {
        html = portalHtml(app, proxy.url, layout);
        const ctx = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Performance.enable');
        proxy.reset();
        const t0 = Date.now();
        await page.goto(`http://127.0.0.1:${base + 14}/`);
        for (const p of layout) {
          const frame = page.frameLocator(`iframe[title="${p}"]`);
          await frame.locator(`[data-panel-id="${p}"][data-state="ok"]`).first().waitFor({ timeout: 60_000 });
        }
        times.push(Date.now() - t0);
        const m = (await cdp.send('Performance.getMetrics')).metrics;
        cpus.push(1000 * (m.find((x) => x.name === 'TaskDuration')?.value ?? NaN));
        byPath = Object.fromEntries([...proxy.stats.byPath.entries()].sort((a, b) => b[1] - a[1]));
        await ctx.close();
      }
      const total = Object.values(byPath).reduce((a, b) => a + b, 0);
      console.log(JSON.stringify({ figure: `embeds-${layout.length}`, drawnMs: median(times), runs: times, mainThreadTaskMs: Math.round(median(cpus)), backendRequests: total, byPath }));
    }
  } finally {
    await browser.close();
    portal.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    await proxy.close();
    await stack.stop();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
