import { describe, expect, it } from 'vitest';
import { SERIES_COLORS, chartTokens, contrastRatio, seriesColor } from './palette';

describe('palette', () => {
  it.each([...SERIES_COLORS])('%s has ≥ 3:1 contrast on both chart backgrounds', (c) => {
    expect(contrastRatio(c, chartTokens('light').background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(c, chartTokens('dark').background)).toBeGreaterThanOrEqual(3);
  });

  it('axis text has ≥ 4.5:1 contrast in both themes', () => {
    for (const theme of ['light', 'dark'] as const) {
      const t = chartTokens(theme);
      expect(contrastRatio(t.mutedText, t.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.text, t.tooltipBackground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('cycles colours by index, also for odd inputs', () => {
    expect(seriesColor(0)).toBe(SERIES_COLORS[0]);
    expect(seriesColor(SERIES_COLORS.length)).toBe(SERIES_COLORS[0]);
    expect(seriesColor(-1)).toBe(SERIES_COLORS[SERIES_COLORS.length - 1]);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
