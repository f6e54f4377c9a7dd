// Strings of the fleet-health fixes: SLO cells against the objective, capacity that
// left the fleet. Spread into en.ts and zh-CN.ts with one line each.

export const en = {
  fleetHealth: {
    sloMet: (v: string, objective: string) => `${v} meets the objective (${objective}).`,
    sloBelow: (v: string, objective: string, burn: string) => `${v} is below the objective (${objective}): the error budget goes ${burn}× as fast as it accrues over the range.`,
    sloPaging: (page: string) => ` At ${page}× or more a 1 h window pages.`,
    sloBetween: (lower: string, upper: string) => `≈: the threshold lies between the bucket bounds ${lower} and ${upper}; the share is interpolated between the shares at those bounds.`,
    left: (since: string) => `the last stopped reporting at ${since}. Their load and latency left the totals and quantiles: the tiles describe the instances that remain.`,
    leftShort: (down: number, seen: number) => `${down} of ${seen} instances down`,
    noDataBefore: (d: string) => `no data ${d} ago`,
    deltaTitle: (d: string) => `The mean over the range against the mean over the same range ${d} earlier; shares in percentage points; table cells likewise (counts get none). Red: the bad way for this metric; green: the good way.`,
  },
};
