// Brings a panel to the middle of the screen (a stat tile's link) and keeps it there while the
// page settles. `scrollIntoView({block: 'center'})` alone lands the panel at the bottom edge: the
// panels it scrolls past come into view, load, and grow (their legends appear), pushing it down
// after the scroll has ended. So: scroll at once, then re-centre on every layout change until the
// user scrolls themselves or a few seconds have passed.
const SETTLE_MS = 4000;
/**
 * A panel below the fold may not be mounted yet when its tile is clicked: the sections under the
 * first screen mount after it is in, or on the first input (first-screen.ts), i.e. on this very
 * press, a render later. So the panel is looked for on each frame for a while.
 */
const FIND_MS = 5000;

export function scrollToPanel(panelId: string): void {
  const find = () => document.querySelector(`[data-panel-id="${CSS.escape(panelId)}"]`);
  const el = find();
  if (el) return steer(el);
  const t0 = performance.now();
  const again = (): void => {
    const found = find();
    if (found) steer(found);
    else if (performance.now() - t0 < FIND_MS) requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}

function steer(el: Element): void {
  const center = () => el.scrollIntoView({ block: 'center' });
  center();
  const root = el.closest('main') ?? document.body;
  const observer = new ResizeObserver(center);
  observer.observe(root);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const type of USER_SCROLL) window.addEventListener(type, stop, { capture: true, passive: true });
}

/** Input that means the user is scrolling on their own: stop steering. */
const USER_SCROLL = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
