// parseSampleValue: Prometheus' string sample values, special floats included.
import { describe, expect, it } from 'vitest';
import { parseSampleValue } from './sample-value';

describe('parseSampleValue', () => {
  it('Number("+Inf") is NaN, which is why this exists', () => {
    expect(Number('+Inf')).toBeNaN();
  });

  it.each([
    ['1', 1],
    ['0', 0],
    ['-2.5', -2.5],
    ['1e-7', 1e-7],
    ['1.7976931348623157e+308', Number.MAX_VALUE],
    ['+Inf', Number.POSITIVE_INFINITY],
    ['-Inf', Number.NEGATIVE_INFINITY],
  ])('%s → %d', (s, n) => {
    expect(parseSampleValue(s)).toBe(n);
  });

  it.each(['NaN', '', ' ', 'abc', '12abc'])('%j → NaN', (s) => {
    expect(parseSampleValue(s)).toBeNaN();
  });

  it('non-strings from a broken backend are NaN, numbers pass through', () => {
    expect(parseSampleValue(null)).toBeNaN();
    expect(parseSampleValue({})).toBeNaN();
    expect(parseSampleValue(3)).toBe(3);
  });
});
