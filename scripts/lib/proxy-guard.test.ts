import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proxyRefusal, READ_ENDPOINTS } from './proxy-guard';

describe('the dev/preview proxy guard', () => {
  it('lists the same read endpoints as the nginx recipe', () => {
    const conf = readFileSync(new URL('../../docs/proxy/nginx.conf', import.meta.url), 'utf8');
    const m = /location ~ \^\/prometheus\/api\/v1\/\(([^)]+)\)\$/.exec(conf);
    expect(m?.[1]).toBe(READ_ENDPOINTS);
  });

  it.each([
    ['GET', '/prometheus/api/v1/query_range?query=up', 'same-origin', null],
    ['POST', '/prometheus/api/v1/query', undefined, null],
    ['GET', '/prometheus/api/v1/label/__name__/values', 'none', null],
    ['POST', '/prometheus/api/v1/admin/tsdb/snapshot', 'same-origin', /not a read endpoint/],
    ['POST', '/prometheus/-/quit', 'same-origin', /not a read endpoint/],
    ['GET', '/prometheus/api/v1/query/../admin/tsdb/snapshot', 'same-origin', /not a read endpoint/],
    ['PUT', '/prometheus/api/v1/query', 'same-origin', /PUT is not allowed/],
    ['GET', '/prometheus/api/v1/query', 'cross-site', /a cross-site request/],
    ['GET', '/prometheus/api/v1/query', 'same-site', /a same-site request/],
  ] as const)('%s %s (%s)', (method, url, site, refused) => {
    const r = proxyRefusal(method, url, site);
    if (refused === null) expect(r).toBeNull();
    else expect(r).toMatch(refused);
  });
});
