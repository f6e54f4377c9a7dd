// Where the board's panels will be, estimated from the viewport before React renders: one panel's
// width (which sets the query step) and which panels start above the fold. The figures were
// measured once in the real page at its first commit (every panel still loading; root font 14 px;
// 1920, 1600, 1440, 1366, 1280, 1024, 800 and 390 px wide) and are only an estimate: a wrong one
// costs a query asked again by the panel (another step, or a panel not asked early), never a wrong
// answer, since the early answers are taken only under exactly the panels' own keys.
import { panelWidthOf } from '../../dashboard/data/query-plan';

export interface Viewport {
  /** The page's width without a scrollbar (`document.documentElement.clientWidth` on an empty page). */
  width: number;
  height: number;
  /** Width a vertical scrollbar takes in this browser (0 with overlay scrollbars). */
  scrollbar: number;
}

/** `board`: the whole board (with its header unless kiosk); `fill`: `panel=…&kiosk=1`, the panel is the frame. */
export type BoardLayout = { kind: 'board'; kiosk: boolean } | { kind: 'single'; kiosk: boolean };

/** The board's content width, from the CSS: `.iw-main` pads 1rem each side, 4 px in a kiosk panel alone (no scrollbar). */
export function mainContentWidth(vp: Viewport, layout: BoardLayout): number {
  if (layout.kind === 'single' && layout.kiosk) return vp.width - 8;
  return vp.width - vp.scrollbar - 28;
}

/** One panel's width as usePanelWidth will measure it. */
export function estimatePanelWidth(vp: Viewport, layout: BoardLayout): number {
  return panelWidthOf(mainContentWidth(vp, layout));
}

/** The header wraps onto more rows as the page narrows (measured: 82 px from 1366 px wide, 119 px down to 800, 288 px at 390). */
function headerHeight(width: number): number {
  if (width >= 1320) return 82;
  if (width >= 640) return 119;
  return 288;
}

const TILE_MIN = 124;
const TILE_GAP = 7;
const TILE_H = 85;
/** Stats margin, Diagnosis and Alerts regions (loading) and their gaps, down to the overview. */
const REGIONS_H = 125;
const OVERVIEW_H = 144;
const SECTION_TITLE_H = 43;
const COLLAPSED_SECTION_H = 61;
const PANEL_PITCH = 284;
/** useInView's rootMargin: a panel this far below the screen already queries. */
const IN_VIEW_MARGIN = 300;

export interface FoldInput {
  vp: Viewport;
  kiosk: boolean;
  tiles: number;
  overview: number;
  /** Sections before the first open one (collapsed: a title each). */
  collapsedBefore: number;
}

/**
 * How many panels of the first open section start above the fold (the viewport plus useInView's
 * margin), in their order: two per row from the md breakpoint (768 px), one below it.
 */
export function panelsAboveFold({ vp, kiosk, tiles, overview, collapsedBefore }: FoldInput): number {
  const content = mainContentWidth(vp, { kind: 'board', kiosk });
  const cols = Math.max(1, Math.floor((content + TILE_GAP) / (TILE_MIN + TILE_GAP)));
  const rows = Math.ceil(tiles / cols);
  const statsH = rows === 0 ? 0 : rows * TILE_H + (rows - 1) * TILE_GAP;
  const top = (kiosk ? 0 : headerHeight(vp.width)) + 21 + statsH + REGIONS_H + overview * OVERVIEW_H + collapsedBefore * COLLAPSED_SECTION_H + SECTION_TITLE_H;
  const fold = vp.height + IN_VIEW_MARGIN;
  if (top >= fold) return 0;
  const perRow = vp.width >= 768 ? 2 : 1;
  return Math.ceil((fold - top) / PANEL_PITCH) * perRow;
}
