// Page-side probes of the anchor bench, the same on both pages (added before any script of the
// page runs): a requestAnimationFrame loop that stamps each <canvas> with the page time of the
// first frame in which it has a non-transparent pixel (`data-bench-painted`), and observers of the
// main thread's long tasks and long animation frames (with their scripts), for the timeline.
import type { Page } from '@playwright/test';

/** Runs in the page (Playwright addInitScript): must not close over anything. */
export function installPaintProbe(): void {
  const w = window as unknown as { __benchLong: Array<{ kind: string; start: number; dur: number; what: string }> };
  w.__benchLong = [];
  const until = performance.now() + 60_000;
  const check = (): void => {
    for (const c of Array.from(document.querySelectorAll('canvas'))) {
      if (c.dataset.benchPainted || c.width === 0 || c.height === 0) continue;
      // Both ECharts (canvas renderer) and uPlot draw in 2D: this returns their context.
      const ctx = c.getContext('2d');
      if (!ctx) continue;
      const px = new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
      for (let i = 0; i < px.length; i++) {
        if ((px[i] as number) >>> 24 !== 0) {
          c.dataset.benchPainted = String(performance.now());
          break;
        }
      }
    }
    if (performance.now() < until) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  const observe = (type: string): void => {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const scripts = (e as PerformanceEntry & { scripts?: Array<{ duration: number; invoker?: string; sourceFunctionName?: string; sourceURL?: string }> }).scripts ?? [];
          const what = scripts
            .filter((s) => s.duration >= 5)
            .map((s) => `${s.invoker ?? ''} ${s.sourceFunctionName ?? ''} ${(s.sourceURL ?? '').split('/').pop() ?? ''} ${Math.round(s.duration)} ms`.trim())
            .join('; ');
          w.__benchLong.push({ kind: type, start: e.startTime, dur: e.duration, what });
        }
      }).observe({ type, buffered: true });
    } catch {
      /* not supported by this Chromium */
    }
  };
  observe('long-animation-frame');
}

/**
 * Waits until `selector` (a canvas, or a container of canvases) has a painted canvas; resolves
 * with the earliest painted stamp inside it (ms since navigation start).
 */
export async function waitPainted(page: Page, selector: string, timeoutMs = 60_000): Promise<number> {
  const h = await page.waitForFunction(
    (sel) => {
      const ts = Array.from(document.querySelectorAll<HTMLElement>(sel))
        .flatMap((e): HTMLCanvasElement[] => (e instanceof HTMLCanvasElement ? [e] : Array.from(e.querySelectorAll('canvas'))))
        .map((c) => Number(c.dataset.benchPainted ?? NaN))
        .filter((t) => Number.isFinite(t));
      return ts.length > 0 ? Math.min(...ts) : false;
    },
    selector,
    { polling: 50, timeout: timeoutMs },
  );
  return (await h.jsonValue()) as number;
}

export interface FirstScreenPaint {
  /** The last first-screen panel's first painted frame (ms since navigation start). */
  t: number;
  panels: number;
  states: Record<string, number>;
}

/**
 * Our whole first screen drawn: every panel within 300 px of the viewport (the ones the page
 * queries at once, as bench/browser.ts waitSettled) and every stat tile has left `loading`, and
 * each `ok` panel with a chart has a painted canvas; `t` is the latest of those paint stamps.
 */
export async function waitFirstScreenPainted(page: Page, timeoutMs = 60_000): Promise<FirstScreenPaint> {
  const h = await page.waitForFunction(
    () => {
      const vh = window.innerHeight;
      const panels = Array.from(document.querySelectorAll<HTMLElement>('[data-panel-id]')).filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top < vh + 300 && r.bottom > -300;
      });
      if (panels.length === 0) return false;
      for (const e of [...panels, ...Array.from(document.querySelectorAll<HTMLElement>('[data-stat-id]'))]) if (e.dataset.state === 'loading') return false;
      let t = 0;
      const states: Record<string, number> = {};
      for (const e of panels) {
        states[e.dataset.state ?? '?'] = (states[e.dataset.state ?? '?'] ?? 0) + 1;
        if (e.dataset.state !== 'ok') continue;
        const canvases = Array.from(e.querySelectorAll('canvas'));
        // A table panel (no chart) counts when its table is there, as in waitSettled.
        if (canvases.length === 0) {
          if (e.querySelector('table.iw-table')) continue;
          return false;
        }
        const ts = canvases.map((c) => Number(c.dataset.benchPainted ?? NaN)).filter((x) => Number.isFinite(x));
        if (ts.length === 0) return false;
        t = Math.max(t, Math.min(...ts));
      }
      return { t, panels: panels.length, states };
    },
    undefined,
    { polling: 50, timeout: timeoutMs },
  );
  return (await h.jsonValue()) as FirstScreenPaint;
}

export interface LongFrame {
  kind: string;
  start: number;
  dur: number;
  what: string;
}

export async function longFrames(page: Page): Promise<LongFrame[]> {
  return page.evaluate(() => (window as unknown as { __benchLong?: LongFrame[] }).__benchLong ?? []);
}
