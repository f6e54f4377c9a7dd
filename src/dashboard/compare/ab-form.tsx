// The A/B form of the compare control: a label (the model, the instance, or any other label the
// series carry) and the values of each side, typed comma-separated. The URL codec judges it, so
// the form accepts exactly what a link may carry.
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { MAX_SHOWN, useAbSuggestions } from './ab-suggestions';
import { parseUrlState, type AbSelection } from '../url/url-state';

const OTHER = '__other';

const splitValues = (s: string) => s.split(',').map((v) => v.trim()).filter((v) => v !== '');

export function AbForm({
  initial,
  labels,
  onApply,
  onCancel,
}: {
  initial: AbSelection;
  /** The labels offered by name (model, instance); any other can be typed. */
  labels: readonly string[];
  onApply: (ab: AbSelection) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const known = labels.includes(initial.label);
  const [label, setLabel] = useState(known ? initial.label : OTHER);
  const [other, setOther] = useState(known ? '' : initial.label);
  const [a, setA] = useState(initial.a.join(', '));
  const [b, setB] = useState(initial.b.join(', '));
  const [error, setError] = useState(false);
  // Values of the chosen label seen in the range, offered under both sides' fields.
  const suggestions = useAbSuggestions(label === OTHER ? other.trim() : label);
  const listId = useId();
  const list = suggestions && suggestions.length > 0 ? listId : undefined;
  const hint = suggestions && suggestions.length > 0 ? t.fleetViews.abSuggestions(suggestions.length) : undefined;
  return (
    <form
      className="iw-ab-form flex flex-wrap items-center gap-1"
      aria-label={t.compare.abLegend}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        const p = new URLSearchParams();
        p.set('ab', label === OTHER ? other.trim() : label);
        for (const v of splitValues(a)) p.append('a', v);
        for (const v of splitValues(b)) p.append('b', v);
        const parsed = parseUrlState(p.toString());
        if (parsed.problems.length > 0 || !parsed.state.ab) {
          setError(true);
          return;
        }
        setError(false);
        onApply(parsed.state.ab);
      }}
    >
      <select aria-label={t.compare.abLabel} value={label} onChange={(e) => setLabel(e.target.value)}>
        {labels.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
        <option value={OTHER}>{t.compare.abOtherLabel}</option>
      </select>
      {label === OTHER && (
        <input className="iw-input w-28" aria-label={t.compare.abOtherLabelName} placeholder="version" value={other} onChange={(e) => setOther(e.target.value)} spellCheck={false} />
      )}
      <input className="iw-input w-36" aria-label={t.compare.abA} placeholder="A" list={list} title={hint} value={a} onChange={(e) => setA(e.target.value)} spellCheck={false} autoFocus />
      <input className="iw-input w-36" aria-label={t.compare.abB} placeholder="B" list={list} title={hint} value={b} onChange={(e) => setB(e.target.value)} spellCheck={false} />
      {list && (
        <datalist id={list} data-testid="ab-values">
          {suggestions?.slice(0, MAX_SHOWN).map((v) => <option key={v} value={v} />)}
        </datalist>
      )}
      <button type="submit" className="iw-button">
        {t.compare.apply}
      </button>
      {error && (
        <span role="status" className="iw-error text-xs max-w-48">
          {t.compare.abInvalid}
        </span>
      )}
    </form>
  );
}
