// Time range: presets, absolute from/to (Grafana syntax `now-1h` or a date), and the current
// range as a label. Drag-to-zoom on a chart sets an absolute range through the same state.
import { useCallback, useRef, useState } from 'react';
import { useLang, useT } from '../i18n';
import { RANGE_PRESETS, isTimeExpr, rangeProblem } from './time-range';
import { useDismiss } from '../components/use-dismiss';

/** Accepts `now-1h`, epoch ms, or a date the browser understands (`2026-01-01 12:00`). */
export function toTimeExpr(input: string): string | null {
  const v = input.trim();
  if (isTimeExpr(v)) return v;
  const ms = Date.parse(v.includes('T') || !v.includes(' ') ? v : v.replace(' ', 'T'));
  return Number.isFinite(ms) ? String(ms) : null;
}

function describe(expr: string, locale: string): string {
  if (expr.startsWith('now')) return expr;
  return new Date(Number(expr)).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });
}

export function TimePicker({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [draftFrom, setDraftFrom] = useState(from);
  const [draftTo, setDraftTo] = useState(to);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useDismiss(root, open, close);

  const preset = RANGE_PRESETS.find((p) => p.from === from && to === 'now');
  const lastN = to === 'now' ? /^now-(\d+[smhdwMy])$/.exec(from)?.[1] : undefined;
  const label = lastN ? t.last(lastN) : `${describe(from, lang)} → ${describe(to, lang)}`;

  const apply = () => {
    const f = toTimeExpr(draftFrom);
    const tt = toTimeExpr(draftTo);
    if (!f || !tt) {
      setError(`${t.rangeProblemHint}`);
      return;
    }
    const problem = rangeProblem({ from: f, to: tt }, Date.now());
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setOpen(false);
    onChange(f, tt);
  };

  return (
    <div className="relative" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="iw-control"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t.timeRange}: ${label}`}
        onClick={() => {
          setDraftFrom(from);
          setDraftTo(to);
          setError(null);
          setOpen((o) => !o);
        }}
      >
        <span className="iw-control-label">{t.timeRange}</span>
        <span>{label}</span>
      </button>
      {open && (
        <div role="dialog" aria-label={t.timeRange} className="iw-popover w-96 right-0">
          <div className="grid grid-cols-5 gap-1 mb-3">
            {RANGE_PRESETS.map((p) => (
              <button
                key={p.from}
                type="button"
                className={`iw-chip ${p === preset ? 'iw-chip-active' : ''}`}
                aria-pressed={p === preset}
                onClick={() => {
                  setOpen(false);
                  onChange(p.from, 'now');
                }}
              >
                {p.label}
              </button>
            ))}
          </div>
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
          >
            <label className="block text-sm">
              {t.from}
              <input className="iw-input w-full" value={draftFrom} onChange={(e) => setDraftFrom(e.target.value)} />
            </label>
            <label className="block text-sm">
              {t.to}
              <input className="iw-input w-full" value={draftTo} onChange={(e) => setDraftTo(e.target.value)} />
            </label>
            {error && (
              <p className="iw-error text-sm" role="status">
                {error}
              </p>
            )}
            <button type="submit" className="iw-button iw-button-primary">
              {t.apply}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
