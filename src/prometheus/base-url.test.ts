// validateBaseUrl: what a typed or linked Prometheus URL may be.
import { describe, expect, it } from 'vitest';
import { describeUrl, validateBaseUrl } from './base-url';

describe('validateBaseUrl accepts', () => {
  it.each([
    ['http://localhost:9090', 'http://localhost:9090'],
    ['http://localhost:9090/', 'http://localhost:9090'],
    ['  https://prom.example.com  ', 'https://prom.example.com'],
    ['http://h:8428/prometheus', 'http://h:8428/prometheus'],
    ['http://h:8481/select/0/prometheus/', 'http://h:8481/select/0/prometheus'],
    ['http://mimir:8080/prometheus///', 'http://mimir:8080/prometheus'],
    ['HTTP://Prom.Example:80/x', 'http://prom.example/x'],
    ['http://[::1]:9090', 'http://[::1]:9090'],
  ])('%j → %s', (input, url) => {
    expect(validateBaseUrl(input)).toEqual({ ok: true, url });
  });

  it('resolves a same-origin path against the given origin', () => {
    expect(validateBaseUrl('/prometheus', 'https://dash.example')).toEqual({ ok: true, url: 'https://dash.example/prometheus' });
    expect(validateBaseUrl('/', 'https://dash.example')).toEqual({ ok: true, url: 'https://dash.example' });
  });
});

describe('validateBaseUrl rejects', () => {
  it.each([
    ['', /Enter the Prometheus API URL/],
    ['   ', /Enter the Prometheus API URL/],
    ['prometheus:9090', /Only http:\/\/ and https:\/\/.*add http:\/\//],
    ['localhost', /absolute URL/],
    ['prom/api', /absolute URL/],
    ['//evil.example/prometheus', /absolute URL/],
    ['javascript:alert(1)', /Only http/],
    ['JavaScript:alert(1)', /Only http/],
    ['data:text/html,<script>alert(1)</script>', /Only http/],
    ['file:///etc/passwd', /Only http/],
    ['ftp://h/x', /Only http/],
    ['http://user:pass@h:9090', /Credentials in the URL are not allowed.*Credentials control/],
    ['/\\evil.example/x', /backslash/],
    ['/\\/evil.example', /backslash/],
    ['http://token@h:9090', /Credentials/],
    ['http://h:9090/?x=1', /query string/],
    ['http://h:9090/#frag', /query string or fragment/],
    ['http://', /not a valid URL/],
    // Encoded separators the parser keeps but servers decode (a path prefix would be bypassed).
    ['http://gw.example/tenant-a/..%2Ftenant-b', /encoded slash, backslash or dot/],
    ['http://gw.example/tenant-a/%2e%2e/tenant-b', /encoded slash/],
    ['http://gw.example/tenant-a/..%5Ctenant-b', /encoded slash/],
    ['/prometheus/..%2F..%2Fadmin', /encoded slash/],
  ])('%j', (input, reason) => {
    const r = validateBaseUrl(input, 'https://dash.example');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('a path without an origin', () => {
    expect(validateBaseUrl('/prometheus')).toMatchObject({ ok: false, reason: expect.stringMatching(/page origin/) });
  });

  it('never echoes credentials in the reason', () => {
    const r = validateBaseUrl('http://admin:hunter2@h:9090');
    expect(JSON.stringify(r)).not.toContain('hunter2');
  });
});

describe('describeUrl', () => {
  it.each([
    ['http://u:p@h:9090/prometheus/api/v1/query?token=x#y', 'http://h:9090/prometheus/api/v1/query'],
    ['http://h:9090/', 'http://h:9090'],
    ['/prometheus/api/v1/query', '/prometheus/api/v1/query'],
  ])('%s → %s', (url, shown) => {
    expect(describeUrl(url)).toBe(shown);
  });
});
