// Time range: presets, absolute from/to (Grafana syntax `now-1h` or a date), and the current
// range as a label. Drag-to-zoom on a chart sets an absolute range through the same state.
import { useCallback, useRef, useState } from 'react';
import { useLang, useT } from '../../i18n';
import { RANGE_PRESETS, isTimeExpr, rangeProblem } from '../url/time-range';
import { useDismiss } from '../../components/use-dismiss';
import { formatRange } from '../../lib/time';

/** Accepts `now-1h`, epoch ms, or a date the browser understands (`2026-01-01 12:00`). */
export function toTimeExpr(input: string): string | null {
  const v = input.trim();
  if (isTimeExpr(v)) return v;
  const ms = Date.parse(v.includes('T') || !v.includes(' ') ? v : v.replace(' ', 'T'));
  return Number.isFinite(ms) ? String(ms) : null;
}

/**
 * An absolute range in the axes' shape (24-hour, numeric) with the time zone; `now-…` as written.
 * `short` (the button) leaves out the year and seconds; the full form is its title and name.
 */
function describe(from: string, to: string, locale: string, short: boolean): string {
  const opts = short ? { year: false } : { seconds: true };
  const abs = (e: string) => !e.startsWith('now') && Number.isFinite(Number(e));
  if (abs(from) && abs(to)) return formatRange(Number(from), Number(to), locale, opts);
  const one = (e: string) => (abs(e) ? formatRange(Number(e), Number(e), locale, opts).replace(/ → \S+/, '') : e);
  return `${one(from)} → ${one(to)}`;
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
  const trigger = useRef<HTMLButtonElement>(null);

  useDismiss(root, open, close);
  // Closing by a choice (or Escape) unmounts the focused control: hand focus back to the trigger,
  // so a keyboard user does not fall to the top of the page.
  const closeToTrigger = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  const preset = RANGE_PRESETS.find((p) => p.from === from && to === 'now');
  const lastN = to === 'now' ? /^now-(\d+[smhdwMy])$/.exec(from)?.[1] : undefined;
  const label = lastN ? t.last(lastN) : describe(from, to, lang, true);
  const fullLabel = lastN ? label : describe(from, to, lang, false);

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
    closeToTrigger();
    onChange(f, tt);
  };

  return (
    <div className="relative" ref={root} onKeyDown={(e) => e.key === 'Escape' && open && closeToTrigger()}>
      <button
        ref={trigger}
        type="button"
        className="iw-control iw-time-button"
        title={fullLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t.timeRange}: ${fullLabel}`}
        onClick={() => {
          setDraftFrom(from);
          setDraftTo(to);
          setError(null);
          setOpen((o) => !o);
        }}
      >
        {/* The button's name says "Time range"; a visible word would make it too wide to keep one width. */}
        <span className="iw-control-label" aria-hidden="true">
          ◷
        </span>
        <span className="iw-time-label">{label}</span>
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
                  closeToTrigger();
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
