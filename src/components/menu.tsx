// A small accessible dropdown menu: a button that opens a list of actions, Escape or a click
// outside closes it, arrow keys move between items.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export function Menu({ label, items, icon }: { label: string; items: MenuItem[]; icon?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useDismiss(root, open, close);
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button')?.focus();
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const nodes = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const i = nodes.indexOf(document.activeElement as HTMLElement);
      const next = nodes[(i + (e.key === 'ArrowDown' ? 1 : nodes.length - 1)) % nodes.length];
      next?.focus();
    }
  };

  return (
    <div className="relative" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="iw-icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {icon ?? '⋮'}
      </button>
      {open && (
        <div id={id} role="menu" className="iw-menu">
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              disabled={item.disabled}
              className="iw-menu-item"
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
