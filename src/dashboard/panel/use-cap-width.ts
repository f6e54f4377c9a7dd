// The chart's width for the option builder's pixel cap (charts/timeseries/pixel-cap.ts), given only
// when a line may hold more points than its plot has pixels. The step is chosen for the panel's
// width (one point per 2.5 px), so for a panel's own lines this is undefined and a width change
// never rebuilds its option; it is set where a chart is narrower than the width its step was
// chosen for.
import { useEffect, useState } from 'react';

/** Below this many points per px of the chart's width, no line can exceed two points per plot pixel. */
const POINTS_PER_PX = 0.5;

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
  return width !== null && pointsPerSeries > width * POINTS_PER_PX ? width : undefined;
}
