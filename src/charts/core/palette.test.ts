import { describe, expect, it } from 'vitest';
import { ColorRegistry, SERIES_COLORS, chartTokens, seriesColor, seriesColorMap, seriesColors } from './palette';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 … 21). */
function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}


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

  it('keeps a series\' colour when a filter removes the others, and when they come back', () => {
    const registry = new ColorRegistry();
    const models = ['llama-3-8b', 'qwen2-7b', 'mistral-7b', 'gemma-2b', 'phi-3'].map((m) => ({ id: `q{model_name="${m}"}` }));
    const all = seriesColorMap(models, registry);
    expect(new Set(all.values()).size).toBe(models.length);
    for (const m of models) expect(seriesColorMap([m], registry).get(m.id)).toBe(all.get(m.id));
    expect(seriesColorMap([models[3]!, models[1]!], registry).get(models[1]!.id)).toBe(all.get(models[1]!.id));
    // Loaded filtered first (a link with model=), then unfiltered: the filtered one keeps its colour.
    const fresh = new ColorRegistry();
    const first = seriesColorMap([models[4]!], fresh).get(models[4]!.id);
    const later = seriesColorMap(models, fresh);
    expect(later.get(models[4]!.id)).toBe(first);
    expect(new Set(later.values()).size).toBe(models.length);
  });

  it('gives distinct colours up to the palette size, then repeats', () => {
    const registry = new ColorRegistry();
    const ids = Array.from({ length: SERIES_COLORS.length }, (_v, i) => `s${i}`);
    expect(new Set(seriesColors(ids, registry)).size).toBe(SERIES_COLORS.length);
    expect(SERIES_COLORS).toContain(seriesColors(['one-more'], registry)[0]);
    // The first series of a panel get the first, most distinct colours.
    expect(seriesColors(['x', 'y'])).toEqual([SERIES_COLORS[0], SERIES_COLORS[1]]);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
