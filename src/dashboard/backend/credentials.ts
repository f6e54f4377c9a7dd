// Credentials the user types (a bearer token, a tenant header), bound to the backend origin they
// were typed for: a link or a typed URL naming another backend gets none of them. Kept in memory,
// or, per backend, in localStorage when the user ticks "remember". Never in the URL, a shared
// link or a message to an embedding page.
const STORAGE_KEY = 'inferwatch.credentials.v2';
/** The unbound form of earlier builds: removed on sight, never sent anywhere. */
const UNBOUND_KEY = 'inferwatch.credentials.v1';
/** A remembered entry lapses after this long unless saved again. */
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;

export interface Credentials {
  headers: Record<string, string>;
  remember: boolean;
  /** When a remembered entry was saved (epoch ms). */
  savedAt?: number;
}

/** Credentials by backend origin (`https://prom.example:9090`). */
export type CredentialStore = Readonly<Record<string, Credentials>>;

export const NO_CREDENTIALS: Credentials = { headers: {}, remember: false };

function stringRecord(v: unknown): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (typeof x === 'string' && !/[\r\n]/.test(x)) out[k] = x;
  return out;
}

// `globalThis.localStorage` is read inside the try: in a cross-site iframe whose storage the browser
// blocks, merely reading the property throws.
export function loadRemembered(storage?: Pick<Storage, 'getItem' | 'removeItem'>, nowMs = Date.now()): CredentialStore {
  try {
    const s = storage ?? globalThis.localStorage;
    if (s?.getItem(UNBOUND_KEY) !== null) s?.removeItem(UNBOUND_KEY);
    const raw = s?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const store: Record<string, Credentials> = {};
    for (const [origin, entry] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { headers, savedAt } = entry as { headers?: unknown; savedAt?: unknown };
      const h = stringRecord(headers);
      if (!h || Object.keys(h).length === 0 || typeof savedAt !== 'number' || nowMs - savedAt > REMEMBER_MS) continue;
      store[origin] = { headers: h, remember: true, savedAt };
    }
    return store;
  } catch {
    return {}; // storage disabled (private mode, sandboxed iframe) or corrupt
  }
}

/** Writes the remembered entries of `store` (and only those). */
export function saveRemembered(store: CredentialStore, storage?: Pick<Storage, 'setItem' | 'removeItem'>) {
  try {
    const s = storage ?? globalThis.localStorage;
    const kept: Record<string, { headers: Record<string, string>; savedAt: number }> = {};
    for (const [origin, c] of Object.entries(store))
      if (c.remember && Object.keys(c.headers).length > 0) kept[origin] = { headers: c.headers, savedAt: c.savedAt ?? Date.now() };
    if (Object.keys(kept).length > 0) s?.setItem(STORAGE_KEY, JSON.stringify(kept));
    else s?.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable; the credentials still work for this page's lifetime.
  }
}

/** The store with `origin`'s entry replaced (or removed when `c` carries no header). */
export function withCredentials(store: CredentialStore, origin: string, c: Credentials, nowMs = Date.now()): CredentialStore {
  const next: Record<string, Credentials> = { ...store };
  if (Object.keys(c.headers).length === 0) delete next[origin];
  else next[origin] = c.remember ? { ...c, savedAt: nowMs } : { headers: c.headers, remember: false };
  return next;
}

/** The user's headers for `origin`, or none. */
export function credentialsFor(store: CredentialStore, origin: string | null): Credentials {
  return (origin !== null && store[origin]) || NO_CREDENTIALS;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** Validates typed header rows; a bearer token becomes `Authorization: Bearer …`. */
export function headersFromForm(rows: Array<{ name: string; value: string }>, bearer: string): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  for (const { name, value } of rows) {
    const n = name.trim();
    if (!n && !value.trim()) continue;
    if (!HEADER_NAME.test(n)) return { error: `"${n}" is not a valid header name.` };
    if (/[\r\n]/.test(value)) return { error: `The value of ${n} contains a line break.` };
    headers[n] = value.trim();
  }
  const token = bearer.trim();
  if (token) {
    if (/[\r\n\s]/.test(token)) return { error: 'A bearer token has no spaces or line breaks.' };
    headers.Authorization = `Bearer ${token}`;
  }
  return { headers };
}
