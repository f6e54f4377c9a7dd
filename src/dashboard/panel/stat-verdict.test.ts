import { describe, expect, it } from 'vitest';
import { STAT_THRESHOLDS } from '../../catalog/define';
import { en } from '../../i18n/en';
import { STAT_COLORS, statVerdict, worstStat, type ReportedStat } from './stat-verdict';

const ms = (v: number) => `${Math.round(v * 1000)} ms`;

describe('statVerdict', () => {
  it('says why a tile is green, amber or red, against the threshold that decided it', () => {
    expect(statVerdict(0.133, STAT_THRESHOLDS.ttft, ms, en.verdict)).toEqual({ color: 'green', reason: '133 ms is below 1000 ms, where amber starts.' });
    expect(statVerdict(1.5, STAT_THRESHOLDS.ttft, ms, en.verdict)).toEqual({
      color: 'amber',
      reason: '1500 ms is at or above 1000 ms, the amber threshold. 1500 ms is below 3000 ms, where red starts.',
    });
    expect(statVerdict(4, STAT_THRESHOLDS.ttft, ms, en.verdict)).toEqual({ color: 'red', reason: '4000 ms is at or above 3000 ms, the red threshold.' });
  });

  it('gives tiles without thresholds no colour of their own, and says so', () => {
    const v = statVerdict(4.73, undefined, String, en.verdict);
    expect(v.color).toBe('none');
    expect(v.reason).toMatch(/No threshold/);
    // Two tiles that differ in meaning must not look alike.
    expect(STAT_COLORS.none).not.toBe(STAT_COLORS.green);
    expect(STAT_COLORS.none).toBe('var(--iw-text)');
  });

  it('has no verdict without a value', () => {
    expect(statVerdict(null, STAT_THRESHOLDS.ttft, ms, en.verdict)).toEqual({ color: 'none', reason: en.verdict.noValue });
  });
});

describe('worstStat', () => {
  const s = (id: string, color: ReportedStat['color']): ReportedStat => ({ id, title: id, text: '1', color, reason: '' });
  it('is the stat furthest past its threshold, the first of equals', () => {
    expect(worstStat([s('a', 'green'), s('b', 'amber'), s('c', 'red'), s('d', 'red')])?.id).toBe('c');
    expect(worstStat([s('a', 'green'), s('b', 'none')])?.id).toBe('a');
    expect(worstStat([s('b', 'none')])).toBeNull();
  });
});
