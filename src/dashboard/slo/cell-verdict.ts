// An SLO attainment cell of the Models table, coloured as the attainment tile colours the same
// figure: green while the objective is met, red when the range burns the budget at the 1 h paging
// speed (14.4×), amber between. Pure; the words come from the caller's language.
import type { Messages } from '../../i18n/en';
import { burnColor, burnRate, PAGE_AT } from '../../lib/slo';

export interface SloCellVerdict {
  color: 'green' | 'amber' | 'red';
  reason: string;
}

export function sloCellVerdict(value: number, objective: number, pct: (v: number) => string, num: (v: number) => string, t: Messages['fleetHealth']): SloCellVerdict | null {
  if (!Number.isFinite(value) || !(objective > 0 && objective < 1)) return null;
  if (value >= objective) return { color: 'green', reason: t.sloMet(pct(value), pct(objective)) };
  const burn = burnRate(value, objective);
  const color = burnColor(burn) === 'red' ? 'red' : 'amber';
  return { color, reason: t.sloBelow(pct(value), pct(objective), num(burn)) + t.sloPaging(num(PAGE_AT['1h'])) };
}
