// The board's refresh clock, outside React. It ticks at the refresh interval (stopped while the tab
// is hidden) and holds two readings: the latest, and the one the board renders with. The board
// reads the second through selections (useClockSelect) that change only when what it shows does:
// a tick that does not move the step-aligned window renders nothing, and one that moves it in time
// asks the moved window's queries first (prefetchWindow) and advances the shown reading once they
// are in, so the page switches in one render, the only render of that window change. See
// docs/architecture.md, "The refresh clock".
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RefreshInterval } from '../url/url-state';
import type { QueryWindow } from './context';
import { isTranslation, PREFETCH_LIMIT_MS, sameWindow } from './use-committed-window';

const INTERVAL_MS: Record<RefreshInterval, number | null> = {
  off: null,
  '5s': 5_000,
  '10s': 10_000,
  '30s': 30_000,
  '1m': 60_000,
  '5m': 300_000,
};

export function refreshMs(r: RefreshInterval): number | null {
  return INTERVAL_MS[r];
}

/** What the clock needs from the board: its window at a moment, and how to ask a moved window ahead. */
export interface ClockPlan {
  /** The window the board shows at `now` with its current range, width and scrape interval. */
  windowAt(now: number): QueryWindow;
  /** Ask what `next` needs while `shown` is on screen; null when there is nothing to ask. */
  prefetch(shown: QueryWindow, next: QueryWindow): { done: Promise<unknown>; cancel(): void } | null;
}

interface Pending {
  /** The reading shown once the answers are in (the latest that gives the same window). */
  target: number;
  window: QueryWindow;
  cancel(): void;
  timer: ReturnType<typeof setTimeout>;
}

export class BoardClock {
  private latest: number;
  private shown: number;
  private plan: ClockPlan | null = null;
  private pending: Pending | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: number,
    private readonly limitMs = PREFETCH_LIMIT_MS,
    /** The time source (tests). */
    private readonly read: () => number = Date.now,
  ) {
    this.latest = initial;
    this.shown = initial;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The reading the board renders with. */
  readonly shownNow = (): number => this.shown;

  /** A move waits for its answers. */
  get waiting(): boolean {
    return this.pending !== null;
  }

  /**
   * The board's inputs changed (another range, width, backend): a move in flight was planned for
   * the old ones, so it is dropped and the latest reading shown at once.
   */
  configure(plan: ClockPlan | null): void {
    if (plan === this.plan) return;
    this.plan = plan;
    if (this.pending) {
      this.drop(true);
      this.show(this.latest);
    }
  }

  /**
   * Reads the clock (`now`, default the time). Returns the window shown before and the one this
   * reading gives (the same when it did not move; null without a plan). A move in time waits for
   * its answers (at most `limitMs`); anything else is shown at once. If the clock moves the window
   * again before the answers are in, the backend is slower than the refresh: the page switches at
   * once and the requests for the window that will not be shown are cancelled.
   */
  tick(now: number = this.read()): { from: QueryWindow; to: QueryWindow } | null {
    this.latest = now;
    const plan = this.plan;
    if (!plan) {
      this.show(now);
      return null;
    }
    const from = plan.windowAt(this.shown);
    const to = plan.windowAt(now);
    const pending = this.pending;
    if (pending) {
      if (sameWindow(pending.window, to)) pending.target = now;
      else {
        this.drop(true);
        this.show(now);
      }
      return { from, to };
    }
    if (sameWindow(from, to) || !isTranslation(from, to)) {
      this.show(now);
      return { from, to };
    }
    const ask = plan.prefetch(from, to);
    if (!ask) {
      this.show(now);
      return { from, to };
    }
    const next: Pending = {
      target: now,
      window: to,
      cancel: ask.cancel,
      timer: setTimeout(() => settle(), this.limitMs),
    };
    const settle = (): void => {
      if (this.pending !== next) return;
      this.drop(false);
      this.show(next.target);
    };
    this.pending = next;
    void ask.done.then(settle, settle);
    return { from, to };
  }

  /** Stops waiting (unmount). The clock stays usable. */
  dispose(): void {
    if (this.pending) this.drop(true);
  }

  private drop(cancel: boolean): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    if (cancel) p.cancel();
  }

  private show(now: number): void {
    this.shown = now;
    for (const l of [...this.listeners]) l();
  }
}

/** One clock per board, ticking at `refresh` while the tab is visible (catching up when it comes back). */
export function useBoardClock(refresh: RefreshInterval, initial?: number): BoardClock {
  const [clock] = useState(() => new BoardClock(initial ?? Date.now()));
  useEffect(() => {
    const ms = INTERVAL_MS[refresh];
    if (ms === null) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const tick = (): void => void clock.tick();
    const start = (): void => {
      if (timer === null) timer = setInterval(tick, ms);
    };
    const stop = (): void => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = (): void => {
      if (document.hidden) stop();
      else {
        tick(); // catch up at once when the tab comes back
        start();
      }
    };
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh, clock]);
  useEffect(() => () => clock.dispose(), [clock]);
  return clock;
}

/**
 * What the component shows of the clock's shown reading: `select` of it, re-rendering only when
 * the selection changes by `equal` (a window, a coarse time bucket), not on every tick.
 */
export function useClockSelect<T>(clock: BoardClock, select: (now: number) => T, equal: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | null>(null);
  const getSnapshot = (): T => {
    const value = select(clock.shownNow());
    const prev = last.current;
    if (prev && equal(prev.value, value)) return prev.value;
    last.current = { value };
    return value;
  };
  return useSyncExternalStore(clock.subscribe, getSnapshot);
}
