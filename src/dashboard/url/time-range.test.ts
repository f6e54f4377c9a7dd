import { describe, expect, it } from 'vitest';
import { isTimeExpr, rangeProblem, resolveRange, resolveTime } from './time-range';

const NOW = Date.parse('2026-01-01T12:34:56Z');

describe('time expressions', () => {
  it.each([
    ['now', NOW],
    ['now-1h', NOW - 3_600_000],
    ['now-15m', NOW - 900_000],
    ['now-7d', NOW - 7 * 86_400_000],
    ['now/d', Date.parse('2026-01-01T00:00:00Z')],
    ['now-1d/d', Date.parse('2025-12-31T00:00:00Z')],
    ['1767225600000', 1767225600000],
  ])('%s', (expr, expected) => {
    expect(resolveTime(expr, NOW)).toBe(expected);
  });

  it.each(['', 'now-', 'now-1x', 'yesterday', '12', 'now - 1h'])('rejects %j', (expr) => {
    expect(isTimeExpr(expr)).toBe(false);
    expect(resolveTime(expr, NOW)).toBeNull();
  });

  it('resolves a range', () => {
    expect(resolveRange({ from: 'now-1h', to: 'now' }, NOW)).toEqual({ startMs: NOW - 3_600_000, endMs: NOW });
  });

  it.each([
    [{ from: 'now', to: 'now-1h' }, 'not before'],
    [{ from: 'now', to: 'now' }, 'not before'],
    [{ from: 'now-10s', to: 'now' }, 'shorter'],
    [{ from: 'now-10y', to: 'now' }, 'longer'],
  ])('explains a bad range %j', (range, why) => {
    expect(rangeProblem(range, NOW)).toContain(why);
  });

  it('accepts a normal range', () => {
    expect(rangeProblem({ from: 'now-7d', to: 'now' }, NOW)).toBeNull();
  });
});
