// The header's compare control: off, the presets, or a custom duration (a native select and a
// small form, so it is keyboard operable as is). Sets `compare=` in the URL.
import { useState } from 'react';
import { useT } from '../i18n';
import { COMPARE_PRESETS } from './compare';
import { parseUrlState } from './url-state';

const CUSTOM = '__custom';

export function CompareControl({ value, onChange }: { value: string | null; onChange: (compare: string | null) => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState(false);
  const presets: readonly string[] = COMPARE_PRESETS;
  const custom = value !== null && !presets.includes(value) ? value : null;
  return (
    <div className="flex items-center gap-1">
      <label className="iw-control">
        <span className="iw-control-label">{t.compare.label}</span>
        <select
          aria-label={t.compare.label}
          data-testid="compare-select"
          value={editing ? CUSTOM : (value ?? '')}
          onChange={(e) => {
            const v = e.target.value;
            if (v === CUSTOM) {
              setEditing(true);
              setDraft(value ?? '');
              return;
            }
            setEditing(false);
            onChange(v === '' ? null : v);
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
        </select>
      </label>
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
            onChange(parsed.state.compare);
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
