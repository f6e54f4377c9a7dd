// Which recorded series the board may read instead of raw ones: those with a sample at the start of
// the range (an instant query at the minute before it; Prometheus' 5-minute lookback). The name
// list alone is not enough: Prometheus lists a name for a whole head block, so rules loaded ten
// minutes ago would be "present" over the last hours too, and the older part of each panel empty.
// A relative range asks again once a minute (one small instant query), not on every refresh tick.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sameMembers, useStable } from '../data/use-stable';
import { loadRecordedGrammar, RECORDED_NAME_MATCH } from '../../rules/recorded';
import { backendOfKey, prometheusKeys, type PrometheusClient, type QueryAnswer } from '../../prometheus';

const EMPTY: ReadonlySet<string> = new Set();

export interface RecordedNames {
  /** Recorded series present from the range's start; empty when none or unknown. */
  names: ReadonlySet<string>;
  /** Answered (or failed): panels wait for it, so that they do not query raw and then again recorded. */
  settled: boolean;
}

const MINUTE = 60;
const EXPR = `group by (__name__) (${RECORDED_NAME_MATCH})`;

/** The query, as a factory: the boot path (src/app/early-discovery.ts) asks it under the same key. */
export function recordedNamesQuery(client: PrometheusClient, baseUrl: string, startSec: number) {
  const start = Math.floor(startSec / MINUTE) * MINUTE;
  return queryOptions({
    queryKey: prometheusKeys.instantQuery(baseUrl, EXPR, start),
    queryFn: async ({ signal }): Promise<QueryAnswer> => {
      const answer = await client.query(EXPR, start, signal);
      // Panels rewrite their queries onto recorded series with Prometheus' grammar: load it first.
      if (namesOf(answer).size > 0) await loadRecordedGrammar();
      return answer;
    },
    staleTime: Infinity,
    retry: false,
    // A refused query (a proxy allowing only some selectors) means raw queries, not a backend down.
    meta: { healthSignal: false },
  });
}

// Module-level, so the selected Set keeps its identity while the answer does.
export const namesOf = ({ result }: QueryAnswer): ReadonlySet<string> =>
  result.resultType === 'vector' ? new Set(result.result.flatMap((s) => (s.metric.__name__ ? [s.metric.__name__] : []))) : EMPTY;

export function useRecordedNames(client: PrometheusClient | null, baseUrl: string, startSec: number): RecordedNames {
  const q = useQuery({
    ...recordedNamesQuery(client!, baseUrl, startSec),
    select: namesOf,
    enabled: client !== null,
    // The key moves every minute: keep this backend's last answer meanwhile, so the
    // panels do not all drop back to "loading" while it is asked again.
    placeholderData: (prev, prevQuery) => (prevQuery && backendOfKey(prevQuery.queryKey) === baseUrl ? prev : undefined),
  });
  // Asked again every minute: the same names keep their identity (a new Set re-rendered every panel).
  const names = useStable(q.data ?? EMPTY, sameMembers);
  return { names, settled: q.data !== undefined || q.isError || client === null };
}
