// @vitest-environment jsdom
// "Refresh now" asks every active query again only when the window did not move; a moved window
// asks its new keys by itself, so only the keys that name no time are asked again.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { prometheusKeys } from '../../prometheus';
import type { QueryWindow } from './context';
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
  function Probe({ k }: { k: readonly unknown[] }) {
    useQuery({ queryKey: k, queryFn: () => (asked.push(JSON.stringify(k)), 1) });
    return null;
  }
  // A board whose clock moves the window to `moveTo` when "Refresh now" is pressed (null: it
  // stays). While the new window's answers come in, the old one is still shown (observed), as
  // useCommittedWindow does.
  let press = (): void => undefined;
  const windowed = (w: QueryWindow) => [
    <Probe key="r" k={prometheusKeys.rangeQuery(B, 'up', w.startSec, w.endSec, w.stepSec)} />,
    <Probe key="i" k={prometheusKeys.instantQuery(B, 'sum(up)', w.endSec)} />,
  ];
  function Board({ moveTo }: { moveTo: number | null }) {
    const [end, setEnd] = useState(1_000_020);
    const w = at(end);
    press = useRefreshNow(w, () => {
      if (moveTo !== null) setEnd(moveTo);
    });
    return (
      <>
        <div>{windowed(at(1_000_020))}</div>
        {end !== 1_000_020 && <div>{windowed(w)}</div>}
        <Probe k={prometheusKeys.alerts(B)} />
      </>
    );
  }
  async function run(moveTo: number | null): Promise<string[]> {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Board moveTo={moveTo} />
      </QueryClientProvider>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    asked.length = 0;
    await act(async () => {
      press();
      await new Promise((r) => setTimeout(r, 0));
    });
    return [...asked].sort();
  }

  it('a moved window: its new keys once each, nothing of the old window again, the timeless ones again', async () => {
    expect(await run(1_000_035)).toEqual(
      [
        JSON.stringify(prometheusKeys.rangeQuery(B, 'up', 1_000_035 - 3600, 1_000_035, 15)),
        JSON.stringify(prometheusKeys.instantQuery(B, 'sum(up)', 1_000_035)),
        JSON.stringify(prometheusKeys.alerts(B)),
      ].sort(),
    );
  });

  it('a window that stays (absolute range): every active query once again', async () => {
    expect(await run(null)).toEqual(
      [
        JSON.stringify(prometheusKeys.rangeQuery(B, 'up', 1_000_020 - 3600, 1_000_020, 15)),
        JSON.stringify(prometheusKeys.instantQuery(B, 'sum(up)', 1_000_020)),
        JSON.stringify(prometheusKeys.alerts(B)),
      ].sort(),
    );
  });
});
