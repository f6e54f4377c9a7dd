// Which columns of a table panel shown alone (`panel=`, an embed at 600×320) fit its width whole:
// the most telling first (rates, latency, failures, SLO), kept in the table's own order, so a
// small embed shows five whole columns instead of five and half of a sixth. Pure.

/** Column ids in the order they are kept when the width runs short; any other id comes after them. */
export const COLUMN_PRIORITY: readonly string[] = [
  'req-rate',
  'ttft-p95',
  'status',
  'instances',
  'failed-share',
  'ttft-slo',
  'itl-p95',
  'itl-slo',
  'e2e-slo',
  'output-tokens',
  'running',
  'waiting',
  'kv-usage',
  'e2e-p95',
  'kv-peak',
  'preemptions',
];

/**
 * The ids of the columns that fit `available` px beside the row header (`keyWidth`), chosen by
 * priority and returned in table order; every column when all fit.
 *
 * @example
 * fitColumns([{ id: 'instances', width: 80 }, { id: 'req-rate', width: 90 }, { id: 'prompt-tokens', width: 110 }], 180, 400)
 * // ['instances', 'req-rate']: 180 + 90 + 80 = 350 ≤ 400; prompt tok/s (110 more) does not fit
 */
export function fitColumns(columns: ReadonlyArray<{ id: string; width: number }>, keyWidth: number, available: number): string[] {
  const total = keyWidth + columns.reduce((s, c) => s + c.width, 0);
  if (total <= available) return columns.map((c) => c.id);
  const rank = (id: string) => {
    const i = COLUMN_PRIORITY.indexOf(id);
    return i === -1 ? COLUMN_PRIORITY.length : i;
  };
  const byPriority = columns.map((c, i) => ({ ...c, i })).sort((a, b) => rank(a.id) - rank(b.id) || a.i - b.i);
  const kept = new Set<string>();
  let used = keyWidth;
  for (const c of byPriority) {
    if (used + c.width > available) continue;
    kept.add(c.id);
    used += c.width;
  }
  return columns.filter((c) => kept.has(c.id)).map((c) => c.id);
}
