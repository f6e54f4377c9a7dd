// The width of one panel on the board, which sets the query step.
import { useEffect, useRef, useState } from 'react';
import { panelWidthOf } from '../data/query-plan';

/** The panel width, and whether it has been measured yet (queries wait for it: their step follows it). */
export function usePanelWidth(): [React.RefObject<HTMLElement | null>, number, boolean] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const panel = panelWidthOf(entry?.contentRect.width ?? 1200);
      setWidth((prev) => (prev === null || Math.abs(prev - panel) > 40 ? panel : prev));
    });
    ro.observe(el);
    // A background tab gets no observation until it is shown: go on with the default meanwhile.
    const fallback = setTimeout(() => setWidth((prev) => prev ?? 600), 500);
    return () => {
      ro.disconnect();
      clearTimeout(fallback);
    };
  }, []);
  return [ref, width ?? 600, width !== null];
}
