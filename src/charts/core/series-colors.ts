// Which colour each series of a panel gets: originals by identity (the panel's colour memory, see
// palette.ts seriesColorMap), and an earlier-window copy (compare mode, `shiftOf`) its original's
// colour, so a pair reads as one metric now and then; the copy is told apart by its dashed,
// lighter line.
import { SERIES_COLORS, seriesColorMap, type ColorRegistry } from './palette';
import type { ChartSeries } from './types';

export function shiftAwareColorMap(series: ReadonlyArray<Pick<ChartSeries, 'id' | 'shiftOf'>>, registry?: ColorRegistry): Map<string, string> {
  const map = seriesColorMap(
    series.filter((s) => !s.shiftOf),
    registry,
  );
  for (const s of series) if (s.shiftOf) map.set(s.id, map.get(s.shiftOf) ?? SERIES_COLORS[0] ?? 'currentColor');
  return map;
}

/** Opacity of an earlier-window line (its colour is its original's). */
export const SHIFTED_OPACITY = 0.55;
