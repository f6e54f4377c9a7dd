// The refresh clock. Relative ranges are resolved against `now` at fetch time; the clock ticks at
// the refresh interval and stops while the tab is hidden (no polling in a background tab).
import { useCallback, useEffect, useState } from 'react';
import type { RefreshInterval } from '../url/url-state';

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

/** `initial`: the clock's first reading (the boot path's), else now. */
export function useNow(refresh: RefreshInterval, initial?: number): [number, () => void] {
  const [now, setNow] = useState(() => initial ?? Date.now());
  const tick = useCallback(() => setNow(Date.now()), []);

  useEffect(() => {
    const ms = INTERVAL_MS[refresh];
    if (ms === null) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(tick, ms);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
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
  }, [refresh, tick]);

  return [now, tick];
}
