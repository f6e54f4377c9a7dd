import { describe, expect, it } from 'vitest';
import { sparklinePaths } from './sparkline';

describe('sparklinePaths', () => {
  it('draws min at the bottom and max at the top of the box, across the full width', () => {
    const { line } = sparklinePaths(
      [
        [0, 1],
        [1000, 3],
      ],
      36,
    );
    expect(line).toBe('M0,34L100,2');
  });

  it('breaks the line and closes the area at gaps', () => {
    const { line, area } = sparklinePaths(
      [
        [0, 1],
        [1, 2],
        [2, null],
        [3, 2],
        [4, 1],
      ],
      10,
    );
    expect(line.match(/M/g)).toHaveLength(2);
    expect(area.match(/Z/g)).toHaveLength(2);
  });

  it('draws nothing without values, and a flat line for a constant', () => {
    expect(sparklinePaths([[0, null]], 36)).toEqual({ line: '', area: '' });
    expect(sparklinePaths([], 36)).toEqual({ line: '', area: '' });
    expect(sparklinePaths([[0, 5], [10, 5]], 36).line).toBe('M0,18L100,18');
  });

  it('draws an hour of points (241) with at most ~120 vertices and keeps a one-step spike', () => {
    const points: Array<[number, number | null]> = Array.from({ length: 241 }, (_v, i) => [i * 15_000, i === 100 ? 50 : 10]);
    const { line } = sparklinePaths(points, 36);
    expect((line.match(/[ML]/g) ?? []).length).toBeLessThanOrEqual(120);
    // The spike reaches the top of the box (y = pad).
    expect(line).toContain(',2L');
  });
});
