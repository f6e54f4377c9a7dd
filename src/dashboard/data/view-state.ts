// The one state machine behind every panel kind (charts, stat tiles, tables): from the status of
// its queries and the last answer it showed, what the user sees now. Pure, so every transition is
// unit-tested (view-state.test.ts) instead of living in three hand-written copies.
//
// The rules, in order:
//  1. An answer shown for another backend (`scope`) is forgotten: never show one backend's data
//     under another's URL.
//  2. The backend is not answering at all (the shared health record says nothing has answered
//     since it failed, and this panel's query failed or waits): show the last answer marked stale;
//     with none, a settled "cannot know" state (`error`, reason `backend-down`), never a spinner
//     and never "no traffic" — an unreachable backend must not read as an idle fleet.
//  2b. This panel's query failed backend-wide (network, timeout, 502/503/504) while other requests
//     answer: the last answer marked stale with that error, or the error; never "Loading…" for good.
//  3. A query is still in flight: keep showing the last answer (so a refresh never blanks the
//     chart); with none, `loading`.
//  4. Every query answered: its own error when nothing came back; else `ok` or `empty` from the
//     shaped value, and that becomes the answer held for next time.
//  Quiet panels (catalog/quiet.ts), decided by the caller: `none-yet` (a family created by its
//  first event, not created yet; no query runs) is `empty` with that reason at once; `never-moved`
//  (feature counters still at 0 where requests were served; the caller's probe is one of the
//  statuses) turns an answered panel `unavailable` with that reason, never a flat 0 drawn as data.
import { useState } from 'react';
import type { QuietReason } from '../../catalog/quiet';

export type PanelState = 'loading' | 'ok' | 'empty' | 'unavailable' | 'error';

/** Why a panel is in its state, when words are needed beyond the state itself. */
export type ViewReason =
  | { kind: 'backend-down' }
  | { kind: 'query-error'; error: unknown }
  | QuietReason
  | null;

export interface QueryStatus {
  /** An answer (possibly of an earlier attempt) is in. */
  hasData: boolean;
  /** The last attempt failed. */
  error: unknown;
  fetching: boolean;
}

export interface HeldAnswer<T> {
  scope: string;
  state: 'ok' | 'empty' | 'unavailable';
  value: T;
  /** The never-moved reason an `unavailable` answer was shown with. */
  quiet?: QuietReason;
}

export interface View<T> {
  state: PanelState;
  /** What to draw; null while loading, in error, or when nothing was ever shown. */
  value: T | null;
  stale: boolean;
  fetching: boolean;
  reason: ViewReason;
  /** True when `value` is an earlier answer held on screen (refresh in flight, or stale). */
  held: boolean;
}

export interface ViewInput<T> {
  scope: string;
  statuses: readonly QueryStatus[];
  /**
   * The answers shaped for drawing, memoised by the caller on the answers (a new object each call
   * would look like a new answer each render). Read only when every query has answered.
   */
  value: T | null;
  isEmpty: (value: T) => boolean;
  /** The shared health record: the backend failed and nothing has answered since (`unreachable`). */
  backendDown: boolean;
  /** Tells a backend-wide failure (network, 502/503/504) from a query's own error. */
  isBackendWide: (error: unknown) => boolean;
  /** The caller's quiet decision (catalog/quiet.ts); memoised like `value`. */
  quiet?: QuietReason | null;
}

export interface ViewResult<T> {
  view: View<T>;
  /** The answer to hold for the next call (unchanged object when nothing new settled). */
  hold: HeldAnswer<T> | null;
}

export function reduceView<T>(prev: HeldAnswer<T> | null, input: ViewInput<T>): ViewResult<T> {
  const held = prev && prev.scope === input.scope ? prev : null;
  const fetching = input.statuses.some((s) => s.fetching);
  const pending = input.statuses.some((s) => !s.hasData && !s.error);
  const wide = input.statuses.some((s) => s.error !== null && s.error !== undefined && input.isBackendWide(s.error));
  const base = { fetching, held: false, stale: false, reason: null } as const;
  // Nothing to ask: the family has not been created yet. Nothing is held (no answer was shown).
  if (input.quiet?.kind === 'none-yet') return { view: { ...base, state: 'empty', value: null, reason: input.quiet }, hold: null };
  const heldView = (h: HeldAnswer<T>, stale: boolean): View<T> => ({ ...base, state: h.state, value: h.value, stale, held: true, reason: h.quiet ?? null });
  // No query yet (names still loading, nothing runnable): nothing has been answered, so nothing
  // may be held — an empty answer held from here would later show as "no traffic" while loading.
  if (input.statuses.length === 0) return { view: { ...base, state: 'loading', value: null }, hold: held };

  // The shared health record decides "down": a backend-wide error left on a query after the
  // backend answered again (the panel has not asked since) is a query waiting to be asked again.
  if (input.backendDown && (wide || pending || input.statuses.some((s) => s.error))) {
    if (held) return { view: heldView(held, true), hold: held };
    return { view: { ...base, state: 'error', value: null, reason: { kind: 'backend-down' } }, hold: null };
  }
  // A backend-wide failure of this panel's own query while the backend answers others (a gateway
  // that times out or 503s heavy range queries): such failures are not retried per query, so
  // waiting would be "Loading…" for good. The last answer stays, marked stale, with the error; with
  // none, the error. A query asked again (fetching) waits like any other.
  const settledWide = input.statuses.find((s) => s.error !== null && s.error !== undefined && !s.fetching && input.isBackendWide(s.error));
  if (settledWide) {
    const reason: ViewReason = { kind: 'query-error', error: settledWide.error };
    if (held) return { view: { ...heldView(held, true), reason }, hold: held };
    return { view: { ...base, state: 'error', value: null, reason }, hold: null };
  }
  if (pending || wide) {
    if (held) return { view: heldView(held, false), hold: held };
    return { view: { ...base, state: 'loading', value: null }, hold: null };
  }
  const failed = input.statuses.find((s) => s.error !== null && s.error !== undefined && !s.hasData);
  const anyData = input.statuses.some((s) => s.hasData);
  if (failed && !anyData) return { view: { ...base, state: 'error', value: null, reason: { kind: 'query-error', error: failed.error } }, hold: held };
  const value = input.value;
  if (value === null) return { view: { ...base, state: 'loading', value: null }, hold: held };
  const quiet = input.quiet?.kind === 'never-moved' ? input.quiet : null;
  if (quiet) {
    const next = held && held.value === value && held.quiet === quiet ? held : { scope: input.scope, state: 'unavailable' as const, value, quiet };
    return { view: { ...base, state: 'unavailable', value, reason: quiet }, hold: next };
  }
  const state: 'ok' | 'empty' = input.isEmpty(value) ? 'empty' : 'ok';
  const reason: ViewReason = failed ? { kind: 'query-error', error: failed.error } : null;
  const next = held && held.value === value && held.state === state && !held.quiet ? held : { scope: input.scope, state, value };
  return { view: { ...base, state, value, reason }, hold: next };
}

/** `reduceView` with the held answer kept in component state. */
export function useView<T>(input: ViewInput<T>): View<T> {
  const [hold, setHold] = useState<HeldAnswer<T> | null>(null);
  const { view, hold: next } = reduceView(hold, input);
  // Setting state while rendering (React's documented pattern for derived state): the held answer
  // is ready for the very next render, with no effect and no extra commit.
  if (next !== hold) setHold(next);
  return view;
}
