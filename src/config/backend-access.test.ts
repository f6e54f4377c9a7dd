import { describe, expect, it } from 'vitest';
import { backendVerdict, configHeadersFor, normaliseBackendEntry } from './backend-access';
import { EMPTY_CONFIG, validateConfig } from './runtime-config';

const PAGE = 'https://board.example';

describe('allowedBackends', () => {
  it.each([
    ['https://prom.example', 'https://prom.example'],
    ['https://prom.example/', 'https://prom.example'],
    ['https://mimir.example/prometheus/', 'https://mimir.example/prometheus'],
    ['/prometheus', 'https://board.example/prometheus'],
    ['javascript:alert(1)', null],
    ['https://u:p@prom.example', null],
    ['/\\evil.example', null],
    ['prom.example', null],
  ])('normalises %s', (entry, want) => {
    expect(normaliseBackendEntry(entry, PAGE)).toBe(want);
  });

  it('matches an origin, or a path prefix on whole segments', () => {
    const cfg = { ...EMPTY_CONFIG, allowedBackends: ['https://a.example', 'https://m.example/prometheus'] };
    expect(backendVerdict('https://a.example/anything', cfg, PAGE).allowed).toBe(true);
    expect(backendVerdict('https://m.example/prometheus', cfg, PAGE).allowed).toBe(true);
    expect(backendVerdict('https://m.example/prometheus/x', cfg, PAGE).allowed).toBe(true);
    expect(backendVerdict('https://m.example/prometheus2', cfg, PAGE).allowed).toBe(false);
    expect(backendVerdict('https://a.example.evil.com', cfg, PAGE).allowed).toBe(false);
    expect(backendVerdict('http://a.example', cfg, PAGE).allowed).toBe(false);
    expect(backendVerdict('https://anything', EMPTY_CONFIG, PAGE).allowed).toBe(true);
  });

  it('config.json headers follow the origin of prometheusUrl only', () => {
    const cfg = { ...EMPTY_CONFIG, prometheusUrl: 'https://a.example/prom', headers: { 'X-Scope-OrgID': 't' } };
    expect(configHeadersFor('https://a.example:443/x', cfg, PAGE)).toEqual({ 'X-Scope-OrgID': 't' });
    expect(configHeadersFor('http://a.example/prom', cfg, PAGE)).toEqual({});
    expect(configHeadersFor('https://a.example:8443/prom', cfg, PAGE)).toEqual({});
  });

  it('validates the new keys with readable problems', () => {
    expect(validateConfig({ prometheusUrl: '/p', allowedBackends: ['/prometheus', 'https://m.example/p'], lockBackend: false }).allowedBackends).toHaveLength(2);
    expect(() => validateConfig({ allowedBackends: ['ftp://x'] })).toThrow(/allowedBackends entry "ftp:\/\/x"/);
    expect(() => validateConfig({ lockBackend: true })).toThrow(/lockBackend.*prometheusUrl/);
    expect(() => validateConfig({ headers: { 'X-Scope-OrgID': 't' } })).toThrow(/headers.*prometheusUrl/);
  });
});
