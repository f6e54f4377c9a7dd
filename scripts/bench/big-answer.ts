// The security review's heaviest answer under the byte cap: one range query (the request rate)
// answered with 25,000 series × 100 points (~60 MB of JSON), the rest of the board empty. What it
// costs the page: the longest main-thread task, the long tasks' total over 20 s, and the JS heap
// at the end, with `refresh=off` and with `refresh=5s` (the answer asked again every tick). The
// review measured 4.4 s, 7.6 s and 722 MB before the worker cut answers at a budget
// (src/prometheus/columnar.ts). `npx tsx scripts/bench/big-answer.ts` prints them alone (after
// `npm run build`); `npm run bench` prints them with the build figures.
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { catalogs } from '../../src/catalog/index.ts';
import { launch, newContext } from './browser.ts';
import { single } from './figures.ts';
import { emit, progress, runAsScript, type Figure } from './stats.ts';

const SERIES = 25_000;
const POINTS = 100;
const WATCH_MS = 20_000;

function envelope(data: unknown): string {
  return JSON.stringify({ status: 'success', data });
}

/** A backend with vLLM's names, empty answers, and the huge one for the request rate. */
function fakeBackend(port: number): Promise<{ server: Server; bytes: number }> {
  const names = [...new Set(Object.values(catalogs.vllm.metrics).flatMap((m) => m.variants))].sort();
  const now = Math.floor(Date.now() / 1000);
  const values = Array.from({ length: POINTS }, (_v, i) => [now - (POINTS - i) * 9, '1.5']);
  const huge = envelope({
    resultType: 'matrix',
    result: Array.from({ length: SERIES }, (_v, i) => ({ metric: { model_name: `model-${String(i).padStart(5, '0')}`, instance: `host-${i}:8000`, job: 'vllm' }, values })),
  });
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const query = url.searchParams.get('query') ?? form.get('query') ?? '';
      const path = url.pathname;
      let body: string;
      if (path === '/api/v1/label/__name__/values') body = envelope(names);
      else if (path === '/api/v1/query_range') body = query.includes('request_success') && !query.includes('finished_reason') ? huge : envelope({ resultType: 'matrix', result: [] });
      else if (path === '/api/v1/query') body = envelope({ resultType: 'vector', result: [] });
      else if (path === '/api/v1/targets') body = envelope({ activeTargets: [], droppedTargets: [] });
      else if (path === '/api/v1/alerts') body = envelope({ alerts: [] });
      else if (path === '/api/v1/rules') body = envelope({ groups: [] });
      else if (path === '/api/v1/status/config') body = envelope({ yaml: 'global:\n  scrape_interval: 15s\n' });
      else if (path === '/api/v1/status/buildinfo') body = envelope({ version: '2.42.0' });
      else if (path === '/api/v1/metadata') body = envelope({});
      else if (path.startsWith('/api/v1/label')) body = envelope([]);
      else body = envelope([]);
      res.writeHead(200, cors).end(body);
    });
  });
  return new Promise((r) => server.listen(port, '127.0.0.1', () => r({ server, bytes: Buffer.byteLength(huge) })));
}

export async function bigAnswerFigures(outDir = resolve(import.meta.dirname, '../../dist'), port = 4290): Promise<Figure[]> {
  const { server: backend, bytes } = await fakeBackend(port);
  const app = await preview({ configFile: join(resolve(import.meta.dirname, '../..'), 'vite.config.ts'), logLevel: 'warn', build: { outDir }, preview: { port: port + 1, strictPort: true, host: '127.0.0.1' } });
  const browser = await launch();
  const out: Figure[] = [];
  try {
    for (const refresh of ['off', '5s']) {
      progress(`big answer: ${SERIES} series × ${POINTS} points (${(bytes / 1e6).toFixed(0)} MB), refresh=${refresh}, ${WATCH_MS / 1000} s`);
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __tasks: number[] };
        w.__tasks = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) w.__tasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await page.goto(`http://127.0.0.1:${port + 1}/?prom=${encodeURIComponent(`http://127.0.0.1:${port}`)}&engine=vllm&from=now-15m&refresh=${refresh}`);
      await page.waitForTimeout(WATCH_MS);
      const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
      const panel = await page.locator('[data-panel-id="request-rate"]').innerText();
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      const extra = { dataset: 'build' as const, refresh, bytes, series: SERIES, points: POINTS, panelSays: /Showing \d+ of \d+ series/.exec(panel)?.[0] ?? null };
      out.push(single('big-answer-longest-task', Math.round(Math.max(0, ...tasks)), extra));
      out.push(single('big-answer-long-tasks-total', Math.round(tasks.reduce((a, b) => a + b, 0)), extra));
      out.push(single('big-answer-heap', heap, extra));
      await context.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((r) => app.httpServer.close(() => r()));
    await new Promise<void>((r) => backend.close(() => r()));
  }
  return out;
}

runAsScript(import.meta.url, async () => {
  for (const f of await bigAnswerFigures()) emit(f);
});
