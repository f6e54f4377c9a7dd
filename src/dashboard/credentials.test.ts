import { describe, expect, it } from 'vitest';
import { headersFromForm, loadRemembered, saveCredentials } from './credentials';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    size: () => m.size,
  };
}

describe('credentials', () => {
  it('keeps nothing on the device unless asked', () => {
    const s = memoryStorage();
    saveCredentials({ headers: { 'X-Scope-OrgID': 'a' }, remember: false }, s);
    expect(s.size()).toBe(0);
    expect(loadRemembered(s)).toEqual({ headers: {}, remember: false });
  });

  it('remembers when asked, and forgets when unticked', () => {
    const s = memoryStorage();
    saveCredentials({ headers: { 'X-Scope-OrgID': 'a' }, remember: true }, s);
    expect(loadRemembered(s)).toEqual({ headers: { 'X-Scope-OrgID': 'a' }, remember: true });
    saveCredentials({ headers: { 'X-Scope-OrgID': 'a' }, remember: false }, s);
    expect(s.size()).toBe(0);
  });

  it('turns a token into an Authorization header and validates names', () => {
    expect(headersFromForm([{ name: 'X-Scope-OrgID', value: 'team' }], 'abc')).toEqual({
      headers: { 'X-Scope-OrgID': 'team', Authorization: 'Bearer abc' },
    });
    expect(headersFromForm([{ name: 'Bad Name', value: 'x' }], '')).toHaveProperty('error');
    expect(headersFromForm([{ name: 'X-A', value: 'a\r\nInjected: 1' }], '')).toHaveProperty('error');
    expect(headersFromForm([], 'two words')).toHaveProperty('error');
  });

  it('survives corrupt storage', () => {
    expect(loadRemembered({ getItem: () => '{not json' })).toEqual({ headers: {}, remember: false });
  });
});
