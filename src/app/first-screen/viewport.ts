// The viewport as the first screen's estimate needs it, read once before React renders.
import type { Viewport } from './layout';

/** A vertical scrollbar's width in this browser (0 with overlay scrollbars): the board will have one. */
function scrollbarWidth(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
  document.body.appendChild(probe);
  const w = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return w;
}

export function readViewport(): Viewport {
  return { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight, scrollbar: scrollbarWidth() };
}
