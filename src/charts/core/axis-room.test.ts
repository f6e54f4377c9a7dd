import { describe, expect, it } from 'vitest';
import { axisTicks, niceNumber, valueExtent, yLabelRoom } from './axis-room';

describe('axis room', () => {
  it('picks ECharts-style nice intervals', () => {
    expect(niceNumber(665)).toBe(500);
    expect(niceNumber(2.6)).toBe(3);
    expect(niceNumber(0.0012)).toBe(0.001);
  });

  it('lists the ticks of an axis over its extent', () => {
    expect(axisTicks(0, 2660, 4)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000]);
    expect(axisTicks(0, 1, 4, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('sums stacked series point by point, and keeps 0 in the extent', () => {
    const ext = valueExtent([
      { data: [[0, 5], [1, 7]], stack: 'total' },
      { data: [[0, 6], [1, 1]], stack: 'total' },
      { data: [[0, 9], [1, null]] },
    ]);
    expect(ext).toEqual([0, 11]);
    expect(valueExtent([{ data: [[0, -3], [1, -1]] }])).toEqual([-3, 0]);
  });

  it('makes room for the widest label (a long unit needs more than a short one)', () => {
    const short = yLabelRoom([0, 10], (v) => String(v), 4);
    const long = yLabelRoom([0, 10000], (v) => `${v / 1000}k tok/s`, 4);
    expect(long).toBeGreaterThan(short);
  });
});
