// Page-side probes of the anchor bench, the same on both pages (added before any script of the
// page runs): a requestAnimationFrame loop that stamps each <canvas> with the page time of the
// first frame in which it has a non-transparent pixel (`data-bench-painted`), and observers of the
// main thread's long tasks and long animation frames (with their scripts), for the timeline.
import type { Page } from '@playwright/test';

/** One canvas's first painted frame: page time, and what it belongs to (a panel id, `uplot`, or ''). */
export interface Paint {
  t: number;
  owner: string;
}

/** Runs in the page (Playwright addInitScript): must not close over anything. */
export function installPaintProbe(): void {
  const w = window as unknown as { __benchLong: LongFrame[]; __benchPaints: Paint[] };
  w.__benchLong = [];
  // Kept in a list, not on the element: a canvas torn down and rebuilt (a component swapped
  // under it) still counts with its first paint, and the rebuilt one shows as a second paint.
  w.__benchPaints = [];
  const seen = new WeakSet<HTMLCanvasElement>();
  const until = performance.now() + 60_000;
  const check = (): void => {
    for (const c of Array.from(document.querySelectorAll('canvas'))) {
      if (seen.has(c) || c.width === 0 || c.height === 0) continue;
      // Both ECharts (canvas renderer) and uPlot draw in 2D: this returns their context.
      const ctx = c.getContext('2d');
      if (!ctx) continue;
      const px = new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
      for (let i = 0; i < px.length; i++) {
        if ((px[i] as number) >>> 24 !== 0) {
          seen.add(c);
          const panel = c.closest<HTMLElement>('[data-panel-id]');
          w.__benchPaints.push({ t: performance.now(), owner: panel ? (panel.dataset.panelId ?? '') : c.closest('.uplot') ? 'uplot' : '' });
          break;
        }
      }
    }
    // Checked in a task queued from the frame callback: after this frame's paint, so a canvas
    // drawn by any frame callback of the frame (ECharts' and uPlot's draw there) is seen in it.
    if (performance.now() < until) requestAnimationFrame(() => setTimeout(check, 0));
  };
  requestAnimationFrame(() => setTimeout(check, 0));
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

/** Waits until a canvas of `owner` (a panel id, or `uplot`) has painted; resolves with its first paint (ms since navigation start). */
export async function waitPainted(page: Page, owner: string, timeoutMs = 60_000): Promise<number> {
  const h = await page.waitForFunction(
    (o) => {
      const ts = ((window as unknown as { __benchPaints?: Paint[] }).__benchPaints ?? []).filter((p) => p.owner === o).map((p) => p.t);
      return ts.length > 0 ? Math.min(...ts) : false;
    },
    owner,
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
      const paints = (window as unknown as { __benchPaints?: Paint[] }).__benchPaints ?? [];
      for (const e of panels) {
        states[e.dataset.state ?? '?'] = (states[e.dataset.state ?? '?'] ?? 0) + 1;
        if (e.dataset.state !== 'ok') continue;
        const ts = paints.filter((p) => p.owner === e.dataset.panelId).map((p) => p.t);
        if (ts.length > 0) {
          t = Math.max(t, Math.min(...ts));
          continue;
        }
        // Not painted yet: wait, unless it is a table panel (no chart), which counts when its table is there.
        if (e.querySelector('canvas') || !e.querySelector('table.iw-table')) return false;
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

/** Every canvas's first paint so far. */
export async function paints(page: Page): Promise<Paint[]> {
  return page.evaluate(() => (window as unknown as { __benchPaints?: Paint[] }).__benchPaints ?? []);
}
