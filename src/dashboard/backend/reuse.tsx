// Sending headers saved for another backend to the one on screen: the only way a credential
// crosses origins, so it is a deliberate act the backend cannot script. It lives inside the
// Credentials dialog (not a one-click menu), names both origins, sends only the headers the user
// ticks one by one, and is not offered at all when this backend's own answers asked for
// credentials: a backend that answers 401 can write whatever instructions it likes into its error
// text ("open 'No credentials…' and choose …"), and the board must not be the way to follow them.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n';
import { askedForCredentials } from './asked-for-credentials';

export interface HeaderSource {
  id: string;
  /** An origin, or the site's config.json. */
  label: string;
  headers: Readonly<Record<string, string>>;
}

/** Whether a query of `baseUrl` was refused for want of credentials (401/403), kept current. */
function useAskedForCredentials(baseUrl: string): boolean {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((l: () => void) => cache.subscribe(l), [cache]);
  return useSyncExternalStore(subscribe, () => askedForCredentials(queryClient, baseUrl));
}

export function ReuseSaved({ origin, baseUrl, sources, onUse }: { origin: string; baseUrl: string; sources: readonly HeaderSource[]; onUse: (headers: Record<string, string>) => void }) {
  const t = useT();
  const asked = useAskedForCredentials(baseUrl);
  const [from, setFrom] = useState(sources[0]?.id ?? '');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const source = sources.find((s) => s.id === from) ?? sources[0];
  if (!source) return null;
  const title = t.auth.reuseTitle(origin);
  if (asked)
    return (
      <section aria-label={title} className="border-t border-[var(--iw-border)] pt-2 mt-2 text-xs">
        <p className="iw-muted">{t.auth.reuseRefused(origin)}</p>
      </section>
    );
  const names = Object.keys(source.headers);
  return (
    <section aria-label={title} className="border-t border-[var(--iw-border)] pt-2 mt-2 text-sm space-y-2">
      <p className="font-medium">{title}</p>
      <p className="iw-muted text-xs">{t.auth.reuseHint(origin)}</p>
      {sources.length > 1 && (
        <label className="block text-xs">
          {t.auth.reuseFrom}{' '}
          <select
            className="iw-input w-full"
            value={source.id}
            onChange={(e) => {
              setFrom(e.target.value);
              setTicked(new Set());
            }}
          >
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="break-all">{t.auth.reuseQuestion(source.label, origin)}</p>
      <fieldset className="space-y-1">
        <legend className="sr-only">{t.auth.reuseQuestion(source.label, origin)}</legend>
        {names.map((name) => (
          <label key={name} className="flex items-center gap-2 text-xs break-all">
            <input
              type="checkbox"
              checked={ticked.has(name)}
              onChange={(e) => {
                const next = new Set(ticked);
                if (e.target.checked) next.add(name);
                else next.delete(name);
                setTicked(next);
              }}
            />
            {t.auth.reuseHeader(name, origin)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="iw-button"
        disabled={ticked.size === 0}
        onClick={() => onUse(Object.fromEntries(names.filter((n) => ticked.has(n)).map((n) => [n, source.headers[n]!])))}
      >
        {t.auth.reuseSend(ticked.size, origin)}
      </button>
    </section>
  );
}
