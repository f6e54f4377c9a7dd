import { describe, expect, it } from 'vitest';
import { heapFigures, type HeapSample } from './heap';

const MB = 1e6;

/** Samples every 5 ticks from 10 to `last`: a flat heap plus a ±1 MB swing with a 15-tick period (the query cache's windows). */
function swinging(last: number, level: (tick: number) => number): HeapSample[] {
  const out: HeapSample[] = [];
  for (let tick = 10; tick <= last; tick += 5) out.push({ tick, bytes: level(tick) + (tick % 15 === 0 ? 1 : tick % 15 === 5 ? -1 : 0) * MB });
  return out;
}

describe('heapFigures', () => {
  it('reads a flat heap whose samples swing with the cache as flat, where the single-sample figure does not', () => {
    const f = heapFigures(swinging(1000, () => 20 * MB), 300);
    // Tick 300 is at the top of the swing (21 MB), tick 1000 at the level (20 MB): the old figure reads −4.8 %.
    expect(f.growthPct).toBe(-4.8);
    expect(Math.abs(f.windowMedianGrowthPct)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(f.trendPct)).toBeLessThanOrEqual(0.5);
    expect(f.windowSamples).toEqual([10, 10]);
    expect(f.trendSamples).toBe(141);
  });

  it('shows steady growth under the same swing', () => {
    // +2 MB over ticks 300..1000 on 20 MB: +10 %.
    const f = heapFigures(swinging(1000, (t) => 20 * MB + Math.max(0, t - 300) * (2 * MB / 700)), 300);
    expect(f.trendPct).toBeGreaterThan(9);
    expect(f.trendPct).toBeLessThan(11);
    expect(f.windowMedianGrowthPct).toBeGreaterThan(8);
  });

  it('takes the last sample at or before the base tick for the single-sample figure', () => {
    const f = heapFigures(
      [
        { tick: 10, bytes: 10 * MB },
        { tick: 100, bytes: 20 * MB },
        { tick: 150, bytes: 22 * MB },
      ],
      120,
    );
    expect(f.growthPct).toBe(10);
  });
});
