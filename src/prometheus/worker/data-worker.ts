// The data worker's entry: runs the client's jobs off the main thread (fetch, JSON parse, decode)
// and transfers range answers' typed arrays back. Loaded by ./transport.ts; see
// docs/architecture.md, "The data worker".
import { abortedError, isPrometheusError, networkError } from '../errors';
import { ApprovedBackends, errorToData, runJob, type FromWorker, type ToWorker } from './job';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const running = new Map<number, AbortController>();
// The page approves each backend before it sends that backend's first job (transport.ts); messages
// arrive in order, so an approved backend's jobs never race their approval.
const approved = new ApprovedBackends();
// One function for every job: jobs asking the same bucket request share it per fetch function (job.ts).
const workerFetch: typeof fetch = (input, init) => fetch(input, init);

scope.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'abort') {
    running.get(msg.id)?.abort();
    running.delete(msg.id);
    return;
  }
  if (msg.type === 'approve') {
    approved.approve(msg.origin, msg.allowedPaths);
    return;
  }
  const refused = approved.refusal(msg.job);
  if (refused !== null) {
    scope.postMessage({ type: 'failed', id: msg.id, error: errorToData(refused) });
    return;
  }
  const controller = new AbortController();
  running.set(msg.id, controller);
  runJob(approved.bind(msg.job), workerFetch, controller.signal).then(
    ({ answer, buffers }) => {
      running.delete(msg.id);
      scope.postMessage({ type: 'done', id: msg.id, answer }, buffers);
    },
    (e: unknown) => {
      running.delete(msg.id);
      const error = isPrometheusError(e) ? e : controller.signal.aborted ? abortedError(e) : networkError(msg.job.baseUrl, e);
      scope.postMessage({ type: 'failed', id: msg.id, error: errorToData(error) });
    },
  );
};

// Until this arrives the page runs its jobs on the main thread (./transport.ts): the boot's first
// requests do not wait for this script to download and compile.
scope.postMessage({ type: 'ready' });
