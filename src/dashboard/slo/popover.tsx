// The SLO control in the header: latency thresholds (TTFT, ITL, E2E) and the objective, written
// to the URL (`slo_ttft`, `slo_itl`, `slo_e2e`, `slo_objective`). Values equal to the config.json
// default stay out of the URL; emptying a field that config.json fills writes `off`.
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../components/use-dismiss';
import { useT } from '../../i18n';
import { parseObjective, parseThreshold, SLO_KINDS, SLO_PER_TOKEN, type SloKind } from '../../lib/slo';
import type { EffectiveSlo } from './queries';

/** An example per SLO, of its own scale (a token gap is not a first token), and each a default
 * bucket bound of both engines, so the rules pack accepts it as it stands. */
export const SLO_PLACEHOLDER: Record<SloKind, string> = { ttft: '1', itl: '0.1', e2e: '10' };
import type { DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';

const LABEL: Record<SloKind, 'ttft' | 'itl' | 'e2e'> = { ttft: 'ttft', itl: 'itl', e2e: 'e2e' };

export function SloPopover({
  current,
  defaults,
  setState,
}: {
  /** What the board uses now (URL over config.json). */
  current: EffectiveSlo;
  /** What config.json alone gives (for the current model filter). */
  defaults: EffectiveSlo;
  setState: SetDashboardState;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<Record<SloKind | 'objective', string>>({ ttft: '', itl: '', e2e: '', objective: '' });
  const [error, setError] = useState<string | null>(null);
  useDismiss(root, open, close);

  const openEditor = () => {
    const str = (v: number | null) => (v === null ? '' : String(v));
    setDraft({ ttft: str(current.thresholds.ttft), itl: str(current.thresholds.itl), e2e: str(current.thresholds.e2e), objective: String(current.objective) });
    setError(null);
    setOpen(true);
  };

  const apply = () => {
    const slo = {} as DashboardState['slo'];
    for (const k of SLO_KINDS) {
      const raw = draft[k].trim();
      const def = defaults.thresholds[k];
      if (raw === '') {
        slo[k] = def === null ? null : 'off';
        continue;
      }
      const r = parseThreshold(raw);
      if (!r.ok) {
        setError(t.slo.invalid(t.slo[LABEL[k]], t.slo.problem[r.reason]));
        return;
      }
      slo[k] = r.value === def ? null : r.value;
    }
    let sloObjective: number | null = null;
    if (draft.objective.trim() !== '') {
      const r = parseObjective(draft.objective);
      if (!r.ok) {
        setError(t.slo.invalid(t.slo.objective, t.slo.problem[r.reason]));
        return;
      }
      sloObjective = r.value === defaults.objective ? null : r.value;
    }
    setState({ slo, sloObjective });
    setOpen(false);
    button.current?.focus();
  };

  const count = SLO_KINDS.filter((k) => current.thresholds[k] !== null).length;
  return (
    <div
      className="relative"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="iw-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => (open ? setOpen(false) : openEditor())}>
        {count > 0 ? t.slo.active(count) : t.slo.button}
      </button>
      {open && (
        <div role="dialog" aria-label={t.slo.title} className="iw-popover w-96">
          <form
            className="space-y-2 text-sm"
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
          >
            <p className="font-medium">{t.slo.title}</p>
            <p className="iw-muted text-xs">{t.slo.hint}</p>
            {SLO_KINDS.map((k, i) => (
              <div key={k}>
                <label className="flex items-center gap-2" htmlFor={`${id}-${k}`}>
                  <span className="w-20 shrink-0">{t.slo[LABEL[k]]}</span>
                  <input
                    id={`${id}-${k}`}
                    className="iw-input w-28"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={defaults.thresholds[k] === null ? SLO_PLACEHOLDER[k] : String(defaults.thresholds[k])}
                    value={draft[k]}
                    // The first field takes focus so the keyboard user lands in the form.
                    autoFocus={i === 0}
                    aria-describedby={`${id}-${k}-note`}
                    onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
                  />
                  <span className="iw-muted text-xs">s</span>
                </label>
                <p id={`${id}-${k}-note`} className="iw-muted text-xs ml-22">
                  {SLO_PER_TOKEN[k] ? t.slo.ofTokens : t.slo.ofRequests}
                  {defaults.thresholds[k] !== null && ` · ${t.slo.fromConfig(String(defaults.thresholds[k]))}`}
                </p>
              </div>
            ))}
            <label className="flex items-center gap-2" htmlFor={`${id}-objective`}>
              <span className="w-20 shrink-0">{t.slo.objective}</span>
              <input
                id={`${id}-objective`}
                className="iw-input w-28"
                inputMode="decimal"
                autoComplete="off"
                value={draft.objective}
                aria-describedby={`${id}-objective-note`}
                onChange={(e) => setDraft({ ...draft, objective: e.target.value })}
              />
            </label>
            <p id={`${id}-objective-note`} className="iw-muted text-xs ml-22">
              {t.slo.objectiveHint}
            </p>
            {error && (
              <p className="iw-error" role="status">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <button type="submit" className="iw-button iw-button-primary">
                {t.slo.apply}
              </button>
              <button
                type="button"
                className="iw-button"
                onClick={() => {
                  setState({ slo: { ttft: null, itl: null, e2e: null }, sloObjective: null });
                  setOpen(false);
                  button.current?.focus();
                }}
              >
                {t.slo.clear}
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
