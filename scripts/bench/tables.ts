// Table figures on the fleet dataset (issue 11): requests and bytes per refresh of each table (its
// distinct instant queries), and main-thread time to render the instance table's rows and to sort
// them by a column. `BENCH_DATASETS=tables npm run bench` runs it inside the bench; standalone
// (after `npm run build`, with the fleet cached under .cache/): `npx tsx scripts/bench/tables.ts`,
// on free ports, so it can run beside another bench (BENCH_DIST: another build than dist/).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, CDPSession, Page, Request } from '@playwright/test';
import { preview } from 'vite';
import { catalogs } from '../../src/catalog/index.ts';
import { expandQuery } from '../../src/catalog/promql.ts';
import { resolveMetrics } from '../../src/catalog/resolve.ts';
import type { EngineCatalog } from '../../src/catalog/types.ts';
import { ensurePrometheus } from '../lib/binaries.ts';
import { startPrometheus } from '../lib/prometheus.ts';
import { launch, newContext } from './browser.ts';
import { copyBlocks, DEFAULT_FLEET, ensureFleet, fleetHash, waitForData } from './fleet.ts';
import { knob } from './options.ts';
import { measured, type FigureId } from './figures.ts';
import { emit, median, progress, runAsScript } from './stats.ts';
import { requestForm } from '../lib/request-form.ts';

const RANGE_MS = 3_600_000;
const TABLES = ['model-summary', 'instance-table'] as const;

/** Instant queries of one page: count, distinct PromQL and bytes received (body + headers). */
class InstantLog {
  requests = 0;
  bytes = 0;
  inflight = 0;
  readonly exprs = new Set<string>();
  constructor(page: Page) {
    const is = (r: Request) => /\/api\/v1\/query$/.test(new URL(r.url()).pathname);
    page.on('request', (r) => {
      if (!is(r)) return;
      this.requests++;
      this.inflight++;
      this.exprs.add(requestForm(r).get('query') ?? r.url());
    });
    page.on('requestfinished', (r) => {
      if (!is(r)) return;
      r.sizes()
        .then((s) => (this.bytes += s.responseBodySize + s.responseHeadersSize))
        .catch(() => {})
        .finally(() => this.inflight--);
    });
    page.on('requestfailed', (r) => {
      if (is(r)) this.inflight--;
    });
  }
  async idle(): Promise<void> {
    const deadline = Date.now() + 120_000;
    await new Promise((r) => setTimeout(r, 200));
    while (this.inflight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
}

/** What must hold once the click has been handled: enough elements, or an attribute's value. */
type Until = { selector: string; count: number } | { selector: string; attr: string; value: string };

/**
 * Clicks `selector` in the page and measures, in the page, the synchronous main-thread time until
 * React has committed (a click is a discrete event: React renders in a microtask right after it)
 * and the browser has recomputed style and layout (forced by reading offsetHeight). `until` must
 * hold afterwards; if the commit were deferred, the time runs to it and `deferred` flags it.
 */
async function clickInPage(page: Page, selector: string, until: Until): Promise<{ ms: number; deferred: boolean }> {
  return page.evaluate(
    async ([sel, u]) => {
      const el = document.querySelector<HTMLElement>(sel);
      if (!el) throw new Error(`no ${sel}`);
      // No named helper in here: tsx would wrap it in a `__name` call the page does not have.
      const t0 = performance.now();
      el.click();
      await Promise.resolve();
      await Promise.resolve();
      void document.body.offsetHeight;
      const t1 = performance.now();
      for (let i = 0; i < 600; i++) {
        const done = 'count' in u ? document.querySelectorAll(u.selector).length >= u.count : document.querySelector(u.selector)?.getAttribute(u.attr) === u.value;
        if (done) return i === 0 ? { ms: t1 - t0, deferred: false } : { ms: performance.now() - t0, deferred: true };
        await new Promise((r) => requestAnimationFrame(r));
      }
      throw new Error(`${sel}: the click had no effect`);
    },
    [selector, until] as const,
  );
}

interface Measured {
  /** Wall time in the page, click to layout. */
  ms: number;
  /** CPU time of the renderer's main thread across it (CDP ThreadTime), and its script and style+layout parts. */
  cpuMs: number;
  scriptMs: number;
  layoutMs: number;
  deferred: boolean;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: m } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(m.map((x) => [x.name, x.value * 1000]));
}

/**
 * The click, measured twice: wall time in the page, and the main thread's CPU time from CDP
 * (ThreadTime: on a machine shared by several runs the wall time includes waiting for a core).
 */
async function clickMeasured(page: Page, cdp: CDPSession, selector: string, until: Until): Promise<Measured> {
  const m0 = await metrics(cdp);
  const r = await clickInPage(page, selector, until);
  const m1 = await metrics(cdp);
  const d = (k: string) => (m1[k] ?? 0) - (m0[k] ?? 0);
  return { ...r, cpuMs: d('ThreadTime'), scriptMs: d('ScriptDuration'), layoutMs: d('LayoutDuration') + d('RecalcStyleDuration') };
}

/** Distinct column queries of a table when every metric it names is present (the full cost). */
function fullColumnQueries(catalog: EngineCatalog, panelId: string): number {
  const p = catalog.panels.find((x) => x.id === panelId);
  const all = new Set(Object.values(catalog.metrics).flatMap((m) => m.variants));
  const resolved = resolveMetrics(catalog.metrics, all);
  const by = panelId === 'instance-table' ? [catalog.filterLabels.instance, ...catalog.filterLabels.rank] : [catalog.filterLabels.model];
  const exprs = new Set<string>();
  for (const c of p?.table?.columns ?? []) {
    const e = expandQuery(c.query, catalog, { resolved, filters: {}, rateInterval: '1m', by, range: 3600, gpuPeakFlops: 1e15 });
    if (!('missing' in e)) exprs.add(e.expr);
  }
  return exprs.size;
}

export async function benchTables(browser: Browser, app: string, promUrl: string, endMs: number, runs: number): Promise<void> {
  const base = `${app}/?prom=${encodeURIComponent(promUrl)}&from=${endMs - RANGE_MS}&to=${endMs}&refresh=off`;
  for (const engine of ['vllm', 'sglang'] as const) {
    for (const id of TABLES) {
      const reqs: number[] = [];
      const bytes: number[] = [];
      const runsOf = { render: [] as Measured[], sortDesc: [] as Measured[], sortAsc: [] as Measured[], sortPage: [] as Measured[] };
      let rowsTotal = 0;
      let distinct = 0;
      let queries: string[] = [];
      for (let run = -1; run < runs; run++) {
        const ctx = await newContext(browser);
        try {
          const page = await ctx.newPage();
          const cdp = await ctx.newCDPSession(page);
          await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
          const log = new InstantLog(page);
          await page.goto(`${base}&engine=${engine}&panel=${id}`);
          const fig = `[data-panel-id="${id}"]`;
          await page.locator(`${fig}[data-state="ok"] tbody tr`).first().waitFor({ timeout: 120_000 });
          // Every refresh asks the same column queries again (at the new range end): a load is one.
          await log.idle();
          const more = page.locator(`${fig} .iw-more`);
          const shownNow = await page.locator(`${fig} tbody tr`).count();
          rowsTotal = (await more.count()) ? Number(/of (\d+)/.exec((await more.textContent()) ?? '')?.[1] ?? shownNow) : shownNow;
          const th = `${fig} th[data-column="ttft-p95"]`;
          // The first page as shown on load (50 rows), sorted both ways; then every row.
          const p1 = await clickMeasured(page, cdp, `${th} button`, { selector: th, attr: 'aria-sort', value: 'descending' });
          const p2 = await clickMeasured(page, cdp, `${th} button`, { selector: th, attr: 'aria-sort', value: 'ascending' });
          const rendered = (await more.count()) ? await clickMeasured(page, cdp, `${fig} .iw-more`, { selector: `${fig} tbody tr`, count: Math.min(rowsTotal, 250) }) : null;
          const d = await clickMeasured(page, cdp, `${th} button`, { selector: th, attr: 'aria-sort', value: 'descending' });
          const a = await clickMeasured(page, cdp, `${th} button`, { selector: th, attr: 'aria-sort', value: 'ascending' });
          if (run < 0) continue;
          reqs.push(log.requests);
          bytes.push(log.bytes);
          distinct = log.exprs.size;
          queries = [...log.exprs];
          if (rendered) runsOf.render.push(rendered);
          runsOf.sortDesc.push(d);
          runsOf.sortPage.push(p1, p2);
          runsOf.sortAsc.push(a);
          const f = (m: Measured | null) => (m ? `${m.cpuMs.toFixed(1)} ms CPU (${m.ms.toFixed(1)} ms wall)` : '-');
          progress(`tables ${engine}/${id} run ${run + 1}/${runs}: ${log.requests} requests, ${log.bytes} B, ${rowsTotal} rows, show all ${f(rendered)}, sort by TTFT p95 ${f(d)} / ${f(a)}`);
        } finally {
          await ctx.close();
        }
      }
      const extra = { dataset: 'fleet' as const, engine, table: id, rows: rowsTotal };
      const full = fullColumnQueries(catalogs[engine], id);
      emit(measured('table-requests-per-refresh', reqs, { ...extra, distinctQueries: distinct, queries, distinctQueriesAllColumns: full }, { runs }));
      emit(measured('table-bytes-per-refresh', bytes, extra, { runs }));
      const figure = (name: FigureId & `table-${'sort' | 'render'}-${string}`, ms: Measured[]) =>
        emit(
          measured(
            name,
            ms.map((m) => m.cpuMs),
            {
              ...extra,
              wallMedian: median(ms.map((m) => m.ms)),
              scriptMedian: median(ms.map((m) => m.scriptMs)),
              styleLayoutMedian: median(ms.map((m) => m.layoutMs)),
              deferredCommit: ms.some((m) => m.deferred),
              shownRows: Math.min(rowsTotal, 250),
            },
            { runs },
          ),
        );
      figure('table-sort-first-page', runsOf.sortPage);
      if (runsOf.render.length) figure('table-render-all-rows', runsOf.render);
      figure('table-sort-desc', runsOf.sortDesc);
      figure('table-sort-asc', runsOf.sortAsc);
    }
  }
}

/** Standalone: the worktree's dist/, the cached fleet, free ports; nothing shared is written. */
async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  const cache = join(root, '.cache');
  if (!existsSync(join(cache, `fleet-${fleetHash(DEFAULT_FLEET)}`, 'meta.json'))) throw new Error('the fleet is not cached yet (npm run bench makes it)');
  const { prometheus, promtool } = ensurePrometheus(progress);
  const fleet = await ensureFleet(cache, promtool, DEFAULT_FLEET, progress);
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-bench-tables-'));
  const port = 29400 + Math.floor(Math.random() * 80);
  const server = await preview({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: knob('BENCH_DIST') ?? join(root, 'dist') }, preview: { port: port + 1000, host: '127.0.0.1' } });
  copyBlocks(fleet, join(dir, 'data'));
  const proc = startPrometheus(prometheus, dir, join(dir, 'data'), port, 'global:\n  scrape_interval: 15s\nscrape_configs: []\n', progress);
  const browser = await launch();
  try {
    await waitForData(proc.url, 'count(vllm:num_requests_running)', fleet.endMs, 120_000);
    const addr = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://127.0.0.1:${port + 1000}`;
    await benchTables(browser, addr, proc.url, fleet.endMs, knob('BENCH_RUNS'));
  } finally {
    await browser.close();
    await proc.stop();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  }
}

runAsScript(import.meta.url, main);
