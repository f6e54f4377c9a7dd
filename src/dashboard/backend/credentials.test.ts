import { describe, expect, it } from 'vitest';
import { EMPTY_CONFIG, type RuntimeConfig } from '../../config/runtime-config';
import { chooseBackend, otherSavedOrigins } from './choice';
import { REMEMBER_MS, credentialsFor, headersFromForm, loadRemembered, saveRemembered, withCredentials } from './credentials';

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map<string, string>(Object.entries(init));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    size: () => m.size,
    dump: () => JSON.stringify([...m]),
  };
}

const A = 'http://prom-a.example:9090';
const B = 'http://prom-b.example:9999';
const PAGE = 'https://board.example';

describe('credentials are bound to a backend origin', () => {
  it('keeps nothing on the device unless asked, and remembers per origin when asked', () => {
    const s = memoryStorage();
    let store = withCredentials({}, A, { headers: { 'X-Scope-OrgID': 'a' }, remember: false });
    saveRemembered(store, s);
    expect(s.size()).toBe(0);
    store = withCredentials(store, B, { headers: { Authorization: 'Bearer b' }, remember: true }, 1000);
    saveRemembered(store, s);
    const back = loadRemembered(s, 2000);
    expect(Object.keys(back)).toEqual([B]);
    expect(credentialsFor(back, B).headers).toEqual({ Authorization: 'Bearer b' });
    expect(credentialsFor(back, A).headers).toEqual({});
  });

  it('forgets one origin and keeps the others', () => {
    const s = memoryStorage();
    let store = withCredentials({}, A, { headers: { Authorization: 'Bearer a' }, remember: true });
    store = withCredentials(store, B, { headers: { Authorization: 'Bearer b' }, remember: true });
    store = withCredentials(store, A, { headers: {}, remember: false });
    saveRemembered(store, s);
    expect(Object.keys(loadRemembered(s))).toEqual([B]);
    expect(s.dump()).not.toContain('Bearer a');
  });

  it('lets remembered entries lapse after 30 days', () => {
    const s = memoryStorage();
    saveRemembered(withCredentials({}, A, { headers: { Authorization: 'Bearer a' }, remember: true }, 0), s);
    expect(Object.keys(loadRemembered(s, REMEMBER_MS - 1))).toEqual([A]);
    expect(loadRemembered(s, REMEMBER_MS + 1)).toEqual({});
  });

  it('drops the unbound entry of earlier builds instead of sending it anywhere', () => {
    const s = memoryStorage({ 'inferwatch.credentials.v1': JSON.stringify({ Authorization: 'Bearer old' }) });
    expect(loadRemembered(s)).toEqual({});
    expect(s.dump()).not.toContain('Bearer old');
  });

  it('survives corrupt storage and ignores values with line breaks', () => {
    expect(loadRemembered({ getItem: () => '{not json', removeItem: () => {} })).toEqual({});
    const s = memoryStorage({ 'inferwatch.credentials.v2': JSON.stringify({ [A]: { headers: { X: 'a\r\nY: b' }, savedAt: Date.now() } }) });
    expect(loadRemembered(s)).toEqual({});
  });

  it('turns a token into an Authorization header and validates names', () => {
    expect(headersFromForm([{ name: 'X-Scope-OrgID', value: 'team' }], 'abc')).toEqual({
      headers: { 'X-Scope-OrgID': 'team', Authorization: 'Bearer abc' },
    });
    expect(headersFromForm([{ name: 'Bad Name', value: 'x' }], '')).toHaveProperty('error');
    expect(headersFromForm([{ name: 'X-A', value: 'a\r\nInjected: 1' }], '')).toHaveProperty('error');
    expect(headersFromForm([], 'two words')).toHaveProperty('error');
  });
});

describe('chooseBackend: what goes where', () => {
  const config = (over: Partial<RuntimeConfig>): RuntimeConfig => ({ ...EMPTY_CONFIG, ...over });
  const store = withCredentials({}, A, { headers: { Authorization: 'Bearer a' }, remember: true });

  it('sends the saved headers of A to A only', () => {
    expect(chooseBackend(A, config({}), PAGE, store).headers).toEqual({ Authorization: 'Bearer a' });
    const b = chooseBackend(B, config({}), PAGE, store);
    expect(b.headers).toEqual({});
    expect(b.hasOwn).toBe(false);
    expect(otherSavedOrigins(store, b.origin)).toEqual([A]);
  });

  it('binds config.json headers to the origin of prometheusUrl (a path there means the page origin)', () => {
    const cfg = config({ prometheusUrl: `${A}/prometheus`, headers: { 'X-Scope-OrgID': 'team-a' } });
    expect(chooseBackend('', cfg, PAGE, {}).headers).toEqual({ 'X-Scope-OrgID': 'team-a' });
    expect(chooseBackend(`${A}/other`, cfg, PAGE, {}).headers).toEqual({ 'X-Scope-OrgID': 'team-a' });
    expect(chooseBackend(B, cfg, PAGE, {}).headers).toEqual({});
    const proxied = config({ prometheusUrl: '/prometheus', headers: { 'X-Scope-OrgID': 't' } });
    expect(chooseBackend('', proxied, PAGE, {}).headers).toEqual({ 'X-Scope-OrgID': 't' });
    expect(chooseBackend(A, proxied, PAGE, {}).headers).toEqual({});
  });

  it('typed headers override config.json ones of the same name, on the same origin', () => {
    const cfg = config({ prometheusUrl: A, headers: { 'X-Scope-OrgID': 'site', 'X-Other': 'o' } });
    const typed = withCredentials({}, A, { headers: { 'X-Scope-OrgID': 'mine' }, remember: false });
    expect(chooseBackend('', cfg, PAGE, typed).headers).toEqual({ 'X-Scope-OrgID': 'mine', 'X-Other': 'o' });
  });

  it('refuses a backend outside allowedBackends and asks nothing there', () => {
    const cfg = config({ prometheusUrl: A, allowedBackends: ['https://mimir.example/prometheus'] });
    const refused = chooseBackend(B, cfg, PAGE, store);
    expect(refused.baseUrl).toBe('');
    expect(refused.headers).toEqual({});
    expect(refused.refused).toEqual({ url: B, reason: 'not-listed' });
    expect(chooseBackend('https://mimir.example/prometheus/api/v1', cfg, PAGE, {}).baseUrl).toBe('https://mimir.example/prometheus/api/v1');
    expect(chooseBackend('https://mimir.example/prometheusx', cfg, PAGE, {}).refused?.reason).toBe('not-listed');
    expect(chooseBackend('', cfg, PAGE, {}).baseUrl).toBe(A);
  });

  it('a locked copy ignores prom= and says so', () => {
    const cfg = config({ prometheusUrl: A, lockBackend: true });
    const c = chooseBackend(B, cfg, PAGE, {});
    expect(c.baseUrl).toBe(A);
    expect(c.ignoredProm).toBe(B);
  });
});
