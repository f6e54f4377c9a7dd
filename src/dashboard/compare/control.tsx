// The header's compare control: off, the presets, a custom duration, the shown engine against each other engine, or A/B
// by selection (a native select and small forms, so it is keyboard operable as is). Sets
// `compare=` or `ab=`/`a=`/`b=` in the URL: one comparison at a time.
import { useState } from 'react';
import { catalogs, ENGINES } from '../../catalog';
import type { EngineId } from '../../catalog/types';
import { useT } from '../../i18n';
import { COMPARE_PRESETS } from './compare';
import { AbForm } from './ab-form';
import { COMPARE_ENGINES, compareEngines, parseUrlState, type AbSelection, type DashboardState } from '../url/url-state';
import { otherEngine, requestedOther } from './engines';

const CUSTOM = '__custom';
const AB = '__ab';

export interface CompareChange {
  compare: string | null;
  ab: AbSelection | null;
}

export function CompareControl({
  state,
  instances = null,
  onChange,
}: {
  state: Pick<DashboardState, 'compare' | 'ab' | 'model'> & { engine: EngineId };
  /** Servers per engine on the backend; null while unknown (every other engine is offered). */
  instances?: Record<EngineId, number> | null;
  onChange: (change: CompareChange) => void;
}) {
  // The engines compared against are the other ones the backend has servers of (all, while that is
  // unknown). The first of them in registry order is the bare `engines`, which is what the board
  // draws for it; every other is named (`engines:lmdeploy`).
  const others = ENGINES.filter((e) => e.id !== state.engine && (instances === null || (instances[e.id] ?? 0) > 0));
  const firstOther = others[0]?.id ?? otherEngine(state.engine);
  const engineValue = (id: EngineId): string => (id === firstOther ? COMPARE_ENGINES : compareEngines(id));
  const requested = requestedOther(state.ab ? null : state.compare);
  const value = state.ab ? null : requested ? engineValue(requested) : state.compare;
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [abEditing, setAbEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState(false);
  const presets: readonly string[] = COMPARE_PRESETS;
  const custom = value !== null && requestedOther(value) === undefined && !presets.includes(value) ? value : null;
  const filterLabels = catalogs[state.engine].filterLabels;
  // A/B starts from the filtered models when two or more are (the usual "this model against that").
  const abInitial: AbSelection = state.ab ?? { label: filterLabels.model, a: state.model.slice(0, 1), b: state.model.slice(1, 2) };
  // Each pair named in registry order ("vLLM vs SGLang" whichever is shown).
  const pairLabel = (o: (typeof ENGINES)[number]): string => {
    const [a, b] = ENGINES.filter((e) => e.id === state.engine || e.id === o.id);
    return t.compare.engines(a?.label ?? '', b?.label ?? '');
  };
  return (
    <div className="flex flex-wrap items-center gap-1">
      {/* A glyph, the word in the tooltip and the accessible name: the options ("vLLM vs SGLang",
          "A/B by selection…") already say what it does, and the header must fit one row. */}
      <label className="iw-control" title={t.compare.label}>
        <span className="iw-control-label iw-control-glyph" aria-hidden="true">
          ⇆
        </span>
        <select
          aria-label={t.compare.label}
          data-testid="compare-select"
          value={state.ab || abEditing ? AB : editing ? CUSTOM : (value ?? '')}
          onChange={(e) => {
            const v = e.target.value;
            setEditing(v === CUSTOM);
            setAbEditing(v === AB);
            if (v === CUSTOM) {
              setDraft(value ?? '');
              return;
            }
            if (v === AB) return;
            onChange({ compare: v === '' ? null : v, ab: null });
          }}
        >
          <option value="">{t.compare.off}</option>
          {presets.map((d) => (
            <option key={d} value={d}>
              {t.compare.preset(d)}
            </option>
          ))}
          {custom && <option value={custom}>{t.compare.preset(custom)}</option>}
          <option value={CUSTOM}>{t.compare.custom}</option>
          {others.map((o) => (
            <option key={o.id} value={engineValue(o.id)}>
              {pairLabel(o)}
            </option>
          ))}
          <option value={AB}>{state.ab ? t.compare.abShort(state.ab.label) : t.compare.ab}</option>
        </select>
      </label>
      {state.ab && !abEditing && (
        // A glyph with the words as its name and tooltip: the header's first row must stay one row.
        <button type="button" className="iw-icon-button" aria-label={t.compare.abEdit} title={t.compare.abEdit} onClick={() => setAbEditing(true)}>
          <span aria-hidden="true">✎</span>
        </button>
      )}
      {abEditing && (
        <AbForm
          initial={abInitial}
          labels={[filterLabels.model, filterLabels.instance]}
          onApply={(ab) => {
            setAbEditing(false);
            onChange({ compare: null, ab });
          }}
          onCancel={() => setAbEditing(false)}
        />
      )}
      {editing && (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            // The URL codec is the one judge of a valid shift.
            const parsed = parseUrlState(`compare=${encodeURIComponent(draft.trim())}`);
            if (parsed.problems.length > 0 || parsed.state.compare === null) {
              setError(true);
              return;
            }
            setError(false);
            setEditing(false);
            onChange({ compare: parsed.state.compare, ab: null });
          }}
        >
          <input
            className="iw-input w-20"
            aria-label={t.compare.customLabel}
            placeholder="2h"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
            aria-invalid={error}
            aria-describedby={error ? 'compare-error' : undefined}
            spellCheck={false}
          />
          <button type="submit" className="iw-button">
            {t.compare.apply}
          </button>
          {error && (
            <span id="compare-error" role="status" className="iw-error text-xs max-w-48">
              {t.compare.invalid}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
