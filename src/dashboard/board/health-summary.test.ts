import { describe, expect, it } from 'vitest';
import { targetsUp } from './health-summary';

describe('targetsUp', () => {
  it('counts this engine\'s instances that answer their scrapes, and names the others', () => {
    const down = [{ instance: 'b:8000' }, { instance: 'other-engine:30000' }, { instance: 'b:8000' }];
    expect(targetsUp(['a:8000', 'b:8000', 'c:8000'], down)).toEqual({ up: 2, total: 3, down: ['b:8000'] });
    expect(targetsUp([], down)).toEqual({ up: 0, total: 0, down: [] });
  });
});
