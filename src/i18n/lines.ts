// Interface strings of the latency lines: exemplars and trace searches from a point of a quantile
// line (src/dashboard/traces/line-traces.tsx), the SLO threshold line. Spread into en.ts and zh-CN.ts.

export interface LinesText {
  /** The status line when dots are drawn. */
  shown: (n: number) => string;
  /** The status line's hint: points are clickable with or without exemplars. */
  clickHint: string;
  /** "p95 at 12:01:15: 312 ms." */
  point: (line: string, time: string, value: string) => string;
  /** What a point's search asks for: requests of the step slower than the value's bucket floor. */
  asksAbove: (bound: string, share: string) => string;
  /** The same when the line does not say which quantile it is. */
  asksAboveNoShare: (bound: string) => string;
  /** The value lies in the first bucket: no duration bound. */
  asksAll: string;
  /** The keyboard list: each line's highest points with their searches. */
  peaks: (n: number) => string;
  /** The SLO threshold line on a latency chart: "SLO 99 % ≤ 500 ms". */
  slo: (objective: string, value: string) => string;
}

const en_: LinesText = {
  shown: (n) => `${n} exemplar${n === 1 ? '' : 's'} (dots): requests with a trace id.`,
  clickHint: 'Click a dot or a point of a line for its traces.',
  point: (line, time, value) => `${line} at ${time}: ${value}.`,
  asksAbove: (bound, share) => `The search asks for this step’s requests slower than ${bound} (the lower bound of the value’s bucket): the slowest ${share} and some faster ones.`,
  asksAboveNoShare: (bound) => `The search asks for this step’s requests slower than ${bound} (the lower bound of the value’s bucket).`,
  asksAll: 'The value lies in the first bucket: the search asks for every request of this step.',
  peaks: (n) => `Highest points of the lines (${n}): trace searches`,
  slo: (objective, value) => `SLO ${objective} ≤ ${value}`,
};

export const en = { lines: en_ };
