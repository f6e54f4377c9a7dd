// Distribution panels ask `sum by (le) (increase(…[$__range]))` once, at the range's end (an
// instant query). Their vector is handed to the chart path as a matrix with one point per series,
// so the same shaping, states and CSV export serve them.
import { parseSampleValue, toColumnar, type QueryAnswer, type RangeQueryAnswer } from '../../prometheus';

// Per answer object (never mutated in the query cache): the same answer gives the same matrix, so
// the shaped series downstream stay the same objects across re-renders.
const cache = new WeakMap<QueryAnswer, RangeQueryAnswer>();

export function asRangeAnswer(answer: QueryAnswer | RangeQueryAnswer): RangeQueryAnswer {
  if (Array.isArray(answer.result)) return answer as RangeQueryAnswer;
  const a = answer as QueryAnswer;
  const hit = cache.get(a);
  if (hit) return hit;
  const r = a.result;
  const result =
    r.resultType === 'vector'
      ? r.result.map((s) => ({ metric: s.metric, t: Float64Array.of(s.value[0]), v: Float64Array.of(parseSampleValue(s.value[1])) }))
      : r.resultType === 'matrix'
        ? toColumnar(r.result).result
        : [];
  const out: RangeQueryAnswer = { result, warnings: a.warnings };
  cache.set(a, out);
  return out;
}
