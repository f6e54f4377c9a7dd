// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryWindow } from './context';
import { supersededInstantQueries, supersededRangeQueries, useEvictSuperseded } from './evict-superseded';

afterEach(cleanup);

const BASE = 'http://prom.test';
const HOUR = 3600;
const at = (endSec: number, stepSec = 15, length = HOUR): QueryWindow => ({ startSec: endSec - length, endSec, stepSec });
const key = (expr: string, w: QueryWindow, base = BASE) => ['prometheus', base, 'query_range', expr, w.startSec, w.endSec, w.stepSec] as const;

/** A panel asking `expr` over its window, as useQueryAnswers does (same key shape). */
function Panel({ expr, w }: { expr: string; w: QueryWindow }) {
  useQuery({ queryKey: key(expr, w), queryFn: () => ({ expr, end: w.endSec }) });
  return null;
}

function Page({ shown, live, earlier }: { shown: QueryWindow; live: boolean; earlier?: QueryWindow }) {
  useEvictSuperseded(shown, BASE, live);
  return (
    <>
      <Panel expr="rate(a[1m])" w={shown} />
      <Panel expr="rate(b[1m])" w={shown} />
      {earlier && <Panel expr="rate(a[1m])" w={earlier} />}
    </>
  );
}

const cachedEnds = (qc: QueryClient): number[] =>
  qc
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey[5] as number)
    .sort((a, b) => a - b);

async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('useEvictSuperseded', () => {
  it('a live page keeps only the answers of the window it shows', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000, staleTime: Infinity } } });
    const wrap = (shown: QueryWindow) => (
      <QueryClientProvider client={qc}>
        <Page shown={shown} live />
      </QueryClientProvider>
    );
    const view = render(wrap(at(10_000)));
    await settle();
    for (const end of [10_015, 10_030, 10_045]) {
      view.rerender(wrap(at(end)));
      await settle();
    }
    // Without eviction the three windows left behind would stay for the 60 s gcTime.
    expect(cachedEnds(qc)).toEqual([10_045, 10_045]);
  });

  it('drops a left window also when its panel lets go of it after the page moved (a later commit)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000, staleTime: Infinity } } });
    // The page shows the new window while one panel still renders the old one; that panel catches up afterwards.
    const wrap = (shown: QueryWindow, lagging: QueryWindow) => (
      <QueryClientProvider client={qc}>
        <Page shown={shown} live />
        <Panel expr="rate(c[1m])" w={lagging} />
      </QueryClientProvider>
    );
    const view = render(wrap(at(10_000), at(10_000)));
    await settle();
    view.rerender(wrap(at(10_015), at(10_000)));
    await settle();
    expect(cachedEnds(qc)).toEqual([10_000, 10_015, 10_015]);
    view.rerender(wrap(at(10_015), at(10_015)));
    await settle();
    expect(cachedEnds(qc)).toEqual([10_015, 10_015, 10_015]);
  });

  it('keeps an earlier window a panel still shows (time shift), and everything on an absolute range', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000, staleTime: Infinity } } });
    const wrap = (shown: QueryWindow, live: boolean) => (
      <QueryClientProvider client={qc}>
        <Page shown={shown} live={live} earlier={at(shown.endSec - 86_400)} />
      </QueryClientProvider>
    );
    const view = render(wrap(at(100_000), true));
    await settle();
    view.rerender(wrap(at(100_015), true));
    await settle();
    expect(cachedEnds(qc)).toEqual([100_015 - 86_400, 100_015, 100_015]);
    // An absolute range moved by hand (a pan): what it left stays for the gcTime, to come back to.
    view.rerender(wrap(at(100_030), false));
    await settle();
    expect(cachedEnds(qc)).toEqual([100_015 - 86_400, 100_030 - 86_400, 100_015, 100_015, 100_030, 100_030]);
  });
});

describe('supersededRangeQueries', () => {
  const q = (k: readonly unknown[], observers = 0) => ({ queryKey: k, getObserversCount: () => observers });
  it('picks only unobserved range queries of this backend, same step and length, ending before the window', () => {
    const shown = at(20_000);
    const left = q(key('up', at(19_985)));
    const picked = supersededRangeQueries(
      [
        left,
        q(key('up', at(19_985)), 1), // still observed
        q(key('up', shown)), // the window itself
        q(key('up', at(19_985, 30))), // another step (another panel width)
        q(key('up', at(19_985, 15, 6 * HOUR))), // another length
        q(key('up', at(19_985), 'http://other.test')), // another backend
        q(['prometheus', BASE, 'query', 'up', 19_985]), // an instant query
      ],
      BASE,
      shown,
    );
    expect(picked).toEqual([left]);
  });
});

describe('supersededInstantQueries', () => {
  const q = (k: readonly unknown[], observers = 0) => ({ queryKey: k, getObserversCount: () => observers });
  const instant = (expr: string, time: number | null, base = BASE) => ['prometheus', base, 'query', expr, time] as const;
  it('picks unobserved instant queries of this backend at an earlier end (step grid) inside the shown span', () => {
    const shown = at(20_010);
    const leftEnd = q(instant('up', 19_995));
    const leftSummary = q(instant('up', 19_980));
    const picked = supersededInstantQueries(
      [
        leftEnd,
        leftSummary,
        q(instant('up', 19_995), 1), // a table still showing it
        q(instant('up', 20_010)), // the shown end (being asked)
        q(instant('up', 20_025)), // the next end, asked ahead
        q(instant('up', 19_980, 'http://other.test')), // another backend
        q(instant('up == 0', null)), // at the backend's now
        q(instant('group by (__name__) (x)', 16_380)), // the recorded-names probe: a minute at or before the range's start
        q(instant('up', 20_010 - 86_400)), // a comparison's day-earlier window: kept for the gcTime
        q(instant('up', 19_990)), // not on the step grid
      ],
      BASE,
      shown,
    );
    expect(picked).toEqual([leftEnd, leftSummary]);
  });
});
