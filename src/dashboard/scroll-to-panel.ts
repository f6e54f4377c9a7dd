// Brings a panel to the middle of the screen (a stat tile's link) and keeps it there while the
// page settles. `scrollIntoView({block: 'center'})` alone lands the panel at the bottom edge: the
// panels it scrolls past come into view, load, and grow (their legends appear), pushing it down
// after the scroll has ended. So: scroll at once, then re-centre on every layout change until the
// user scrolls themselves or a few seconds have passed.
const SETTLE_MS = 4000;

export function scrollToPanel(panelId: string): void {
  const el = document.querySelector(`[data-panel-id="${CSS.escape(panelId)}"]`);
  if (!el) return;
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
