// Runs a panel's expanded PromQL, as range queries over the page's window (charts, tiles) or as
// instant queries at its end (tables, distributions over `[$__range]`), and reports each query's
// status in the shape `reduceView` takes. Identical expressions share one request: the key is the
// expression and the window, so a tile and a panel asking the same thing hit the same cache entry.
import type { QueryObserverOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { instantQueryOptions, rangeQueryOptions, type PrometheusClient, type QueryAnswer, type RangeQueryAnswer } from '../../prometheus';
import type { QueryWindow } from './context';
import type { QueryStatus } from './view-state';
import { useCombinedQueries } from './use-combined-queries';
import { AT_WINDOW_END } from './use-committed-window';

export type QueryKind = 'range' | 'instant';

type AnswerOf<K extends QueryKind> = K extends 'range' ? RangeQueryAnswer : QueryAnswer;

export interface QueryAnswers<A> {
  statuses: QueryStatus[];
  /** One per expression; undefined until it answers (an earlier answer is kept across a failed refetch). */
  answers: Array<A | undefined>;
}

interface Args<K extends QueryKind> {
  kind: K;
  client: PrometheusClient;
  baseUrl: string;
  exprs: readonly string[];
  window: QueryWindow;
  enabled: boolean;
  /** Instant queries at the window's end itself, never a summary end (use-committed-window's AT_WINDOW_END). */
  atWindowEnd?: boolean;
}

export function useQueryAnswers<K extends QueryKind>({ kind, client, baseUrl, exprs, window: w, enabled, atWindowEnd = false }: Args<K>): QueryAnswers<AnswerOf<K>> {
  // `combine` keeps the result referentially stable while no query changes, so memos downstream
  // (shaping, chart options) do not re-run on unrelated re-renders.
  const combine = useCallback(
    (rs: Array<{ data?: unknown; error: unknown; isFetching: boolean }>): QueryAnswers<AnswerOf<K>> => ({
      statuses: rs.map((r) => ({ hasData: r.data !== undefined, error: r.error ?? null, fetching: r.isFetching })),
      answers: rs.map((r) => r.data as AnswerOf<K> | undefined),
    }),
    [],
  );
  // The option list is memoised on what makes it: TanStack defaults (and hashes the key of) every
  // option of a new list, and these hooks run in every tile and panel on every render of the page.
  const { startSec, endSec, stepSec } = w;
  const queries = useMemo(
    () =>
      exprs.map((expr) =>
        kind === 'range'
          ? { ...rangeQueryOptions(client, { baseUrl, expr, start: startSec, end: endSec, step: stepSec }), enabled }
          : { ...instantQueryOptions(client, { baseUrl, expr, time: endSec }), enabled, ...(atWindowEnd ? { meta: AT_WINDOW_END } : {}) },
      ),
    [kind, client, baseUrl, exprs, startSec, endSec, stepSec, enabled, atWindowEnd],
  );
  // The observer takes the general option type (as useQueries' own does); the keys stay typed above.
  return useCombinedQueries(queries as readonly QueryObserverOptions[], combine);
}
