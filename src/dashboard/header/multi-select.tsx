// A multi-select of label values (model, instance, rank), filled from what Prometheus reports.
// Values are shown as text; long filesystem paths are shortened for display but kept whole.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useDismiss } from '../../components/use-dismiss';

/** `/mnt/models/org/Llama-3-8B` → `…/org/Llama-3-8B`; other values unchanged. */
export function displayValue(v: string): string {
  if (v.length > 48 && v.includes('/')) {
    const parts = v.split('/').filter(Boolean);
    return `…/${parts.slice(-2).join('/')}`;
  }
  return v;
}

/** Rows drawn at most; the rest are reached by searching (a fleet can list 200,000 instances). */
export const MAX_ROWS = 200;

export function MultiSelect({
  label,
  values,
  selected,
  onChange,
  loading,
  onOpenChange,
  sentOnly = null,
}: {
  label: string;
  values: string[];
  selected: string[];
  onChange: (next: string[]) => void;
  loading?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The backend stopped its list at this many values (it holds more), else null. */
  sentOnly?: number | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [filter, setFilter] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  useDismiss(root, open, close);

  // Selected values that the backend no longer reports stay listed, so they can be removed.
  const all = useMemo(() => [...new Set([...selected, ...values])], [selected, values]);
  const matching = useMemo(() => {
    const f = filter.toLowerCase();
    return f === '' ? all : all.filter((v) => v.toLowerCase().includes(f));
  }, [all, filter]);
  const shown = matching.length > MAX_ROWS ? matching.slice(0, MAX_ROWS) : matching;
  const hidden = matching.length - shown.length;
  const summary = selected.length === 0 ? t.all : selected.length === 1 ? displayValue(selected[0] ?? '') : t.nSelected(selected.length);

  return (
    <div className="relative" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="iw-control"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`${label}: ${summary}`}
        onClick={() => {
          onOpenChange?.(!open);
          setOpen(!open);
        }}
      >
        <span className="iw-control-label">{label}</span>
        <span className="truncate max-w-40">{summary}</span>
      </button>
      {open && (
        <div id={id} role="dialog" aria-label={label} className="iw-popover w-80">
          <input
            className="iw-input w-full mb-2"
            type="search"
            aria-label={`${label} search`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            autoFocus
          />
          <div className="max-h-64 overflow-auto" role="group" aria-label={label}>
            {loading && <div className="iw-muted text-sm">{t.state.loading}</div>}
            {!loading && shown.length === 0 && <div className="iw-muted text-sm">{t.noValues}</div>}
            {shown.map((v) => (
              <label key={v} className="flex items-center gap-2 py-1 text-sm cursor-pointer" title={v}>
                <input
                  type="checkbox"
                  checked={selected.includes(v)}
                  onChange={(e) => onChange(e.target.checked ? [...selected, v] : selected.filter((s) => s !== v))}
                />
                <span className="truncate" dir="auto">{displayValue(v)}</span>
              </label>
            ))}
            {!loading && (hidden > 0 || sentOnly !== null) && (
              <div className="iw-muted text-xs py-1" data-testid="more-values">
                {t.moreValues(hidden, sentOnly)}
              </div>
            )}
          </div>
          {selected.length > 0 && (
            <button type="button" className="iw-button mt-2" onClick={() => onChange([])}>
              {t.clear}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
