// Which colour each series of a panel gets: the n-th original series the n-th palette colour,
// and an earlier-window copy (compare mode, `shiftOf`) its original's colour, so a pair reads as
// one metric now and then; the copy is told apart by its dashed, lighter line.
import { seriesColor } from './palette';
import type { ChartSeries } from './types';

export function seriesColors(series: readonly ChartSeries[]): string[] {
  const byId = new Map<string, string>();
  let n = 0;
  for (const s of series) if (!s.shiftOf) byId.set(s.id, seriesColor(n++));
  return series.map((s) => (s.shiftOf ? (byId.get(s.shiftOf) ?? seriesColor(n++)) : (byId.get(s.id) ?? seriesColor(0))));
}

/** Opacity of an earlier-window line (its colour is its original's). */
export const SHIFTED_OPACITY = 0.55;
