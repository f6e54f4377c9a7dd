// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { connectAllowed, metaPolicies, policyFor } from './csp';

const PAGE = 'https://dash.example';
const README = "default-src 'none'; script-src 'self'; connect-src 'self' https://prometheus.example; frame-ancestors 'none'";

describe('connectAllowed', () => {
  it.each([
    ['https://prometheus.example', README, true],
    ['https://prometheus.example/api', README, true],
    ['https://dash.example/prometheus', README, true],
    ['https://evil.example', README, false],
    ['https://prometheus.example:9090', README, false],
    ['http://prometheus.example', README, false],
    ["http://127.0.0.1:9090", "connect-src http://127.0.0.1:9090", true],
    ["http://127.0.0.1:9091", "connect-src http://127.0.0.1:9090", false],
    ['https://a.mimir.example/prometheus', "connect-src https://*.mimir.example", true],
    ['https://mimir.example/prometheus', "connect-src https://*.mimir.example", false],
    ['https://h.example:8443', "connect-src https://h.example:*", true],
    ['https://gw.example/tenant-a/prometheus', "connect-src https://gw.example/tenant-a/", true],
    ['https://gw.example/tenant-b/prometheus', "connect-src https://gw.example/tenant-a/", false],
    ['https://any.example', "connect-src https:", true],
    ['http://any.example', "connect-src https:", false],
    ['https://any.example', "connect-src *", true],
    ['https://any.example', "default-src 'none'", false],
    ['https://any.example', "default-src 'self'; connect-src https://any.example", true],
    ['https://any.example', "script-src 'self'", true],
    ['https://any.example', "connect-src 'none'", false],
  ])('%s under "%s": %s', (url, policy, allowed) => {
    expect(connectAllowed(url, [policy], PAGE)).toBe(allowed);
  });

  it('every policy must allow it', () => {
    expect(connectAllowed('https://prometheus.example', [README, "connect-src 'self'"], PAGE)).toBe(false);
    expect(connectAllowed('https://prometheus.example', [], PAGE)).toBe(true);
  });
});

describe('metaPolicies', () => {
  it('reads the <meta> policies, whatever the case of http-equiv', () => {
    document.head.innerHTML = `<meta http-equiv="Content-Security-Policy" content="${README}"><meta http-equiv="content-security-policy" content="connect-src 'self'"><meta name="description" content="x">`;
    expect(metaPolicies()).toEqual([README, "connect-src 'self'"]);
    document.head.innerHTML = '';
    expect(metaPolicies()).toEqual([]);
  });
});

describe('policyFor', () => {
  const base = { prometheusUrl: '', allowedBackends: [], lockBackend: false, embedOrigins: [] };
  it("lists the site's backends in connect-src and refuses framing unless embedOrigins says who may", () => {
    const p = policyFor({ ...base, prometheusUrl: 'https://mimir.example/prometheus', allowedBackends: ['https://prom.example:9090', '/prometheus'], embedOrigins: ['https://portal.example'] });
    expect(p).toContain("connect-src 'self' https://mimir.example/prometheus/ https://prom.example:9090;");
    expect(p).toContain('frame-ancestors https://portal.example;');
    expect(policyFor(base)).toContain("frame-ancestors 'none';");
    expect(policyFor({ ...base, prometheusUrl: 'https://a.example', allowedBackends: ['https://b.example'], lockBackend: true })).toContain("connect-src 'self' https://a.example;");
  });

  it('the policy it writes allows exactly those backends', () => {
    const p = policyFor({ ...base, prometheusUrl: 'https://mimir.example/prometheus' });
    expect(connectAllowed('https://mimir.example/prometheus', [p], 'https://dash.example')).toBe(true);
    expect(connectAllowed('https://mimir.example/other', [p], 'https://dash.example')).toBe(false);
    expect(connectAllowed('https://dash.example/prometheus', [p], 'https://dash.example')).toBe(true);
  });
});
