// @vitest-environment jsdom
// "Refresh now" asks every active query again only when the window did not move; a moved window
// asks its new keys by itself, so only the keys that name no time are asked again.
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { useCallback, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { prometheusKeys } from '../../prometheus';
import { BoardClock, useClockSelect } from './board-clock';
import type { QueryWindow } from './context';
import { sameWindow } from './use-committed-window';
import { isWindowedKey, refreshScope, useRefreshNow } from './refresh-now';

afterEach(cleanup);

const B = 'http://prom.test';
const at = (endSec: number, stepSec = 15): QueryWindow => ({ startSec: endSec - 3600, endSec, stepSec });

describe('refreshScope', () => {
  it('asks everything again when the step-aligned window stays (absolute range, same step)', () => {
    expect(refreshScope(at(1_000_020), at(1_000_020))).toBe('all');
  });
  it('leaves the window’s queries to the move when it moved, or changed step', () => {
    expect(refreshScope(at(1_000_020), at(1_000_035))).toBe('timeless');
    expect(refreshScope(at(1_000_020), at(1_000_020, 30))).toBe('timeless');
  });
});

describe('isWindowedKey', () => {
  it('reads the time out of each key the board caches', () => {
    expect(isWindowedKey(prometheusKeys.rangeQuery(B, 'up', 0, 3600, 15))).toBe(true);
    expect(isWindowedKey(prometheusKeys.instantQuery(B, 'up', 3600))).toBe(true);
    expect(isWindowedKey(prometheusKeys.instantQuery(B, 'up == 0', null))).toBe(false);
    expect(isWindowedKey(prometheusKeys.labelValues(B, 'model_name', { match: ['up'], start: 0, end: 3600 }))).toBe(true);
    expect(isWindowedKey(prometheusKeys.labelValues(B, 'model_name', { limit: 5 }))).toBe(false);
    expect(isWindowedKey(prometheusKeys.labelNames(B, { start: 0, end: 3600 }))).toBe(true);
    expect(isWindowedKey(prometheusKeys.metricNames(B, { end: 3600 }))).toBe(true);
    expect(isWindowedKey(prometheusKeys.metricNames(B, {}))).toBe(false);
    expect(isWindowedKey(prometheusKeys.bucketBounds(B, 'x_bucket', 0, 3600))).toBe(true);
    expect(isWindowedKey(prometheusKeys.exemplars(B, 'x', 0, 3600))).toBe(true);
    for (const k of [prometheusKeys.alerts(B), prometheusKeys.alertRules(B), prometheusKeys.metadata(B), prometheusKeys.scrapeInterval(B, true)]) {
      expect(isWindowedKey(k), String(k[2])).toBe(false);
    }
  });
});

describe('useRefreshNow', () => {
  const asked: string[] = [];
  const queryFn = (k: readonly unknown[]) => () => (asked.push(JSON.stringify(k)), 1);
  function Probe({ k }: { k: readonly unknown[] }) {
    useQuery({ queryKey: k, queryFn: queryFn(k) });
    return null;
  }
  const windowed = (w: QueryWindow) => [prometheusKeys.rangeQuery(B, 'up', w.startSec, w.endSec, w.stepSec), prometheusKeys.instantQuery(B, 'sum(up)', w.endSec)];
  // A board on a clock reading `time` (seconds): a live hour (`moves`) or one that stays. The clock
  // asks a moved window's keys ahead (as prefetchWindow does) and shows it when they are in.
  let press = (): void => undefined;
  let time = 1_000_020;
  function Board({ moves }: { moves: boolean }) {
    const qc = useQueryClient();
    const [clock] = useState(() => new BoardClock(time, undefined, () => time));
    const windowAt = useCallback((now: number) => (moves ? at(Math.floor(now / 15) * 15) : at(1_000_020)), [moves]);
    const shown = useClockSelect(clock, windowAt, sameWindow);
    useEffect(
      () =>
        clock.configure({
          windowAt,
          prefetch: (_from, to) => ({ done: Promise.all(windowed(to).map((k) => qc.fetchQuery({ queryKey: k, queryFn: queryFn(k) }))), cancel: () => undefined }),
        }),
      [clock, windowAt, qc],
    );
    press = useRefreshNow(clock);
    return (
      <>
        {windowed(shown).map((k) => (
          <Probe key={JSON.stringify(k)} k={k} />
        ))}
        <Probe k={prometheusKeys.alerts(B)} />
      </>
    );
  }
  async function run(moves: boolean): Promise<string[]> {
    time = 1_000_020;
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Board moves={moves} />
      </QueryClientProvider>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    asked.length = 0;
    time = 1_000_035;
    await act(async () => {
      press();
      await new Promise((r) => setTimeout(r, 0));
    });
    return [...asked].sort();
  }

  it('a moved window: its new keys once each, nothing of the old window again, the timeless ones again', async () => {
    expect(await run(true)).toEqual(
      [
        JSON.stringify(prometheusKeys.rangeQuery(B, 'up', 1_000_035 - 3600, 1_000_035, 15)),
        JSON.stringify(prometheusKeys.instantQuery(B, 'sum(up)', 1_000_035)),
        JSON.stringify(prometheusKeys.alerts(B)),
      ].sort(),
    );
  });

  it('a window that stays (absolute range): every active query once again', async () => {
    expect(await run(false)).toEqual(
      [
        JSON.stringify(prometheusKeys.rangeQuery(B, 'up', 1_000_020 - 3600, 1_000_020, 15)),
        JSON.stringify(prometheusKeys.instantQuery(B, 'sum(up)', 1_000_020)),
        JSON.stringify(prometheusKeys.alerts(B)),
      ].sort(),
    );
  });
});
