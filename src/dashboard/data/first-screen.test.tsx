// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_FALLBACK_MS, useBelowFoldMounted, useFirstScreenIn } from './first-screen';

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
  return { qc, wrapper, rangeQuery };
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
});
