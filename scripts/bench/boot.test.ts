import { describe, expect, it } from 'vitest';
import { medianSteps, type BootStep } from './boot';

const step = (label: string, start: number, end: number): BootStep => ({ label, start, end });

describe('medianSteps', () => {
  it('takes the median start and end of each step over the loads, sorted by median start', () => {
    const runs = [
      [step('index.js', 10, 40), step('config.json', 50, 60)],
      [step('index.js', 12, 44), step('config.json', 30, 70)],
      [step('index.js', 30, 50), step('config.json', 55, 90)],
    ];
    expect(medianSteps(runs)).toEqual([step('index.js', 12, 44), step('config.json', 50, 70)]);
  });

  it('averages the middle two for an even number of loads and rounds to whole ms', () => {
    expect(medianSteps([[step('a', 10, 20.2)], [step('a', 11, 21)]])).toEqual([step('a', 11, 21)]);
    expect(medianSteps([[step('a', 1, 2)], [step('a', 2, 4)], [step('a', 3, 6)], [step('a', 10, 20)]])).toEqual([step('a', 3, 5)]);
  });

  it('skips a step in the loads that lack it instead of counting it as zero', () => {
    const runs = [[step('a', 0, 5), step('late', 400, 500)], [step('a', 2, 7)], [step('a', 4, 9)]];
    expect(medianSteps(runs)).toEqual([step('a', 2, 7), step('late', 400, 500)]);
  });

  it('orders by the medians, not by the first load', () => {
    const runs = [
      [step('x', 10, 20), step('y', 50, 60)],
      [step('y', 1, 2), step('x', 80, 90)],
      [step('y', 3, 4), step('x', 70, 80)],
    ];
    expect(medianSteps(runs).map((s) => s.label)).toEqual(['y', 'x']);
  });

  it('gives no steps for no loads, or loads without steps', () => {
    expect(medianSteps([])).toEqual([]);
    expect(medianSteps([[], []])).toEqual([]);
  });
});
