// The approval the page's transport holds: which backends jobs may go to, and the paths their
// answers may come from after a redirect (a hosted copy's allowedBackends).
import { describe, expect, it } from 'vitest';
import { ApprovedBackends, runJob, type QueryJob } from './job';

const vector = JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } });
const job: QueryJob = { endpoint: 'query', baseUrl: 'http://gw.test/tenant-a', headers: { 'X-Scope-OrgID': 'team-a' }, params: [['query', 'up']], maxBodyBytes: 1e6 };

/** A gateway that redirects every request to `to` and answers the API there. */
function redirectingTo(to: string) {
  const calls: Array<{ url: string; headers: string }> = [];
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, headers: JSON.stringify(init?.headers ?? {}) });
    if (!url.startsWith(to) && init?.redirect === 'manual') {
      const res = new Response(null, { status: 200 });
      Object.defineProperty(res, 'type', { value: 'opaqueredirect' });
      return Promise.resolve(res);
    }
    const res = new Response(vector, { headers: { 'content-type': 'application/json' } });
    if (!url.startsWith(to)) {
      Object.defineProperty(res, 'redirected', { value: true });
      Object.defineProperty(res, 'url', { value: to });
    }
    return Promise.resolve(res);
  };
  return { fetchFn: fetchFn as typeof fetch, calls };
}

describe('ApprovedBackends', () => {
  it('refuses a job for an origin not approved, and binds an approved one to its paths', () => {
    const approved = new ApprovedBackends();
    expect(approved.refusal(job)?.message).toContain('has not approved http://gw.test');
    approved.approve('http://gw.test/tenant-a', ['http://gw.test/tenant-a']);
    expect(approved.refusal(job)).toBeNull();
    expect(approved.bind(job)).toEqual({ ...job, allowedPaths: ['http://gw.test/tenant-a'] });
    expect(approved.refusal({ ...job, baseUrl: 'http://evil.test' })).not.toBeNull();
  });

  it('a same-origin redirect to another tenant’s path is refused when the site lists paths, and the headers never go there', async () => {
    const approved = new ApprovedBackends();
    approved.approve(job.baseUrl, ['http://gw.test/tenant-a']);
    const { fetchFn, calls } = redirectingTo('http://gw.test/tenant-b/api/v1/query');
    const e: unknown = await runJob(approved.bind(job), fetchFn, undefined).catch((x: unknown) => x);
    expect((e as Error).message).toContain('redirected to http://gw.test/tenant-b/api/v1/query, which is not one of the backends this site allows');
    expect(calls.filter((c) => c.url.includes('/tenant-b/') && c.headers.includes('team-a'))).toEqual([]);
    // Without headers the browser follows; the answer is refused all the same.
    const bare = redirectingTo('http://gw.test/tenant-b/api/v1/query');
    await expect(runJob(approved.bind({ ...job, headers: {} }), bare.fetchFn, undefined)).rejects.toThrow('not one of the backends this site allows');
  });

  it('with no paths listed, a redirect within the origin is followed (a proxy moving a path)', async () => {
    const approved = new ApprovedBackends();
    approved.approve(job.baseUrl);
    const { fetchFn } = redirectingTo('http://gw.test/api/v1/query');
    await expect(runJob(approved.bind(job), fetchFn, undefined)).resolves.toMatchObject({ answer: { endpoint: 'query' } });
  });
});
