import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { sloCellVerdict } from './cell-verdict';

const pct = (v: number) => `${Number((v * 100).toFixed(2))} %`;
const num = (v: number) => String(Number(v.toFixed(2)));
const verdict = (v: number, o = 0.99) => sloCellVerdict(v, o, pct, num, en.fleetHealth);

describe('sloCellVerdict', () => {
  it('is green at or above the objective', () => {
    expect(verdict(0.995)).toEqual({ color: 'green', reason: '99.5 % meets the objective (99 %).' });
    expect(verdict(0.99)?.color).toBe('green');
  });
  it('is amber below it, red from the 1 h paging burn (14.4×)', () => {
    // 97 % against 99 %: 3 % missed of a 1 % budget is 3×.
    expect(verdict(0.97)?.color).toBe('amber');
    expect(verdict(0.97)?.reason).toContain('goes 3× as fast as it accrues');
    expect(verdict(0.86)?.color).toBe('amber'); // 14×
    expect(verdict(0.85)?.color).toBe('red'); // 15×
  });
  it('has no verdict for an objective outside (0, 1) or a missing value', () => {
    expect(verdict(0.5, 1)).toBeNull();
    expect(verdict(NaN)).toBeNull();
  });
});
