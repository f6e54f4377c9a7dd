// Headless Chromium (Debian's /usr/bin/chromium, never a downloaded one) and the page-side probes:
// which panels are on the first screen, when they all have settled, the query_range requests sent.
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { requestForm } from '../lib/request-form.ts';
import { knob } from './options.ts';

export const VIEWPORT = { width: 1440, height: 900 };
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Headless Chromium; `executablePath` defaults to CHROMIUM_BIN (a wrapper script may stand in for it, see cpu.ts). */
export function launch(executablePath: string = knob('CHROMIUM_BIN')): Promise<Browser> {
  return chromium.launch({ executablePath, args: ARGS, headless: true });
}

export interface Captured {
  url: string;
  body: string;
  expr: string;
  /** performance.now()-like: ms since the capture started (Node clock). */
  at: number;
}

/** Records every query_range request of a page (and every API request), and counts those in flight and bytes received. */
export class RequestLog {
  readonly all: Captured[] = [];
  /** Every query and query_range request (instant ones too: tables, probes): what the floor replays. */
  readonly queries: Captured[] = [];
  /** Every API request (`/api/v1/…`), in the order they left: the discovery is what precedes the first query_range. */
  readonly api: Captured[] = [];
  inflight = 0;
  bytes = 0;
  finished = 0;
  private readonly t0 = performance.now();

  constructor(page: Page) {
    const isRange = (r: Request): boolean => r.url().includes('/api/v1/query_range');
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/api/v1/')) this.api.push({ url: r.url(), body: r.postData() ?? '', expr: requestForm(r).get('query') ?? '', at: performance.now() - this.t0 });
      if (/\/api\/v1\/query(_range)?$/.test(new URL(r.url()).pathname)) this.queries.push({ url: r.url(), body: r.postData() ?? '', expr: requestForm(r).get('query') ?? '', at: performance.now() - this.t0 });
      if (!isRange(r)) return;
      const body = r.postData() ?? '';
      this.all.push({ url: r.url(), body, expr: requestForm(r).get('query') ?? '', at: performance.now() - this.t0 });
      this.inflight++;
    });
    page.on('requestfinished', (r) => {
      if (!isRange(r)) return;
      this.inflight--;
      this.finished++;
      r.sizes()
        .then((s) => (this.bytes += s.responseBodySize + s.responseHeadersSize))
        .catch(() => {});
    });
    page.on('requestfailed', (r) => {
      if (isRange(r)) this.inflight--;
    });
  }
}

export interface Settled {
  t: number;
  states: Record<string, number>;
  panels: number;
  tiles: number;
  ids: string[];
}

/**
 * Resolves when every panel (first screen: those within 300 px of the viewport, which the page
 * queries at once; `all`: every panel of the page) and every stat tile has left `loading`, and every `ok` panel has drawn its canvas.
 * `t` is the page's performance.now(), i.e. ms since navigation start.
 */
export async function waitSettled(page: Page, scope: 'first' | 'all', timeoutMs = 120_000): Promise<Settled> {
  const h = await page
    .waitForFunction(
    (sc) => {
      const vh = window.innerHeight;
      const panels = Array.from(document.querySelectorAll<HTMLElement>('[data-panel-id]')).filter((e) => {
        if (sc === 'all') return true;
        // The viewport plus useInView's 300 px margin: the panels the page queries without scrolling.
        const r = e.getBoundingClientRect();
        return r.top < vh + 300 && r.bottom > -300;
      });
      const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-stat-id]'));
      if (panels.length === 0) return false;
      for (const e of [...panels, ...tiles]) if (e.dataset.state === 'loading') return false;
      for (const e of panels) if (e.dataset.state === 'ok' && !e.querySelector('canvas, table.iw-table')) return false;
      const states: Record<string, number> = {};
      for (const e of panels) states[e.dataset.state ?? '?'] = (states[e.dataset.state ?? '?'] ?? 0) + 1;
      return { t: performance.now(), states, panels: panels.length, tiles: tiles.length, ids: panels.map((e) => e.dataset.panelId ?? '') };
    },
    scope,
    { polling: 10, timeout: timeoutMs },
    )
    .catch(async (err: unknown) => {
      const left = await page
        .evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('[data-state="loading"]')).map((e) => e.dataset.panelId ?? e.dataset.statId ?? '?'))
        .catch(() => []);
      throw new Error(`${scope} screen not settled (still loading: ${left.join(', ') || 'none'}): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    });
  return (await h.jsonValue()) as Settled;
}

/** Scrolls to the bottom half a screen at a time (every panel passes through the viewport). */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
}

/**
 * The floor: the captured requests replayed from Node (fetch), bodies read. `concurrency` Infinity
 * is maximal parallelism (Promise.all); 6 is what a browser may open to one HTTP/1.1 host.
 */
export async function replay(reqs: Captured[], concurrency = Infinity): Promise<number> {
  const t0 = performance.now();
  const queue = [...reqs];
  const one = async (r: Captured): Promise<void> => {
    // As the page sent it: a GET with the form in the URL, or a form POST (a long URL).
    const res = await fetch(r.url, r.body === '' ? {} : { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: r.body });
    await res.text();
  };
  const worker = async (): Promise<void> => {
    for (let r = queue.shift(); r; r = queue.shift()) await one(r);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, reqs.length) }, worker));
  return performance.now() - t0;
}
