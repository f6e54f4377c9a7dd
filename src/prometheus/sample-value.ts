// Prometheus sample values arrive as strings; this turns them into numbers, special floats included.

/**
 * Go formats the special floats as "NaN", "+Inf" and "-Inf", and `Number("+Inf")` is NaN, so they
 * are mapped explicitly. Anything unparsable (including "" and non-strings from a broken backend)
 * becomes NaN rather than 0, so the charts draw a gap, never a false zero.
 *
 * @example parseSampleValue('0.25') // 0.25
 * @example parseSampleValue('+Inf') // Infinity
 * @example parseSampleValue('') // NaN
 */
export function parseSampleValue(s: unknown): number {
  if (typeof s === 'number') return s;
  if (typeof s !== 'string') return Number.NaN;
  switch (s) {
    case '+Inf':
    case 'Inf':
    case 'inf':
    case '+inf':
      return Number.POSITIVE_INFINITY;
    case '-Inf':
    case '-inf':
      return Number.NEGATIVE_INFINITY;
    case 'NaN':
    case 'nan':
      return Number.NaN;
  }
  if (s.trim() === '') return Number.NaN;
  return Number(s);
}
