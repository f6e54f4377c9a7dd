import { describe, expect, it } from 'vitest';
import type { QuietReason } from '../../catalog/quiet';
import { reduceView, type HeldAnswer, type QueryStatus, type ViewInput } from './view-state';

const WIDE = new Error('network');
const BAD = new Error('bad_data');
const isBackendWide = (e: unknown) => e === WIDE;

const answered: QueryStatus = { hasData: true, error: null, fetching: false };
const inFlight: QueryStatus = { hasData: false, error: null, fetching: true };
const wideFail: QueryStatus = { hasData: false, error: WIDE, fetching: false };
const badFail: QueryStatus = { hasData: false, error: BAD, fetching: false };

function input(statuses: QueryStatus[], value: number[] | null, over: Partial<ViewInput<number[]>> = {}): ViewInput<number[]> {
  return { scope: 'http://a', statuses, value, isEmpty: (v) => v.length === 0, backendDown: false, isBackendWide, ...over };
}

const shown: HeldAnswer<number[]> = { scope: 'http://a', state: 'ok', value: [1, 2] };

describe('reduceView', () => {
  it('loads, then shows the answer and holds it', () => {
    expect(reduceView(null, input([inFlight], null)).view.state).toBe('loading');
    const v = [3];
    const r = reduceView(null, input([answered], v));
    expect(r.view).toMatchObject({ state: 'ok', value: v, stale: false, held: false });
    expect(r.hold).toEqual({ scope: 'http://a', state: 'ok', value: v });
  });

  it('no queries yet is loading, and holds nothing (it must not later show as "no traffic")', () => {
    const r = reduceView(null, input([], []));
    expect(r.view.state).toBe('loading');
    expect(r.hold).toBeNull();
    expect(reduceView(r.hold, input([inFlight], null)).view.state).toBe('loading');
  });

  it('an answer with no samples is empty, and is held like any other', () => {
    const r = reduceView(shown, input([answered], []));
    expect(r.view.state).toBe('empty');
    expect(r.hold?.state).toBe('empty');
  });

  it('keeps the previous answer on screen while a refresh is in flight', () => {
    const r = reduceView(shown, input([answered, inFlight], null));
    expect(r.view).toMatchObject({ state: 'ok', value: shown.value, held: true, stale: false, fetching: true });
    expect(r.hold).toBe(shown);
  });

  it('backend down: the last answer stays, marked stale — never "no traffic"', () => {
    for (const statuses of [[wideFail], [answered, wideFail]]) {
      const r = reduceView(shown, input(statuses, [], { backendDown: true }));
      expect(r.view).toMatchObject({ state: 'ok', value: shown.value, stale: true });
    }
    // The health record says down and this panel's new query cannot arrive.
    expect(reduceView(shown, input([inFlight], null, { backendDown: true })).view).toMatchObject({ state: 'ok', stale: true });
    // An empty answer held is still shown as held (stale), not replaced by an error.
    const empty: HeldAnswer<number[]> = { ...shown, state: 'empty', value: [] };
    expect(reduceView(empty, input([wideFail], null, { backendDown: true })).view).toMatchObject({ state: 'empty', stale: true });
    // Once the backend answers again, a query asked again waits with the last answer on screen.
    const askedAgain: QueryStatus = { hasData: false, error: WIDE, fetching: true };
    expect(reduceView(shown, input([askedAgain], null)).view).toMatchObject({ state: 'ok', stale: false, held: true });
  });

  it('a backend-wide failure of its own query while other requests answer: never "Loading…" for good', () => {
    // With an answer shown: it stays, marked stale, with the error.
    expect(reduceView(shown, input([wideFail], null)).view).toMatchObject({ state: 'ok', stale: true, held: true, reason: { kind: 'query-error', error: WIDE } });
    // With none: the error itself (a timeout, a 503), settled.
    const r = reduceView(null, input([answered, wideFail], null));
    expect(r.view).toMatchObject({ state: 'error', value: null, reason: { kind: 'query-error', error: WIDE } });
    expect(r.hold).toBeNull();
  });

  it('backend down with nothing shown yet: a settled error, not a spinner', () => {
    const r = reduceView(null, input([wideFail, inFlight], null, { backendDown: true }));
    expect(r.view).toMatchObject({ state: 'error', reason: { kind: 'backend-down' }, value: null });
    expect(reduceView(null, input([inFlight], null, { backendDown: true })).view.state).toBe('error');
  });

  it('never shows one backend’s answer under another', () => {
    const r = reduceView(shown, input([inFlight], null, { scope: 'http://b' }));
    expect(r.view).toMatchObject({ state: 'loading', value: null });
    expect(r.hold).toBeNull();
    expect(reduceView(shown, input([wideFail], null, { scope: 'http://b', backendDown: true })).view).toMatchObject({ state: 'error', value: null });
  });

  it('a query error of its own shows its message; partial answers still draw', () => {
    const r = reduceView(null, input([badFail], null));
    expect(r.view).toMatchObject({ state: 'error', reason: { kind: 'query-error', error: BAD } });
    const partial = reduceView(null, input([answered, badFail], [5]));
    expect(partial.view).toMatchObject({ state: 'ok', value: [5], reason: { kind: 'query-error', error: BAD } });
  });

  it('the same answer again keeps the same held object (no re-render loop)', () => {
    const v = [1];
    const first = reduceView(null, input([answered], v));
    const again = reduceView(first.hold, input([answered], v));
    expect(again.hold).toBe(first.hold);
  });

  it('recovers: after an outage a fresh answer replaces the stale one', () => {
    const stale = reduceView(shown, input([wideFail], null, { backendDown: true }));
    const fresh = reduceView(stale.hold, input([answered], [9]));
    expect(fresh.view).toMatchObject({ state: 'ok', value: [9], stale: false, held: false });
  });

  describe('quiet panels', () => {
    const off: QuietReason = { kind: 'never-moved', metrics: ['vllm:estimated_flops_per_gpu_total'], flags: ['--enable-mfu-metrics'] };
    const lazy: QuietReason = { kind: 'none-yet', metrics: ['sglang:num_aborted_requests_total'], events: ['the first aborted request'] };

    it('a family not created yet is "none yet" at once (no query to wait for), not loading nor "not exposed"', () => {
      const r = reduceView(null, input([], null, { quiet: lazy }));
      expect(r.view).toMatchObject({ state: 'empty', reason: lazy, value: null });
      expect(r.hold).toBeNull();
    });

    it('feature counters at 0 where requests were served: unavailable with the flag, not a flat 0 drawn as data', () => {
      const zeros = [0, 0, 0];
      const r = reduceView(null, input([answered, answered], zeros, { quiet: off }));
      expect(r.view).toMatchObject({ state: 'unavailable', reason: off });
      // Without the decision the same zeros are data.
      expect(reduceView(null, input([answered, answered], zeros)).view.state).toBe('ok');
      // Held through a refresh and an outage with its reason, so the words do not flicker.
      expect(reduceView(r.hold, input([answered, inFlight], null, { quiet: off })).view).toMatchObject({ state: 'unavailable', reason: off, held: true });
      expect(reduceView(r.hold, input([wideFail], null, { backendDown: true })).view).toMatchObject({ state: 'unavailable', reason: off, stale: true });
      // The counters start moving (the flag was turned on): data again, and that is held instead.
      const moved = reduceView(r.hold, input([answered, answered], [0, 2e15]));
      expect(moved.view).toMatchObject({ state: 'ok', reason: null });
      expect(moved.hold?.quiet).toBeUndefined();
    });

    it('while the probe is in flight the panel waits (no zero flashed as data first)', () => {
      expect(reduceView(null, input([answered, inFlight], [0], { quiet: null })).view.state).toBe('loading');
    });
  });
});
