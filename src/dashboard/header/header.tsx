// The header: Prometheus URL, engine toggle, time range, refresh and theme; then the filter bar.
import { useState } from 'react';
import type { EngineId, EngineRegistry } from '../../catalog';
import { validateBaseUrl } from '../../prometheus';
import { useLang, useT } from '../../i18n';
import { CompareControl } from '../compare/control';
import { TimePicker } from './time-picker';
import { LANGS, REFRESH_OPTIONS, THEMES, type DashboardState, type Lang, type RefreshInterval, type Theme } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';

export function PromUrlField({ value, locked, onSubmit }: { value: string; locked: boolean; onSubmit: (url: string) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // The URL changed from outside (back/forward, a message from the host page).
    setLastValue(value);
    setDraft(value);
  }
  return (
    <form
      className="iw-url-form relative flex items-center gap-1 min-w-0"
      onSubmit={(e) => {
        e.preventDefault();
        const v = validateBaseUrl(draft, window.location.origin);
        if (!v.ok) {
          setError(v.reason);
          return;
        }
        setError(null);
        onSubmit(draft.trim());
      }}
    >
      <input
        className="iw-input min-w-0 flex-1"
        aria-label={t.promUrl}
        placeholder={t.promUrlPlaceholder}
        value={draft}
        readOnly={locked}
        title={locked ? t.promUrlLocked : undefined}
        onChange={(e) => setDraft(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? 'prom-url-error' : undefined}
        spellCheck={false}
      />
      {!locked && (
        <button type="submit" className="iw-button">
          {t.connect}
        </button>
      )}
      {error && (
        // Below the field, not beside it: an error must not reflow the header.
        <span id="prom-url-error" role="status" className="iw-error iw-field-error">
          {error}
        </span>
      )}
    </form>
  );
}

/**
 * The engines the control offers: the first two of the registry (the toggle every board has), then
 * any other the backend has servers of, and the one shown.
 */
export function offeredEngines<Id extends string>(engines: EngineRegistry<Id>, engine: Id, instances: Record<Id, number> | null): EngineRegistry<Id> {
  return engines.filter((e, i) => i < 2 || e.id === engine || (instances?.[e.id] ?? 0) > 0);
}

/**
 * The Engine control: one radio per offered engine, in registry order (arrow keys move to the next
 * or previous); a list once more than two are offered.
 */
export function EngineToggle<Id extends string>({
  engines: registry,
  engine,
  instances,
  onChange,
}: {
  engines: EngineRegistry<Id>;
  engine: Id;
  instances: Record<Id, number> | null;
  onChange: (e: Id) => void;
}) {
  const t = useT();
  const engines = offeredEngines(registry, engine, instances);
  if (engines.length > 2) {
    return (
      <label className="iw-control" title={t.engine}>
        <select aria-label={t.engine} data-testid="engine-select" value={engine} onChange={(e) => onChange(e.target.value as Id)}>
          {engines.map((o) => (
            <option key={o.id} value={o.id} data-engine={o.id}>
              {instances ? `${o.label} (${instances[o.id]})` : o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <div role="radiogroup" aria-label={t.engine} className="iw-segmented">
      {engines.map((o, i) => (
        <button
          key={o.id}
          type="button"
          role="radio"
          aria-checked={engine === o.id}
          aria-label={o.label}
          tabIndex={engine === o.id ? 0 : -1}
          className={engine === o.id ? 'iw-seg-active' : ''}
          onClick={() => onChange(o.id)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
            const next = step !== 0 ? engines[(i + step + engines.length) % engines.length] : undefined;
            if (next) {
              e.preventDefault();
              onChange(next.id);
              (e.currentTarget.parentElement?.querySelector(`[data-engine="${next.id}"]`) as HTMLElement | null)?.focus();
            }
          }}
          data-engine={o.id}
          title={instances ? t.instancesCount(instances[o.id]) : undefined}
        >
          {o.label}
          {instances && <span className="iw-count" aria-hidden="true">{instances[o.id]}</span>}
        </button>
      ))}
    </div>
  );
}

export function HeaderControls({
  state,
  setState,
  onRefreshNow,
  engine,
  instances,
}: {
  state: DashboardState;
  setState: SetDashboardState;
  onRefreshNow: () => void;
  /** The engine shown (compare: the A/B labels, vLLM vs SGLang). */
  engine: EngineId;
  /** Servers per engine on this backend (null while unknown): compare offers the engines present. */
  instances: Record<EngineId, number> | null;
}) {
  const t = useT();
  const lang = useLang();
  const themeLabel: Record<Theme, string> = { light: t.themeLight, dark: t.themeDark, auto: t.themeAuto };
  // Each language is named in itself, so a reader finds their own whatever the current one is.
  const langLabel: Record<Lang, string> = { en: 'English', 'zh-CN': '中文' };
  return (
    <>
      <TimePicker from={state.from} to={state.to} onChange={(from, to) => setState({ from, to })} />
      <CompareControl state={{ ...state, engine }} instances={instances} onChange={setState} />
      <div className="flex items-center gap-1">
        <button type="button" className="iw-icon-button" aria-label={t.refreshNow} title={t.refreshNow} onClick={onRefreshNow}>
          ↻
        </button>
        {/* Next to ↻ the interval speaks for itself (as in Grafana); the word is the tooltip and the
            accessible name. */}
        <label className="iw-control" title={t.refresh}>
          <select
            aria-label={t.refresh}
            value={state.refresh}
            onChange={(e) => setState({ refresh: e.target.value as RefreshInterval })}
          >
            {REFRESH_OPTIONS.map((r) => (
              <option key={r} value={r}>
                {r === 'off' ? t.refreshOff : r}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* Theme and language are set once and rarely changed: a glyph, not a word, so the header
          fits one row at 1440 px in every language (the select keeps its accessible name). */}
      <label className="iw-control" title={t.theme}>
        <span className="iw-control-label iw-control-glyph" aria-hidden="true">
          ◐
        </span>
        <select aria-label={t.theme} value={state.theme} onChange={(e) => setState({ theme: e.target.value as Theme })}>
          {THEMES.map((th) => (
            <option key={th} value={th}>
              {themeLabel[th]}
            </option>
          ))}
        </select>
      </label>
      <label className="iw-control" title={t.language}>
        <span className="iw-control-label iw-control-glyph" aria-hidden="true">
          A文
        </span>
        <select aria-label={t.language} value={lang} onChange={(e) => setState({ lang: e.target.value as Lang })}>
          {LANGS.map((l) => (
            <option key={l} value={l} lang={l}>
              {langLabel[l]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
