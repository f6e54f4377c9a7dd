// Whether an element is on or near the screen: panels far off screen do not query, and panels not
// on the screen do not follow the refresh clock (panel.tsx). One IntersectionObserver per margin
// serves every element (not one per panel: ~50 observers each computed after every layout).
import { useEffect, useState, type RefObject } from 'react';
import { usePrinting } from '../header/print-board';

/** The margin within which a panel loads its data before it is scrolled onto the screen. */
export const NEAR_MARGIN = '300px';

type Listener = (inView: boolean) => void;

interface Shared {
  io: IntersectionObserver;
  listeners: Map<Element, Set<Listener>>;
}

const observers = new Map<string, Shared>();

function observe(el: Element, rootMargin: string, listener: Listener): () => void {
  let shared = observers.get(rootMargin);
  if (!shared) {
    const listeners = new Map<Element, Set<Listener>>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) for (const l of listeners.get(e.target) ?? []) l(e.isIntersecting);
      },
      { rootMargin },
    );
    shared = { io, listeners };
    observers.set(rootMargin, shared);
  }
  const s = shared;
  const mine = s.listeners.get(el);
  if (mine) {
    // Observed already: the observer reports a target once, on observe(); this listener asks again.
    mine.add(listener);
    s.io.unobserve(el);
  } else s.listeners.set(el, new Set([listener]));
  s.io.observe(el);
  return () => {
    const left = s.listeners.get(el);
    left?.delete(listener);
    if (left && left.size === 0) {
      s.io.unobserve(el);
      s.listeners.delete(el);
    }
  };
}

export function useInView(ref: RefObject<Element | null>, rootMargin = NEAR_MARGIN): boolean {
  const printing = usePrinting();
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    return observe(el, rootMargin, setInView);
  }, [ref, rootMargin]);
  return inView || printing;
}
