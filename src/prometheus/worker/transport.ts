// How the client's requests reach the network: through the data worker (./data-worker.ts), or on the
// main thread where a worker cannot start (a CSP without `worker-src 'self'` or `script-src 'self'`,
// an old embedder's sandbox) and in unit tests (an injected fetch). Both run the same job code
// (./job.ts); the caller cannot tell them apart except by where the CPU time is spent.
import { describeUrl } from '../base-url';
import { abortedError, timeoutError } from '../errors';
import { ApprovedBackends, errorFromData, runJob, type FromWorker, type Job, type JobAnswer, type ToWorker } from './job';

export interface QueryTransport {
  /** `timeoutMs` (0 or undefined: none) gives up with a timed-out network error, as apiRequest does. */
  run(job: Job, signal: AbortSignal | undefined, timeoutMs: number | undefined): Promise<JobAnswer>;
}

export function inThreadTransport(fetchFn: typeof fetch): QueryTransport {
  return { run: async (job, signal, timeoutMs) => (await runJob(job, fetchFn, signal, timeoutMs)).answer };
}

interface Pending {
  job: Job;
  /** Aborted on cancel: stops the main-thread run after a fallback. */
  controller: AbortController;
  resolve: (a: JobAnswer) => void;
  reject: (e: unknown) => void;
}

const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * Sends jobs to one data worker, once its script has run (it says `ready`): until then, jobs run on
 * the main thread, so the boot's first requests (the backend kind, the recorded-series probe) do not
 * wait for the worker's script to download and compile. The timeout and the caller's abort are handled here, on the main
 * thread's clock; the worker is told to abort its fetch. If the worker fails to start or dies, every
 * job (pending ones included) runs on the main thread from then on, and the console says why once.
 */
export class WorkerTransport implements QueryTransport {
  private worker: Worker | null = null;
  /** The worker's script has run: jobs go to it. */
  private ready = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly fallback = inThreadTransport(globalFetch);
  private readonly approved = new ApprovedBackends();

  constructor(create: () => Worker | BootWorker) {
    try {
      const made = create();
      const boot = 'early' in made ? made : null;
      const w = boot ? boot.worker : (made as Worker);
      w.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
      w.onerror = (event) => {
        event.preventDefault();
        this.giveUp(event.message || 'the worker script failed to load');
      };
      w.onmessageerror = () => this.giveUp('an answer could not be read');
      this.worker = w;
      // A worker started by boot.js: what it said (or how it failed) before it was adopted.
      if (boot) {
        for (const msg of boot.early) this.receive(msg);
        if (boot.failed !== null) this.giveUp(boot.failed);
      }
    } catch (e) {
      this.giveUp(e instanceof Error ? e.message : String(e));
    }
  }

  /** False once the transport has fallen back to the main thread. */
  get usesWorker(): boolean {
    return this.worker !== null;
  }

  /**
   * Lets jobs for `baseUrl`'s origin run, here and in the worker (chooseBackend calls it), their
   * redirects held to `allowedPaths` (none: anywhere on that origin).
   */
  approve(baseUrl: string, allowedPaths: readonly string[] = []): void {
    const origin = this.approved.approve(baseUrl, allowedPaths);
    if (origin !== null) this.post({ type: 'approve', origin, allowedPaths: [...allowedPaths] });
  }

  run(asked: Job, signal: AbortSignal | undefined, timeoutMs: number | undefined): Promise<JobAnswer> {
    const refused = this.approved.refusal(asked);
    if (refused !== null) return Promise.reject(refused);
    const job = this.approved.bind(asked);
    if (this.worker === null || !this.ready) return this.fallback.run(job, signal, timeoutMs);
    const worker = this.worker;
    return new Promise<JobAnswer>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(abortedError(signal.reason));
        return;
      }
      const id = this.nextId;
      this.nextId += 1;
      const controller = new AbortController();
      const settle = (): void => {
        this.pending.delete(id);
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const cancel = (error: unknown): void => {
        if (!this.pending.has(id)) return;
        settle();
        controller.abort(error);
        this.post({ type: 'abort', id });
        reject(error);
      };
      const onAbort = (): void => cancel(abortedError(signal?.reason));
      const where = describeUrl(`${job.baseUrl}${job.endpoint === 'api' ? job.path : `/api/v1/${job.endpoint}`}`);
      const timer = timeoutMs !== undefined && timeoutMs > 0 ? setTimeout(() => cancel(timeoutError(where, timeoutMs)), timeoutMs) : undefined;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        job,
        controller,
        resolve: (a) => {
          settle();
          resolve(a);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      });
      worker.postMessage({ type: 'run', id, job } satisfies ToWorker);
    });
  }

  private post(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private receive(msg: FromWorker): void {
    if (msg.type === 'ready') {
      this.ready = true;
      return;
    }
    const p = this.pending.get(msg.id);
    if (p === undefined) return; // cancelled meanwhile
    if (msg.type === 'done') p.resolve(msg.answer);
    else p.reject(errorFromData(msg.error));
  }

  private giveUp(why: string): void {
    const w = this.worker;
    this.worker = null;
    w?.terminate();
    console.warn(`inferwatch: the data worker is not available (${why}); queries run on the main thread.`);
    for (const p of this.pending.values()) {
      // The caller's abort and the timeout still go through `cancel`, which aborts this run.
      this.fallback.run(p.job, p.controller.signal, undefined).then(p.resolve, p.reject);
    }
  }
}

/** The data worker public/boot.js started, with what it said before the app took it. */
export interface BootWorker {
  worker: Worker;
  early: FromWorker[];
  failed: string | null;
}

/** The worker boot.js started, once (the app's transport takes it); null when there is none. */
function takeBootWorker(): BootWorker | null {
  const page = globalThis as { __inferwatchWorker?: BootWorker };
  const boot = page.__inferwatchWorker ?? null;
  delete page.__inferwatchWorker;
  return boot;
}

let shared: QueryTransport | null = null;

/**
 * Approves `baseUrl` as a backend of the page: the page's worker transport refuses jobs for any
 * origin not approved (a transport made for a test or a CLI, with its own fetch, checks nothing).
 */
export function approveBackend(baseUrl: string, allowedPaths: readonly string[] = []): void {
  const t = defaultTransport();
  if (t instanceof WorkerTransport) t.approve(baseUrl, allowedPaths);
}

/**
 * Makes the page's transport now, at boot: it adopts the worker public/boot.js started (or starts
 * one), so the first query does not wait for the worker's script.
 */
export function startDataWorker(): void {
  defaultTransport();
}

/**
 * The page's transport: one data worker for every client, made on first use (startDataWorker, at
 * boot), from boot.js's worker when there is one. Where `Worker` does not exist, the main thread.
 */
export function defaultTransport(): QueryTransport {
  if (shared === null) {
    shared =
      typeof Worker === 'undefined'
        ? inThreadTransport(globalFetch)
        : new WorkerTransport(() => takeBootWorker() ?? new Worker(new URL('./data-worker.ts', import.meta.url), { type: 'module', name: 'inferwatch-data' }));
  }
  return shared;
}
