// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_FALLBACK_MS, SETTLE_CAP_MS, useBelowFoldMounted, useFirstScreenIn } from './first-screen';

const URL_A = 'http://prom.test';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  /** A range query of the page, answered when `answer` is called. */
  const rangeQuery = (expr: string) => {
    let answer: () => void = () => {};
    const done = qc.fetchQuery({ queryKey: ['prometheus', URL_A, 'query_range', expr], queryFn: () => new Promise<number>((r) => (answer = () => r(1))) });
    return { answer: () => answer(), done };
  };
  /** An instant query of the page (a table's column, a verdict), answered when `answer` is called. */
  const instantQuery = (expr: string) => {
    let answer: () => void = () => {};
    const done = qc.fetchQuery({ queryKey: ['prometheus', URL_A, 'query', expr, null], queryFn: () => new Promise<number>((r) => (answer = () => r(1))) });
    return { answer: () => answer(), done };
  };
  return { qc, wrapper, rangeQuery, instantQuery };
}

describe('first screen', () => {
  it('is in once every range query sent has answered, not before', async () => {
    const { wrapper, rangeQuery } = setup();
    const { result } = renderHook(() => useFirstScreenIn(URL_A), { wrapper });
    const a = rangeQuery('a');
    const b = rangeQuery('b');
    await act(async () => {
      a.answer();
      await a.done;
    });
    expect(result.current).toBe(false);
    await act(async () => {
      b.answer();
      await b.done;
    });
    expect(result.current).toBe(true);
  });

  it('gives up holding things back when no range query is sent', async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    const { result } = renderHook(() => useFirstScreenIn(URL_A), { wrapper });
    expect(result.current).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(FIRST_SCREEN_FALLBACK_MS + 1);
    });
    expect(result.current).toBe(true);
  });

  it('mounts below the fold as soon as the user scrolls, without waiting for the first screen', async () => {
    const { wrapper, rangeQuery } = setup();
    rangeQuery('slow');
    const { result } = renderHook(() => useBelowFoldMounted(URL_A), { wrapper });
    expect(result.current).toBe(false);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toBe(true);
  });

  it('mounts below the fold after the first screen is in', async () => {
    const { wrapper, rangeQuery } = setup();
    const q = rangeQuery('a');
    const { result } = renderHook(() => useBelowFoldMounted(URL_A), { wrapper });
    await act(async () => {
      q.answer();
      await q.done;
    });
    await vi.waitFor(() => expect(result.current).toBe(true));
  });

  it('mounts below the fold only once the instant queries of the first screen (a table in view) have answered too', async () => {
    const { wrapper, rangeQuery, instantQuery } = setup();
    const q = rangeQuery('a');
    const table = instantQuery('max_over_time(x[1h])');
    const { result } = renderHook(() => ({ mounted: useBelowFoldMounted(URL_A), firstIn: useFirstScreenIn(URL_A) }), { wrapper });
    await act(async () => {
      q.answer();
      await q.done;
    });
    // The panels' data is in (the label lists may leave), the table's is not: nothing below yet.
    await vi.waitFor(() => expect(result.current.firstIn).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.mounted).toBe(false);
    await act(async () => {
      table.answer();
      await table.done;
    });
    await vi.waitFor(() => expect(result.current.mounted).toBe(true));
  });

  it('does not wait for a slow instant query longer than the cap', async () => {
    vi.useFakeTimers();
    const { wrapper, rangeQuery, instantQuery } = setup();
    const q = rangeQuery('a');
    instantQuery('slow verdict');
    const { result } = renderHook(() => useBelowFoldMounted(URL_A), { wrapper });
    await act(async () => {
      q.answer();
      await q.done;
    });
    await act(async () => {
      vi.advanceTimersByTime(SETTLE_CAP_MS - 100);
    });
    expect(result.current).toBe(false);
    // The cap, then afterDrawn's frame (a timer where there are no animation frames) and the render.
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
    }
    expect(result.current).toBe(true);
  });
});
