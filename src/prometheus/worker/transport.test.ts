// The worker transport's contract with its callers: answers and errors come back as from the
// main-thread path; the caller's abort and the timeout work on the main thread's clock; a worker
// that fails to start, or dies, leaves no request hanging (each runs on the main thread instead).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrometheusError } from '../errors';
import type { FromWorker, ToWorker } from './job';
import { WorkerTransport } from './transport';

/** A stand-in Worker: records what it is sent; the test answers for it. */
class FakeWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  sent: ToWorker[] = [];
  terminated = false;
  postMessage(msg: ToWorker): void {
    this.sent.push(msg);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(msg: FromWorker): void {
    this.onmessage?.({ data: msg } as MessageEvent<FromWorker>);
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

const job = { endpoint: 'query' as const, baseUrl: 'http://prom.test', headers: {}, params: [['query', 'up']] as const, maxBodyBytes: 1000 };
const vector = { resultType: 'vector' as const, result: [] };

/** A transport whose worker has said `ready` (unless `ready: false`). */
function setup({ ready = true } = {}): { fake: FakeWorker; transport: WorkerTransport } {
  const fake = new FakeWorker();
  const transport = new WorkerTransport(() => fake as unknown as Worker);
  if (ready) fake.answer({ type: 'ready' });
  transport.approve(job.baseUrl);
  fake.sent.length = 0;
  return { fake, transport };
}

const okBody = JSON.stringify({ status: 'success', data: vector });
const stubFetch = () => {
  const fetchFn = vi.fn(() => Promise.resolve(new Response(okBody, { headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkerTransport', () => {
  it('sends nothing for a backend the page has not approved, and tells the worker each approval', async () => {
    const fake = new FakeWorker();
    const transport = new WorkerTransport(() => fake as unknown as Worker);
    fake.answer({ type: 'ready' });
    const fetchFn = stubFetch();
    const e: unknown = await transport.run(job, undefined, 0).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PrometheusError);
    expect((e as Error).message).toContain('has not approved http://prom.test');
    expect(fake.sent).toEqual([]);
    transport.approve('http://prom.test/prometheus');
    expect(fake.sent).toEqual([{ type: 'approve', origin: 'http://prom.test', allowedPaths: [] }]);
    void transport.run(job, undefined, 0);
    expect(fake.sent.at(-1)).toMatchObject({ type: 'run', job });
    // Another origin is still refused, before the worker and on the main-thread path alike.
    const other = { ...job, baseUrl: 'http://evil.test' };
    await expect(transport.run(other, undefined, 0)).rejects.toThrow('has not approved http://evil.test');
    fake.fail('died');
    await expect(transport.run(other, undefined, 0)).rejects.toThrow('has not approved');
    // The approved job left pending when the worker died ran on the main thread; the other never did.
    expect(fetchFn.mock.calls.map((c: unknown[]) => String(c[0]))).toEqual(['http://prom.test/api/v1/query?query=up']);
  });

  it('resolves with the worker answer and rejects with its error as a PrometheusError', async () => {
    const { fake, transport } = setup();
    const ok = transport.run(job, undefined, 0);
    const bad = transport.run(job, undefined, 0);
    const [a, b] = fake.sent as Array<Extract<ToWorker, { type: 'run' }>>;
    fake.answer({ type: 'done', id: a!.id, answer: { endpoint: 'query', result: vector, warnings: ['w'] } });
    fake.answer({ type: 'failed', id: b!.id, error: { kind: 'api', message: 'bad', detail: '', status: 400, errorType: 'bad_data', timedOut: false } });
    await expect(ok).resolves.toEqual({ endpoint: 'query', result: vector, warnings: ['w'] });
    const e = await bad.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PrometheusError);
    expect(e).toMatchObject({ kind: 'api', status: 400, errorType: 'bad_data' });
  });

  it('a caller abort rejects at once as aborted and tells the worker to stop', async () => {
    const { fake, transport } = setup();
    const controller = new AbortController();
    const p = transport.run(job, controller.signal, 0);
    controller.abort();
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
    expect(fake.sent.map((m) => m.type)).toEqual(['run', 'abort']);
  });

  it('the timeout runs on the main thread clock: a timed-out network error, and the worker is told', async () => {
    vi.useFakeTimers();
    const { fake, transport } = setup();
    const p = transport.run(job, undefined, 5_000);
    const caught = p.catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await caught).toMatchObject({ kind: 'network', timedOut: true });
    expect(fake.sent.map((m) => m.type)).toEqual(['run', 'abort']);
  });

  it('a worker that fails to load hands its pending and later requests to the main thread, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchFn = stubFetch();
    const { fake, transport } = setup({ ready: false });
    fake.answer({ type: 'ready' });
    const pending = transport.run(job, undefined, 0);
    fake.fail("Refused to create a worker: worker-src 'none'");
    await expect(pending).resolves.toMatchObject({ endpoint: 'query', result: vector });
    expect(fake.terminated).toBe(true);
    expect(transport.usesWorker).toBe(false);
    await expect(transport.run(job, undefined, 0)).resolves.toMatchObject({ endpoint: 'query' });
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('the data worker is not available');
  });

  it('until the worker says ready, jobs run on the main thread (the boot does not wait for its script); then they go to it', async () => {
    const fetchFn = stubFetch();
    const { fake, transport } = setup({ ready: false });
    await expect(transport.run(job, undefined, 0)).resolves.toMatchObject({ endpoint: 'query', result: vector });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fake.sent).toEqual([]);
    fake.answer({ type: 'ready' });
    const p = transport.run(job, undefined, 0);
    expect(fake.sent.map((m) => m.type)).toEqual(['run']);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    const run = fake.sent[0] as Extract<ToWorker, { type: 'run' }>;
    fake.answer({ type: 'done', id: run.id, answer: { endpoint: 'query', result: vector, warnings: [] } });
    await expect(p).resolves.toMatchObject({ endpoint: 'query' });
  });

  it('a Worker constructor that throws (a CSP refusing it) leaves the main thread path', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = new WorkerTransport(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(transport.usesWorker).toBe(false);
  });

  it('adopts the worker boot.js started: a ready it said before sends jobs to it at once', async () => {
    const fetchFn = stubFetch();
    const fake = new FakeWorker();
    const transport = new WorkerTransport(() => ({ worker: fake as unknown as Worker, early: [{ type: 'ready' }], failed: null }));
    transport.approve(job.baseUrl);
    const p = transport.run(job, undefined, 0);
    expect(fake.sent.map((m) => m.type)).toEqual(['approve', 'run']);
    const run = fake.sent[1] as Extract<ToWorker, { type: 'run' }>;
    fake.answer({ type: 'done', id: run.id, answer: { endpoint: 'query', result: vector, warnings: [] } });
    await expect(p).resolves.toMatchObject({ endpoint: 'query' });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('a boot.js worker whose script failed before it was adopted leaves the main thread path, said once', async () => {
    const fetchFn = stubFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = new FakeWorker();
    const transport = new WorkerTransport(() => ({ worker: fake as unknown as Worker, early: [], failed: 'the worker script failed to load' }));
    transport.approve(job.baseUrl);
    expect(transport.usesWorker).toBe(false);
    expect(fake.terminated).toBe(true);
    await expect(transport.run(job, undefined, 0)).resolves.toMatchObject({ endpoint: 'query' });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
