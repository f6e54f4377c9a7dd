// Keyboard for full screen (one panel, `panel=`): Escape leaves it, and focus follows the switch
// both ways (into the full-screen panel, then back to the menu button it was opened from), so a
// keyboard user never falls to the top of the page. Not in kiosk mode: an embed has no way back.
import { useEffect, useRef } from 'react';

const menuButton = (panelId: string) =>
  document.querySelector<HTMLElement>(`[data-panel-id="${CSS.escape(panelId)}"] button[aria-haspopup="menu"]`);

/** Escape belongs to whatever open thing has focus (a menu, a dialog, a field) before full screen. */
function escapeTaken(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('[role="menu"], [role="dialog"], dialog, input, textarea, select') !== null;
}

export function useFullScreen(panel: string | null, kiosk: boolean, exit: () => void): void {
  const previous = useRef<string | null>(panel);
  useEffect(() => {
    const was = previous.current;
    previous.current = panel;
    if (kiosk || was === panel) return;
    // After the switch has rendered: into the full-screen panel, or back to the one that was open.
    const id = panel ?? was;
    if (!id) return;
    const frame = requestAnimationFrame(() => {
      const target = menuButton(id);
      target?.focus({ preventScroll: panel !== null });
      if (panel === null) target?.closest('[data-panel-id]')?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [panel, kiosk]);

  useEffect(() => {
    if (!panel || kiosk) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || escapeTaken(e.target)) return;
      e.preventDefault();
      exit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, kiosk, exit]);
}
