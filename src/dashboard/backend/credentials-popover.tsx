// The credentials control beside the Prometheus URL: a bearer token and custom headers (e.g.
// X-Scope-OrgID) for the backend origin on screen, kept in memory unless "remember" is ticked;
// the notice that says so when the backend on screen has none while others do; and, inside the
// same dialog, the one way to send headers saved for another backend here (reuse.tsx).
import { useCallback, useRef, useState } from 'react';
import type { RuntimeConfig } from '../../config/runtime-config';
import { useT } from '../../i18n';
import { otherSavedOrigins } from './choice';
import { headersFromForm, type CredentialStore, type Credentials } from './credentials';
import { isFramed } from './framed';
import { ReuseSaved } from './reuse';
import { useDismiss } from '../../components/use-dismiss';

export function CredentialsPopover({
  origin,
  baseUrl,
  value,
  store,
  config,
  configHeaderNames,
  hasOwn,
  onChange,
  onForget,
}: {
  /** The backend origin these headers go to (and only there). */
  origin: string;
  /** The backend on screen (its answers say whether it asked for credentials). */
  baseUrl: string;
  value: Credentials;
  store: CredentialStore;
  config: Pick<RuntimeConfig, 'headers'>;
  configHeaderNames: string[];
  /** Whether the user has headers of their own for this origin. */
  hasOwn: boolean;
  onChange: (c: Credentials) => void;
  onForget: (origin: string) => void;
}) {
  const t = useT();
  const framed = isFramed();
  // The notice: this backend has none of the user's headers while another backend, or the site's
  // config.json for its own backend, has some. It opens this same dialog: reusing them is a
  // deliberate act inside it (ReuseSaved), never a one-click menu item.
  const others = otherSavedOrigins(store, origin);
  const configElsewhere = configHeaderNames.length === 0 && Object.keys(config.headers).length > 0;
  const notice = !hasOwn && configHeaderNames.length === 0 && (others.length > 0 || configElsewhere);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [rows, setRows] = useState<Array<{ name: string; value: string }>>([]);
  const [bearer, setBearer] = useState('');
  const [remember, setRemember] = useState(value.remember);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useDismiss(root, open, close);

  const openEditor = () => {
    const entries = Object.entries(value.headers);
    const auth = value.headers.Authorization;
    setBearer(auth?.startsWith('Bearer ') ? auth.slice(7) : '');
    setRows([
      ...entries.filter(([k, v]) => !(k === 'Authorization' && v.startsWith('Bearer '))).map(([name, v]) => ({ name, value: v })),
      { name: '', value: '' },
    ]);
    setRemember(value.remember);
    setError(null);
    setOpen(true);
  };

  const count = Object.keys(value.headers).length;
  return (
    <div className="relative flex items-center gap-2" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {/* A key alone until headers are set (the header must fit one row at 1440 px); the name stays
          in the accessible name and the tooltip. */}
      <button
        type="button"
        className="iw-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? `${t.auth.button}: ${t.auth.active(count)}` : t.auth.button}
        title={t.auth.title(origin)}
        onClick={() => (open ? setOpen(false) : openEditor())}
      >
        {/* An SVG key: the emoji is missing from many Linux fonts (a box or a pin in Debian's Chromium). */}
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="inline-block align-[-2px]">
          <circle cx="5" cy="8" r="3.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8.2 8h6.3M12 8v2.6M14.2 8v2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        {count > 0 && ` ${t.auth.active(count)}`}
      </button>
      {/* One control, the notice itself: the header must stay one row at 1440 px where it can. */}
      {notice && (
        <button type="button" className="iw-pill iw-pill-amber" aria-haspopup="dialog" aria-expanded={open} title={t.auth.noneHint(origin)} onClick={() => (open ? setOpen(false) : openEditor())}>
          {t.auth.noneFor(origin)} ▾
        </button>
      )}
      {open && framed && (
        <div role="dialog" aria-label={t.auth.title(origin)} className="iw-popover top-full left-0 w-96 text-sm">
          <p className="font-medium break-all">{t.auth.title(origin)}</p>
          <p className="iw-muted text-xs">{t.auth.framed}</p>
        </div>
      )}
      {open && !framed && (
        <div role="dialog" aria-label={t.auth.title(origin)} className="iw-popover top-full left-0 w-96 max-h-[80vh] overflow-y-auto">
          <form
            className="space-y-2 text-sm"
            onSubmit={(e) => {
              e.preventDefault();
              const r = headersFromForm(rows, bearer);
              if ('error' in r) {
                setError(r.error);
                return;
              }
              onChange({ headers: r.headers, remember });
              setOpen(false);
            }}
          >
            <p className="font-medium break-all">{t.auth.title(origin)}</p>
            <p className="iw-muted text-xs">{t.auth.hint(origin)}</p>
            {configHeaderNames.length > 0 && <p className="iw-muted text-xs">{t.auth.fromConfig(configHeaderNames.join(', '))}</p>}
            <label className="block">
              {t.auth.bearer}
              <input className="iw-input w-full" type="password" autoComplete="off" value={bearer} onChange={(e) => setBearer(e.target.value)} />
            </label>
            {rows.map((row, i) => (
              <div key={i} className="flex gap-1">
                <input
                  className="iw-input w-1/2"
                  aria-label={t.auth.headerName}
                  placeholder="X-Scope-OrgID"
                  value={row.name}
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))}
                />
                <input
                  className="iw-input w-1/2"
                  aria-label={t.auth.headerValue}
                  type="password"
                  autoComplete="off"
                  value={row.value}
                  onChange={(e) => {
                    const next = rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r));
                    if (i === rows.length - 1 && e.target.value) next.push({ name: '', value: '' });
                    setRows(next);
                  }}
                />
              </div>
            ))}
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              {t.auth.remember}
            </label>
            <p className="iw-muted text-xs">{t.auth.rememberHint}</p>
            {error && (
              <p className="iw-error" role="status">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <button type="submit" className="iw-button iw-button-primary">
                {t.auth.save}
              </button>
              <button
                type="button"
                className="iw-button"
                onClick={() => {
                  onChange({ headers: {}, remember: false });
                  setOpen(false);
                }}
              >
                {t.auth.clear}
              </button>
            </div>
            <RememberedList store={store} onForget={onForget} />
          </form>
          {notice && (
            <ReuseSaved
              origin={origin}
              baseUrl={baseUrl}
              sources={[...others.map((o) => ({ id: o, label: o, headers: store[o]!.headers })), ...(configElsewhere ? [{ id: 'config.json', label: t.auth.configSource, headers: config.headers }] : [])]}
              onUse={(headers) => {
                onChange({ headers, remember: false });
                setOpen(false);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** The backends with headers remembered on this device, each with its own Forget. */
function RememberedList({ store, onForget }: { store: CredentialStore; onForget: (origin: string) => void }) {
  const t = useT();
  const remembered = Object.keys(store).filter((o) => store[o]?.remember);
  if (remembered.length === 0) return null;
  return (
    <div className="border-t border-[var(--iw-border)] pt-2">
      <p className="iw-muted text-xs">{t.auth.rememberedFor}</p>
      <ul className="space-y-1">
        {remembered.map((o) => (
          <li key={o} className="flex items-center justify-between gap-2 text-xs">
            <span className="break-all">{o}</span>
            <button type="button" className="iw-button" aria-label={t.auth.forgetFor(o)} onClick={() => onForget(o)}>
              {t.auth.clear}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

