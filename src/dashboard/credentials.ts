// Credentials the user types (a bearer token, a tenant header): kept in memory only, unless the
// user ticks "remember on this device", then in localStorage under one key. Never in the URL, a
// shared link or a message to an embedding page.
const STORAGE_KEY = 'inferwatch.credentials.v1';

export interface Credentials {
  headers: Record<string, string>;
  remember: boolean;
}

export const NO_CREDENTIALS: Credentials = { headers: {}, remember: false };

// `globalThis.localStorage` is read inside the try: in a cross-site iframe whose storage the browser
// blocks, merely reading the property throws (it did, as a default parameter, for an embed).
export function loadRemembered(storage?: Pick<Storage, 'getItem'>): Credentials {
  try {
    const raw = (storage ?? globalThis.localStorage)?.getItem(STORAGE_KEY);
    if (!raw) return NO_CREDENTIALS;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return NO_CREDENTIALS;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (typeof v === 'string') headers[k] = v;
    return { headers, remember: true };
  } catch {
    return NO_CREDENTIALS; // storage disabled (private mode, sandboxed iframe) or corrupt
  }
}

export function saveCredentials(c: Credentials, storage?: Pick<Storage, 'setItem' | 'removeItem'>) {
  try {
    const s = storage ?? globalThis.localStorage;
    if (c.remember && Object.keys(c.headers).length > 0) s?.setItem(STORAGE_KEY, JSON.stringify(c.headers));
    else s?.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable; the credentials still work for this page's lifetime.
  }
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
