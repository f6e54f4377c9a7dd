// Series colours and theme tokens shared by the canvas (option builders) and the DOM (legend table).
import type { ChartSeries, ChartTheme } from './types';

/**
 * One palette for both themes: every colour has ≥ 3:1 contrast (WCAG 1.4.11, graphical objects)
 * against white and against the dark panel background #0b1220 (checked in palette.test.ts), so a
 * series keeps its colour when the theme flips.
 */
export const SERIES_COLORS = [
  '#2563eb', // blue
  '#d97706', // amber
  '#16a34a', // green
  '#dc2626', // red
  '#9333ea', // purple
  '#0d9488', // teal
  '#db2777', // pink
  '#0284c7', // sky
  '#65a30d', // lime
  '#6366f1', // indigo
  '#c2410c', // orange
  '#a16207', // ochre
] as const;

/** The colour at `index` of the palette, cycling (for callers with no series identity, e.g. a tile). */
export function seriesColor(index: number): string {
  const n = SERIES_COLORS.length;
  return SERIES_COLORS[((index % n) + n) % n] ?? SERIES_COLORS[0];
}

/** FNV-1a, 32 bits: a fixed, fast string hash (the same in every browser and locale). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Remembers the colour each series got, for as long as its panel lives, so that a series keeps
 * its colour when a filter removes others (or brings them back), whatever its position. A series
 * seen for the first time takes the first colour no series holds yet (so the first few series of
 * a panel get the most distinct colours: blue, amber, green, red…); once every colour is held, a
 * colour picked by a hash of its identity (repeats are unavoidable past the palette's size).
 */
export class ColorRegistry {
  private readonly slots = new Map<string, number>();
  private readonly held = new Set<number>();

  slot(identity: string): number {
    const known = this.slots.get(identity);
    if (known !== undefined) return known;
    const n = SERIES_COLORS.length;
    let slot = hash(identity) % n;
    for (let i = 0; i < n; i += 1) {
      if (!this.held.has(i)) {
        slot = i;
        break;
      }
    }
    this.slots.set(identity, slot);
    this.held.add(slot);
    return slot;
  }
}

/**
 * Colours for identities, in order; distinct among the first 12 identities the registry sees. A
 * fresh registry (the default) colours by position.
 *
 * @example
 * const r = new ColorRegistry();
 * seriesColors(['a', 'b'], r) // ['#2563eb', '#d97706']
 * seriesColors(['b'], r)      // ['#d97706']: b keeps its colour after a filter removed a
 */
export function seriesColors(identities: readonly string[], registry: ColorRegistry = new ColorRegistry()): string[] {
  return identities.map((id) => SERIES_COLORS[registry.slot(id)] ?? SERIES_COLORS[0]);
}

/** Series id → colour for a panel's series. Pass the full list, hidden series included. */
export function seriesColorMap(series: ReadonlyArray<Pick<ChartSeries, 'id'>>, registry?: ColorRegistry): Map<string, string> {
  const colors = seriesColors(
    series.map((s) => s.id),
    registry,
  );
  return new Map(series.map((s, i) => [s.id, colors[i] ?? SERIES_COLORS[0]]));
}

export interface ChartTokens {
  background: string;
  text: string;
  /** Axis labels: ≥ 4.5:1 on the background. */
  mutedText: string;
  gridLine: string;
  axisLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  /** The drag-to-zoom selection rectangle. */
  brush: string;
}

const TOKENS: Record<ChartTheme, ChartTokens> = {
  light: {
    background: '#ffffff',
    text: '#0f172a',
    mutedText: '#475569',
    gridLine: '#e2e8f0',
    axisLine: '#cbd5e1',
    tooltipBackground: '#ffffff',
    tooltipBorder: '#cbd5e1',
    brush: 'rgba(37, 99, 235, 0.15)',
  },
  dark: {
    background: '#0b1220',
    text: '#e2e8f0',
    mutedText: '#94a3b8',
    gridLine: '#1e293b',
    axisLine: '#334155',
    tooltipBackground: '#0f172a',
    tooltipBorder: '#334155',
    brush: 'rgba(148, 163, 184, 0.2)',
  },
};

export function chartTokens(theme: ChartTheme): ChartTokens {
  return TOKENS[theme];
}

/** What every chart of the board shares: no animation, transparent background, text colour, grid. */
export function chartFrame(t: ChartTokens) {
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: t.text },
    grid: { left: 8, right: 16, top: 12, bottom: 4, containLabel: true },
  };
}
