// The second set of queries a compared panel runs beside its own, for each kind of comparison:
// the earlier window (`compare=1h`), side B (`ab=`), another engine (`compare=engines[:<id>]`); and how
// the two sets of series become one chart. Pure: use-panel-data.ts runs the queries.
import { catalogs, expandQuery, isEngineId, type ExpandContext, type ExpandedQuery, type ResolvedMetric } from '../../catalog';
import type { EngineCatalog, EngineId, PanelSpec } from '../../catalog/types';
import type { ChartSeries } from '../../charts';
import { compareShiftSec, interleave, shiftSeries } from './compare';
import { abSelect, nameSide, pairKeys, sideTag } from './ab';
import { comparability, otherEngine, requestedOther, type EngineNote } from './engines';
import type { PanelQueryInfo } from '../data/use-panel-data';
import type { AbSelection, DashboardState } from '../url/url-state';

export type CompareMode =
  | { kind: 'shift'; compare: string; shiftSec: number }
  | { kind: 'ab'; ab: AbSelection }
  /** `requested`: the engine the URL names, null for the bare form (`other` is then settled with the backend's names). */
  | { kind: 'engines'; engine: EngineId; other: EngineId; requested: EngineId | null };

/** The comparison the URL asks for, as it applies to this panel (null: none, or not for its kind). */
export function compareModeOf(state: Pick<DashboardState, 'compare' | 'ab'>, engine: EngineId, panel: Pick<PanelSpec, 'chart'>): CompareMode | null {
  // A distribution over `[$__range]` is not a time series; a heatmap has no line to put beside another.
  // Nor is a `latest` panel: its values do not move, so an earlier window says nothing new.
  if (panel.chart === 'distribution' || panel.chart === 'latest') return null;
  if (state.ab) return panel.chart === 'heatmap' ? null : { kind: 'ab', ab: state.ab };
  const requested = requestedOther(state.compare);
  if (requested !== undefined) return panel.chart === 'heatmap' ? null : { kind: 'engines', engine, other: otherEngine(engine, requested), requested };
  const shiftSec = compareShiftSec(state.compare);
  return shiftSec === null || state.compare === null ? null : { kind: 'shift', compare: state.compare, shiftSec };
}

/** The `data-compare` value a panel carries: the shift, `ab` or `engines`. */
export function compareAttr(mode: CompareMode | null): string | null {
  if (!mode) return null;
  return mode.kind === 'shift' ? mode.compare : mode.kind;
}

/** What the panel says about the comparison (text in i18n `compare.notes`). */
export type CompareNoteId = EngineNote | 'notOnOther' | 'otherAbsent' | 'otherMissing' | 'noOverlay';

/** The panel's own queries' context in this mode: side A's selection, as a whole, for an A/B. */
export function primaryContext(mode: CompareMode | null, base: ExpandContext): ExpandContext {
  return mode?.kind === 'ab' ? { ...base, select: abSelect(mode.ab, 'a'), by: [] } : base;
}

export interface SecondLeg {
  /** Runnable queries only; their ids are prefixed (unique in the panel, told apart in the query dialog). */
  queries: Array<PanelQueryInfo & { expanded: ExpandedQuery }>;
  note: CompareNoteId | null;
  /** What the query dialog puts before these queries' legends ("B:", "SGLang:"). */
  tag: string;
}

const NONE: SecondLeg = { queries: [], note: null, tag: '' };

function runnable(panel: PanelSpec, expand: (q: PanelSpec['queries'][number]) => ReturnType<typeof expandQuery>, prefix: string): SecondLeg['queries'] {
  return panel.queries.flatMap((query) => {
    const r = expand(query);
    if ('missing' in r) return [];
    return [{ query: { ...query, id: `${prefix}${query.id}` }, expanded: r, missing: [] }];
  });
}

/** The second leg's queries as the query dialog lists them: legends tagged "B: …", "SGLang: …". */
export function taggedQueries(leg: SecondLeg): PanelQueryInfo[] {
  return leg.queries.map((q) => ({ ...q, query: { ...q.query, legend: `${leg.tag} ${q.query.legend || q.query.id}` } }));
}

/**
 * Side B's queries (A/B), or the other engine's queries for the panel with the same id (engines),
 * with the note the panel shows. The time shift runs the panel's own queries (no second set here).
 */
export function secondLeg(
  mode: CompareMode | null,
  panel: PanelSpec,
  catalog: EngineCatalog,
  base: ExpandContext,
  state: Pick<DashboardState, 'model' | 'cluster'>,
  resolvedBy: Partial<Record<EngineId, Map<string, ResolvedMetric>>> | null,
): SecondLeg {
  if (!mode || mode.kind === 'shift') return NONE;
  if (mode.kind === 'ab') {
    const ctx: ExpandContext = { ...base, select: abSelect(mode.ab, 'b'), by: [] };
    return { queries: runnable(panel, (q) => expandQuery(q, catalog, ctx), 'b~'), note: null, tag: 'B:' };
  }
  const otherId = otherEngine(mode.engine, mode.requested, resolvedBy);
  const other = catalogs[otherId];
  const otherPanel = other.panels.find((p) => p.id === panel.id);
  const tag = `${other.label}:`;
  if (!otherPanel || otherPanel.notAvailable) return { queries: [], note: 'notOnOther', tag };
  const c = comparability(panel.id, catalog, other);
  if (c.kind === 'apart') return { queries: [], note: c.note, tag };
  const resolved = resolvedBy?.[otherId];
  if (!resolved || !resolved.has(other.presenceMetric)) return { queries: [], note: 'otherAbsent', tag };
  const ctx: ExpandContext = {
    ...base,
    resolved,
    // The model (same names on both engines in a bake-off) and topology filters; instances and
    // ranks are the shown engine's own.
    filters: { [other.filterLabels.model]: state.model, cluster: state.cluster },
    by: [other.filterLabels.model],
  };
  const queries = runnable(otherPanel, (q) => expandQuery(q, other, ctx), `${otherId}~`);
  if (queries.length === 0) return { queries, note: 'otherMissing', tag };
  return { queries, note: c.kind === 'caveat' ? c.note : null, tag };
}

/** Series shaped per query, for one leg. */
export type LegParts = ReadonlyArray<{ query: PanelQueryInfo['query']; series: readonly ChartSeries[] }>;

const engineLabel = (id: EngineId) => catalogs[id].label;

/**
 * One chart's series from both legs: the earlier copies after their originals (shift); "A: …" then
 * "B: …" (A/B); "vLLM · …" then "SGLang · …" (engines). The second leg is drawn dashed in its
 * counterpart's colour (`shiftOf`): the same query and rest (A/B), the same name (engines).
 */
export function mergeLegs(mode: CompareMode | null, first: LegParts, second: LegParts, ago: string): ChartSeries[] {
  const flat = (parts: LegParts) => parts.flatMap((p) => p.series);
  if (!mode) return flat(first);
  if (mode.kind === 'shift') return interleave(flat(first), shiftSeries(flat(second), mode.shiftSec, (name) => `${name} (${ago})`));
  if (mode.kind === 'ab') {
    const a = nameSide(first, 'a', sideTag(mode.ab, 'a'));
    const b = nameSide(second.map((p) => ({ ...p, query: { ...p.query, id: p.query.id.replace(/^b~/, '') } })), 'b', sideTag(mode.ab, 'b'), pairKeys(first, 'a'));
    return interleave(a, b);
  }
  // The other engine as secondLeg settled it: the prefix of its queries' ids.
  const prefix = second[0]?.query.id.split('~')[0];
  const other = prefix !== undefined && isEngineId(prefix) ? prefix : mode.other;
  const mine = flat(first).map((s) => ({ ...s, id: `${mode.engine}~${s.id}`, name: `${engineLabel(mode.engine)} · ${s.name}` }));
  const byName = new Map(flat(first).map((s) => [s.name, `${mode.engine}~${s.id}`]));
  const theirs = flat(second).map((s) => {
    const id = `${other}~${s.id}`;
    return { ...s, id, name: `${engineLabel(other)} · ${s.name}`, shiftOf: byName.get(s.name) ?? id };
  });
  return interleave(mine, theirs);
}
