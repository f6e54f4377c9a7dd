// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryObserverOptions } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCombinedQueries } from './use-combined-queries';

afterEach(cleanup);

const combine = (rs: Array<{ data?: unknown; isFetching: boolean }>) => ({ data: rs.map((r) => r.data), fetching: rs.some((r) => r.isFetching) });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  let renders = 0;
  const calls: string[] = [];
  const options = (key: string): QueryObserverOptions => ({
    queryKey: ['q', key],
    queryFn: () => {
      calls.push(key);
      return Promise.resolve(`answer ${key}`);
    },
  });
  const hook = renderHook(
    ({ keys }: { keys: readonly QueryObserverOptions[] }) => {
      renders += 1;
      return useCombinedQueries(keys, combine);
    },
    { wrapper, initialProps: { keys: [options('a')] } },
  );
  return { client, hook, options, calls, renders: () => renders };
}

describe('useCombinedQueries', () => {
  it('fetches, shows the answer when it arrives, and renders once for a key change whose answer is cached', async () => {
    const { client, hook, options, calls, renders } = setup();
    await waitFor(() => expect(hook.result.current.data).toEqual(['answer a']));
    expect(calls).toEqual(['a']);
    // The next window's answer asked ahead (as the atomic window change does), then the key moves.
    await client.prefetchQuery(options('b') as Parameters<QueryClient['prefetchQuery']>[0]);
    const before = renders();
    act(() => hook.rerender({ keys: [options('b')] }));
    expect(hook.result.current).toEqual({ data: ['answer b'], fetching: false });
    // Let the effects and any scheduled notification run: no second render for the same value.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(renders() - before).toBe(1);
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps the combined value while nothing it reads changed, and follows a refetch', async () => {
    const { client, hook, options } = setup();
    await waitFor(() => expect(hook.result.current.data).toEqual(['answer a']));
    const shown = hook.result.current;
    // A new (equal) option list: re-defaulted, same combined object.
    hook.rerender({ keys: [options('a')] });
    expect(hook.result.current).toBe(shown);
    client.setQueryData(['q', 'a'], 'changed');
    await waitFor(() => expect(hook.result.current.data).toEqual(['changed']));
  });
});
