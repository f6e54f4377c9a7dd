// One record per query client and backend of which kinds of request the backend fails. Query errors
// that mean "unreachable" (network/CORS, timeouts, 502/503/504) mark their endpoint (`query_range`,
// `query`, `alerts`, … the query key's third part) failing; a success clears that endpoint only
// (src/app/query-client.ts reports both). So a gateway that times out or 503s only heavy range
// queries, while names, instant queries and alerts answer, still raises the banner: one class that
// keeps failing is not hidden by the others' successes. The page shows one banner instead of forty
// panel errors, and panels keep their last data marked stale.
//
// A time-out began when its request was sent, not when the timer fired: what answered in the
// meantime shows the backend was there all along (the record keeps each endpoint's last success,
// also while nothing fails, outside the reactive record). And a lone time-out is not a backend
// that was away: another endpoint's answer re-asks it only when other endpoints failed too, so a
// hanging query is not sent again, for another full time-out, by every other endpoint's success.
import type { QueryClient } from '@tanstack/react-query';
import { PrometheusError } from '../../prometheus';
import { createScopedStore } from '../data/scoped-store';

interface Failure {
  error: Error;
  since: number;
  /** The request waited until our time-out: the backend may have been answering others all along. */
  timedOut: boolean;
}

interface Record {
  /** Endpoints whose last request failed backend-wide, with the first failure of the run. */
  failing: ReadonlyMap<string, Failure>;
  /** The last success of each endpoint. */
  answered: ReadonlyMap<string, number>;
}

export interface BackendHealth {
  /** Some kind of request keeps failing (the banner shows). */
  down: boolean;
  /**
   * Every kind of request fails: nothing has answered since the first failure. Panels then wait for
   * the backend as a whole ("no answer from the backend yet") rather than for their own query.
   */
  unreachable: boolean;
  /** The endpoints that fail while others answer, in order of first failure (empty when none or all). */
  failingWhileOthersAnswer: readonly string[];
  message: string | null;
  /** The latest error itself, so the banner can word it in the interface language. */
  error: unknown;
  since: number | null;
}

const UP: BackendHealth = { down: false, unreachable: false, failingWhileOthersAnswer: [], message: null, error: null, since: null };
const EMPTY: Record = { failing: new Map(), answered: new Map() };

const records = createScopedStore<Record>(() => EMPTY);
// The derived view, memoised per record (useSyncExternalStore needs the same object while the
// record is unchanged).
const views = new WeakMap<Record, BackendHealth>();
/**
 * Each endpoint's last success while nothing failed: not in the reactive record (a success per
 * answer would re-render every reader), copied into it when the first failure arrives. Written in
 * place; nothing subscribes to it.
 */
const answeredWhileUp = createScopedStore<Map<string, number>>(() => new Map());

function healthOf(r: Record): BackendHealth {
  if (r.failing.size === 0) return UP;
  const cached = views.get(r);
  if (cached) return cached;
  const failures = [...r.failing.entries()].sort((a, b) => a[1].since - b[1].since);
  const since = failures[0]![1].since;
  // An endpoint that is not failing and answered after the first failure: the backend is there.
  const othersAnswer = [...r.answered.entries()].some(([endpoint, at]) => !r.failing.has(endpoint) && at >= since);
  const latest = failures.reduce((a, b) => (b[1].since >= a[1].since ? b : a))[1].error;
  const view: BackendHealth = {
    down: true,
    unreachable: !othersAnswer,
    failingWhileOthersAnswer: othersAnswer ? failures.map(([endpoint]) => endpoint) : [],
    message: latest.message,
    error: latest,
    since,
  };
  views.set(r, view);
  return view;
}

export function reportBackendDown(queryClient: QueryClient, baseUrl: string, endpoint: string, error: Error, now = Date.now()): void {
  const timedOut = error instanceof PrometheusError && error.timedOut;
  const began = timedOut && error.waitedMs !== undefined ? now - error.waitedMs : now;
  records.update(queryClient, baseUrl, (r) => {
    const prev = r.failing.get(endpoint);
    if (prev && prev.error.message === error.message) return r;
    const failing = new Map(r.failing);
    failing.set(endpoint, { error, since: prev?.since ?? began, timedOut });
    // The first failure: the successes seen while nothing failed join the record.
    const answered = r.failing.size === 0 ? new Map([...answeredWhileUp.get(queryClient, baseUrl), ...r.answered]) : r.answered;
    return { failing, answered };
  });
}

/**
 * A success of `endpoint`. Returns the endpoints whose failed queries are worth asking again now:
 * this one when it was failing, and every failing one when the backend had answered nothing since
 * it went down (it is back; each endpoint then proves itself). Empty when nothing recovered, so a
 * stream of successes of one endpoint never re-asks another's failing queries twice.
 */
export function reportBackendUp(queryClient: QueryClient, baseUrl: string, endpoint: string, now = Date.now()): readonly string[] {
  let recovered: readonly string[] = [];
  records.update(queryClient, baseUrl, (r) => {
    // Nothing fails: the record stays as it is (no new object, no re-render, per answer).
    if (r.failing.size === 0) {
      answeredWhileUp.get(queryClient, baseUrl).set(endpoint, now);
      return r;
    }
    const wasFailing = r.failing.has(endpoint);
    // The backend is back: each endpoint that failed because it was away proves itself again. A
    // time-out alone is no sign the backend was away (nothing else was asked while it waited): it
    // is asked again by its own success, a refresh or the user, not after another full time-out.
    const awayToo = r.failing.size > 1;
    recovered = healthOf(r).unreachable
      ? [...r.failing.entries()].filter(([e, f]) => e === endpoint || !f.timedOut || awayToo).map(([e]) => e)
      : wasFailing
        ? [endpoint]
        : [];
    // An endpoint already known to answer since the failures began adds nothing the view reads.
    const firstFailure = Math.min(...[...r.failing.values()].map((f) => f.since));
    if (!wasFailing && (r.answered.get(endpoint) ?? -Infinity) >= firstFailure) return r;
    const failing = new Map(r.failing);
    failing.delete(endpoint);
    const answered = new Map(r.answered);
    answered.set(endpoint, now);
    return { failing, answered };
  });
  return recovered;
}

/** The endpoints of `baseUrl` whose last request failed backend-wide. */
export function failingEndpoints(queryClient: QueryClient, baseUrl: string): string[] {
  return [...records.get(queryClient, baseUrl).failing.keys()];
}

/**
 * Forgets that `endpoint` fails: nothing on screen waits on it any more (its failed queries were
 * left behind by a window change or a scroll), so no success of its own may ever come to clear it,
 * and the banner would outlive the failure.
 */
export function forgetEndpoint(queryClient: QueryClient, baseUrl: string, endpoint: string): void {
  records.update(queryClient, baseUrl, (r) => {
    if (!r.failing.has(endpoint)) return r;
    const failing = new Map(r.failing);
    failing.delete(endpoint);
    return { ...r, failing };
  });
}

/** The health of `baseUrl` as `queryClient` has seen it (outside React). */
export function healthOfBackend(queryClient: QueryClient, baseUrl: string): BackendHealth {
  return healthOf(records.get(queryClient, baseUrl));
}

/** The health of `baseUrl` as this component's query client has seen it. */
export function useBackendHealth(baseUrl: string): BackendHealth {
  return healthOf(records.use(baseUrl));
}
