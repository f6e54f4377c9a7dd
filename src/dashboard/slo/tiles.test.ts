import { describe, expect, it } from 'vitest';
import { burnAxisMax } from './burn-panel';
import { goodputColor } from './tiles';

describe('goodput colour', () => {
  it('is judged against the objective: green when even the lower bound meets it, red when even the upper misses, amber between', () => {
    expect(goodputColor({ low: 0.995, high: 0.999 }, 0.99)).toBe('green');
    expect(goodputColor({ low: 0.9, high: 0.98 }, 0.99)).toBe('red');
    expect(goodputColor({ low: 0.985, high: 0.995 }, 0.99)).toBe('amber');
    expect(goodputColor(null, 0.99)).toBe('none');
  });
});

describe('burn chart axis', () => {
  const s = (...v: number[]) => [{ id: 'a', name: 'a', labels: {}, points: v.map((x, i) => [i, x] as [number, number]) }];
  it('reaches past the 14.4× page line on a healthy fleet, and leaves a higher burn to the data', () => {
    expect(burnAxisMax(s(0.2, 3, 9.9))).toBeGreaterThan(14.4);
    expect(burnAxisMax(s(20))).toBeUndefined();
  });
});
