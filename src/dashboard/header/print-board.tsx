// "Print the board": panels below the fold mount and query only near the screen, so a plain print
// captured them as "Loading…". The action mounts and activates every panel, waits until none is
// loading (or a time limit), then opens the browser's print dialog (which also saves a PDF).
import { createContext, useCallback, useContext, useEffect, useState, type RefObject } from 'react';
import { useT } from '../../i18n';

/** True while the board prepares a print: every panel counts as in view. */
export const PrintingContext = createContext(false);

export function usePrinting(): boolean {
  return useContext(PrintingContext);
}

/** The longest the board waits for slow panels before printing what it has. */
const PRINT_WAIT_MS = 30_000;
const POLL_MS = 250;

/** The printing flag and the action that starts a print of `root`'s panels. */
export function usePrintBoard(root: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const started = Date.now();
    let quiet = 0;
    const timer = setInterval(() => {
      const el = root.current;
      const loading = el ? el.querySelectorAll('[role="figure"][data-state="loading"]').length : 0;
      // Two quiet polls in a row: the last answers have been drawn, not just received.
      quiet = loading === 0 ? quiet + 1 : 0;
      if (quiet >= 2 || Date.now() - started > PRINT_WAIT_MS) {
        clearInterval(timer);
        window.print();
        setPrinting(false);
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [printing, root]);
  return [printing, useCallback(() => setPrinting(true), [])];
}

export function PrintButton({ printing, onPrint }: { printing: boolean; onPrint: () => void }) {
  const t = useT();
  const label = printing ? t.print.preparing : t.print.button;
  return (
    <button
      type="button"
      className="iw-icon-button iw-no-print"
      aria-label={label}
      title={printing ? label : t.print.title}
      aria-busy={printing}
      disabled={printing}
      onClick={onPrint}
    >
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="inline-block align-[-2px]">
        <path d="M4 6V2h8v4M4 12H2.5V6.5h11V12H12M4 9.5h8V14H4z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
