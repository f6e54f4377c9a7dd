// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrometheusClient, type PrometheusClient } from '../../prometheus';
import { summaryWindow, type QueryWindow } from './context';
import { AT_WINDOW_END, isTranslation, planPrefetch, prefetchWindow, PREFETCH_LIMIT_MS, sameWindow } from './use-committed-window';
import { BoardClock, useClockSelect } from './board-clock';
import { useQueryAnswers } from './use-query-answers';

afterEach(cleanup);

const BASE = 'http://prom.test';
const w = (startSec: number, endSec: number, stepSec = 15): QueryWindow => ({ startSec, endSec, stepSec });

describe('summaryWindow', () => {
  it('holds the end of an hour-long window on a one-minute grid, a multiple of the step', () => {
    expect(summaryWindow(w(3615, 7215))).toEqual(w(3600, 7200));
    expect(summaryWindow(w(3600, 7200))).toEqual(w(3600, 7200));
    expect(summaryWindow(w(3645, 7245))).toEqual(w(3600, 7200));
  });
  it('keeps short windows on their own step', () => {
    const short = w(1000, 1300, 5);
    expect(summaryWindow(short)).toBe(short);
  });
});

describe('planPrefetch', () => {
  const q = (key: unknown[], active = true) => ({ queryKey: key, isActive: () => active });
  const shown = w(3615, 7215);
  const next = w(3630, 7230);

  it('moves the range queries in view, the earlier window of a comparison, and instants at the end', () => {
    const jobs = planPrefetch(
      [
        q(['prometheus', BASE, 'query_range', 'a', 3615, 7215, 15]),
        q(['prometheus', BASE, 'query_range', 'a', 15, 3615, 15]),
        q(['prometheus', BASE, 'query', 'dist', 7215]),
      ],
      BASE,
      shown,
      next,
    );
    expect(jobs).toEqual([
      { kind: 'range', expr: 'a', start: 3630, end: 7230, step: 15 },
      { kind: 'range', expr: 'a', start: 30, end: 3630, step: 15 },
      { kind: 'instant', expr: 'dist', time: 7230 },
    ]);
  });

  it("moves a latency chart's exemplars over the window with its lines, not those of another range", () => {
    const jobs = planPrefetch(
      [
        q(['prometheus', BASE, 'query_exemplars', 'ttft_bucket', 3615, 7215]),
        q(['prometheus', BASE, 'query_exemplars', 'probe', 7200 - 604_800, 7200]),
        q(['prometheus', BASE, 'query_exemplars', 'off', 3615, 7215], false),
        q(['prometheus', 'http://other', 'query_exemplars', 'ttft_bucket', 3615, 7215]),
      ],
      BASE,
      shown,
      next,
    );
    expect(jobs).toEqual([{ kind: 'exemplars', expr: 'ttft_bucket', start: 3630, end: 7230 }]);
  });

  it('skips off-screen panels, other backends, other steps and lengths, and summaries that stay put', () => {
    const jobs = planPrefetch(
      [
        q(['prometheus', BASE, 'query_range', 'off', 3615, 7215, 15], false),
        q(['prometheus', 'http://other', 'query_range', 'a', 3615, 7215, 15]),
        q(['prometheus', BASE, 'query_range', 'a', 3615, 7215, 30]),
        q(['prometheus', BASE, 'query_range', 'a', 0, 7215, 15]),
        q(['prometheus', BASE, 'query', 'table', 7200]),
        q(['prometheus', BASE, 'label_values', 'le']),
      ],
      BASE,
      shown,
      next,
    );
    expect(jobs).toEqual([]);
  });

  it("moves a table's live column (asked at the window's end) to the next end, also when that end is a summary end", () => {
    const live = (time: number) => ({ ...q(['prometheus', BASE, 'query', 'up', time]), meta: AT_WINDOW_END });
    // 7200 is both the shown window's end and its summary end: the summary moves to the next summary end (7200, stays), the live one to 7215.
    expect(planPrefetch([live(7200), q(['prometheus', BASE, 'query', 'table', 7200])], BASE, w(3600, 7200), w(3615, 7215))).toEqual([{ kind: 'instant', expr: 'up', time: 7215 }]);
    expect(planPrefetch([live(7215)], BASE, w(3615, 7215), w(3630, 7230))).toEqual([{ kind: 'instant', expr: 'up', time: 7230 }]);
    // Another time (a comparison's earlier window) is not this window's end: left alone.
    expect(planPrefetch([live(100)], BASE, w(3615, 7215), w(3630, 7230))).toEqual([]);
  });

  it('moves summaries when their end crosses the summary grid', () => {
    const jobs = planPrefetch([q(['prometheus', BASE, 'query', 'table', 7200])], BASE, w(3645, 7245), w(3660, 7260));
    expect(jobs).toEqual([{ kind: 'instant', expr: 'table', time: 7260 }]);
  });

  it('isTranslation: same length and step, another place', () => {
    expect(isTranslation(shown, next)).toBe(true);
    expect(isTranslation(shown, shown)).toBe(false);
    expect(isTranslation(shown, w(3630, 7230, 30))).toBe(false);
    expect(isTranslation(shown, w(0, 7230))).toBe(false);
  });
});

/** A Prometheus whose range answers are released by the test, one per window. */
function heldPrometheus() {
  const waiting = new Map<string, () => void>();
  const asked: string[] = [];
  const aborted: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = new URL(String(input)).searchParams;
    const key = `${body.get('start')}-${body.get('end')}`;
    asked.push(key);
    await new Promise<void>((resolve, reject) => {
      waiting.set(key, resolve);
      init?.signal?.addEventListener('abort', () => {
        aborted.push(key);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
    const value = [Number(body.get('end')), body.get('end') ?? ''];
    return new Response(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values: [value] }] } }), {
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  // Conditions, not sleeps: on a loaded machine an answer can take longer than any fixed wait to
  // reach a render.
  const release = async (key: string) => {
    await waitFor(() => expect(waiting.has(key)).toBe(true));
    await act(async () => {
      waiting.get(key)?.();
      waiting.delete(key);
    });
  };
  return { client: createPrometheusClient({ baseUrl: BASE, fetch: fetchFn }), asked, aborted, release };
}

/**
 * A board on a BoardClock: an hour on a 15 s step ending at the clock's shown reading (seconds
 * here), or the absolute range `range` ("start|end"); one panel asking `up` over the shown window.
 */
function Board({ clock, range, client, seen }: { clock: BoardClock; range: string | null; client: PrometheusClient; seen: string[] }) {
  const qc = useQueryClient();
  const windowAt = useCallback(
    (now: number): QueryWindow => {
      if (range) {
        const [a, b] = range.split('|').map(Number) as [number, number];
        return w(a, b);
      }
      const end = Math.floor(now / 15) * 15;
      return w(end - 3600, end);
    },
    [range],
  );
  const shown = useClockSelect(clock, windowAt, sameWindow);
  useEffect(() => clock.configure({ windowAt, prefetch: (from, to) => prefetchWindow(qc, client, BASE, from, to) }), [clock, windowAt, qc, client]);
  const { answers } = useQueryAnswers({ kind: 'range', client, baseUrl: BASE, exprs: ['up'], window: shown, enabled: true });
  const a = answers[0];
  seen.push(`${shown.endSec}:${a && Array.isArray(a.result) ? String(a.result[0]?.v[0]) : 'loading'}`);
  return null;
}

describe('the refresh clock', () => {
  const setup = () => {
    const prom = heldPrometheus();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const seen: string[] = [];
    const clock = new BoardClock(7215);
    const view = (range: string | null = null) => (
      <QueryClientProvider client={qc}>
        <Board clock={clock} range={range} client={prom.client} seen={seen} />
      </QueryClientProvider>
    );
    const tick = (now: number) => act(() => void clock.tick(now));
    return { ...prom, seen, view, clock, tick };
  };

  it('keeps the shown window until the moved one has answered, then switches with the data in', async () => {
    const { seen, view, release, asked, tick } = setup();
    render(view());
    await release('3615-7215');
    await waitFor(() => expect(seen.at(-1)).toBe('7215:7215'));
    const renders = seen.length;
    // A tick inside the step renders nothing.
    await tick(7220);
    expect(seen).toHaveLength(renders);
    await tick(7230);
    await waitFor(() => expect(asked).toEqual(['3615-7215', '3630-7230']));
    expect(seen.at(-1)).toBe('7215:7215');
    expect(seen).toHaveLength(renders);
    await release('3630-7230');
    await waitFor(() => expect(seen.at(-1)).toBe('7230:7230'));
    // Never a render of the new window without its answer, and one render for the move.
    expect(seen).not.toContain('7230:loading');
    expect(seen).toHaveLength(renders + 1);
    expect(asked).toHaveLength(2);
  });

  it('shows another range at once (a zoom or a new preset is the user, not the clock)', async () => {
    const { seen, view, release } = setup();
    const r = render(view());
    await release('3615-7215');
    await waitFor(() => expect(seen.at(-1)).toBe('7215:7215'));
    r.rerender(view('3630|7230'));
    expect(seen.at(-1)).toBe('7230:loading');
    r.rerender(view('0|7230'));
    expect(seen.at(-1)).toBe('7230:loading');
  });

  it('switches at once when the clock moves again before the answers are in, and cancels them', async () => {
    const { seen, view, release, aborted, asked, tick } = setup();
    render(view());
    await release('3615-7215');
    await waitFor(() => expect(seen.at(-1)).toBe('7215:7215'));
    await tick(7230);
    await waitFor(() => expect(asked).toContain('3630-7230'));
    expect(seen.at(-1)).toBe('7215:7215');
    expect(aborted).toEqual([]);
    await tick(7245);
    await waitFor(() => expect(seen.at(-1)).toBe('7245:loading'));
    // The request for the window that will never be shown is closed, not left open.
    await waitFor(() => expect(aborted).toEqual(['3630-7230']));
  });

  it('does not cancel a prefetch that answered, nor one the page switched to after the time limit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { seen, view, release, aborted, asked, tick } = setup();
      render(view());
      await release('3615-7215');
      await waitFor(() => expect(seen.at(-1)).toBe('7215:7215'));
      await tick(7230);
      await waitFor(() => expect(asked).toContain('3630-7230'));
      await act(async () => vi.advanceTimersByTimeAsync(PREFETCH_LIMIT_MS + 10));
      // Switched without the answer: the panel now waits for that same request.
      expect(seen.at(-1)).toBe('7230:loading');
      await tick(7245);
      await act(async () => vi.advanceTimersByTimeAsync(10));
      await release('3630-7230');
      expect(aborted).not.toContain('3630-7230');
    } finally {
      vi.useRealTimers();
    }
  });
});
