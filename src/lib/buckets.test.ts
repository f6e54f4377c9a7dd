import { describe, expect, it } from 'vitest';
import { leMatcher, locateThreshold, parseBounds, parseLe } from './buckets';

describe('parseLe', () => {
  it.each([
    ['1.0', 1],
    ['1', 1],
    ['0.005', 0.005],
    ['1e-3', 0.001],
    ['+Inf', Infinity],
    ['Inf', Infinity],
  ])('%s → %s', (raw, v) => expect(parseLe(raw)).toBe(v));
  it.each(['', 'abc', 'NaN', '1.0.0', '0x10'])('rejects %j', (raw) => expect(parseLe(raw)).toBeNull());
});

describe('parseBounds', () => {
  it('sorts numerically and merges spellings of one bound', () => {
    const b = parseBounds(['10.0', '+Inf', '2.5', '1', '1.0', 'junk']);
    expect(b.map((x) => x.value)).toEqual([1, 2.5, 10, Infinity]);
    expect(b[0]!.raw).toBe('1');
  });
  it('leMatcher matches every spelling, escaped', () => {
    expect(leMatcher(1, ['1.0', '1', '2'])).toBe('1\\.0|1');
    expect(leMatcher(Infinity, ['+Inf'])).toBe('\\+Inf');
  });
});

describe('locateThreshold', () => {
  const bounds = parseBounds(['0.1', '0.5', '1.0', '+Inf']);
  it('exact, between, below the first, above the last', () => {
    expect(locateThreshold(0.5, bounds)).toMatchObject({ kind: 'exact', bound: { value: 0.5 } });
    expect(locateThreshold(0.3, bounds)).toMatchObject({ kind: 'between', lower: { value: 0.1 }, upper: { value: 0.5 } });
    expect(locateThreshold(0.05, bounds)).toMatchObject({ kind: 'between', lower: null, upper: { value: 0.1 } });
    expect(locateThreshold(2, bounds)).toMatchObject({ kind: 'above', highest: { value: 1 } });
    expect(locateThreshold(1, parseBounds(['+Inf']))).toEqual({ kind: 'none' });
  });
});
