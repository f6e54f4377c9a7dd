// The cache's one collector: what nobody observes for a minute goes, what is observed or still
// fetching stays, and a query observed again starts its minute over.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectUnobserved } from './query-gc';

describe('collectUnobserved', () => {
  let t = 0;
  let stop = (): void => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    t = 0;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });
  const setup = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: Infinity } } });
    stop = collectUnobserved(qc.getQueryCache(), 60_000, 15_000, () => t);
    const advance = async (ms: number) => {
      t += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    const has = (k: string) => qc.getQueryCache().find({ queryKey: [k] }) !== undefined;
    return { qc, advance, has };
  };

  it('drops an answer nobody observes after a minute, keeps an observed one', async () => {
    const { qc, advance, has } = setup();
    qc.setQueryData(['left'], 1);
    const watched = new QueryObserver(qc, { queryKey: ['watched'], queryFn: () => 2 });
    const unsubscribe = watched.subscribe(() => undefined);
    await advance(45_000);
    expect(has('left')).toBe(true);
    await advance(30_000);
    expect(has('left')).toBe(false);
    expect(has('watched')).toBe(true);
    unsubscribe();
    await advance(45_000);
    expect(has('watched')).toBe(true);
    await advance(30_000);
    expect(has('watched')).toBe(false);
  });

  it('starts the minute over when an observer comes back and leaves again', async () => {
    const { qc, advance, has } = setup();
    qc.setQueryData(['k'], 1);
    await advance(45_000);
    const o = new QueryObserver(qc, { queryKey: ['k'], queryFn: () => 1 });
    const unsubscribe = o.subscribe(() => undefined);
    unsubscribe();
    await advance(45_000);
    expect(has('k')).toBe(true);
    await advance(30_000);
    expect(has('k')).toBe(false);
  });

  it('leaves a query that is still fetching', async () => {
    const { qc, advance, has } = setup();
    void qc.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise(() => undefined) });
    await advance(120_000);
    expect(has('slow')).toBe(true);
  });
});
