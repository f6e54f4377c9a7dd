// A config.json price table (`gpuPrices`, `prices`): an object of name → price. What both share:
// the object check and the empty-name check, each problem one sentence; the price itself is the
// caller's to read.

/** A finite, non-negative number: a price. */
export const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The entries of the table `raw` under `field`, with a non-empty name; pushes `notObject` when
 * it is not an object, and a sentence per empty name (`noun`: what the names are).
 */
export function priceEntries(raw: unknown, field: string, noun: string, notObject: string, problems: string[]): Array<[string, unknown]> {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(notObject);
    return [];
  }
  return Object.entries(raw as Record<string, unknown>).filter(([name]) => {
    if (name.trim() !== '') return true;
    problems.push(`"${field}" has an empty ${noun} name`);
    return false;
  });
}
