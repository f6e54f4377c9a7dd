// Keeping a value's identity while its content is unchanged. Lists the page learns from the backend
// (metric names, recorded series) are asked again every minute or when their coarse window moves;
// each answer is a new Set even when nothing changed, and a new Set in the dashboard's context
// re-rendered every panel of the page, on screen or not, and rebuilt every chart option
//.
import { useState } from 'react';

/** Two sets with the same members. */
export function sameMembers<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * `value`, or the value returned before when that one is `equal` to it. The comparison runs only
 * when `value` itself changes (not on every render).
 */
export function useStable<T>(value: T, equal: (kept: T, next: T) => boolean): T {
  const [s, setS] = useState({ raw: value, kept: value });
  if (s.raw === value) return s.kept;
  const kept = equal(s.kept, value) ? s.kept : value;
  setS({ raw: value, kept });
  return kept;
}
