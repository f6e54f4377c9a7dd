// Whether an element is on or near the screen: panels far off screen do not query.
import { useEffect, useState, type RefObject } from 'react';
import { usePrinting } from '../header/print-board';

export function useInView(ref: RefObject<Element | null>, rootMargin = '300px'): boolean {
  const printing = usePrinting();
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) setInView(e.isIntersecting);
    }, { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, rootMargin]);
  return inView || printing;
}
