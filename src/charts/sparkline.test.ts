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
    expect(line).toBe('M0.00,34.00L100.00,2.00');
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
    expect(sparklinePaths([[0, 5], [10, 5]], 36).line).toBe('M0.00,18.00L100.00,18.00');
  });
});
