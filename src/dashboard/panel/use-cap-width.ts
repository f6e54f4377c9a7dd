// The chart's width for the option builder's pixel cap (charts/timeseries/pixel-cap.ts), given only
// when a line may hold more points than its plot has pixels. The step is chosen for the panel's
// width (one point per 2.5 px), so for a panel's own lines this is undefined and a width change
// never rebuilds its option; it is set where a chart is narrower than the width its step was
// chosen for.
import { useEffect, useState } from 'react';

/** The y labels' strip and the right edge, at most (axis-room.ts: a label is a few characters). */
const FRAME_PX = 200;

export function useCapWidth(root: React.RefObject<HTMLElement | null>, pointsPerSeries: number): number | undefined {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [root]);
  // Two points per pixel of the plot (the chart less its frame) is where the cap starts.
  return width !== null && pointsPerSeries > 2 * (width - FRAME_PX) ? width : undefined;
}
