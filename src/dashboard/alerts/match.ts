// Which backend alerts belong on this board, in what order: pure, so it is tested without a DOM.
import type { EngineId } from '../../catalog/types';
import type { Alert, RulesData } from '../../prometheus';

/** The label the inferwatch rules pack puts on every alert (src/rules/types.ts ENGINE_LABEL). */
const ENGINE_LABEL = 'inferwatch_engine';

export interface BoardAlert {
  name: string;
  state: 'firing' | 'pending';
  severity: string;
  summary: string;
  /** Unix ms since the alert became active (pending or firing); null when the backend omits it. */
  activeAtMs: number | null;
  /** The rule's `for`, seconds (from /api/v1/rules); null when unknown. */
  forSec: number | null;
  labels: Record<string, string>;
  /** The rule's `runbook_url` when it is an absolute http(s) URL (a relative one would resolve
   * against the board, not the docs); null otherwise. */
  runbookUrl: string | null;
  key: string;
}

export interface BoardFilter {
  engine: EngineId;
  modelLabel: string;
  instanceLabel: string;
  models: string[];
  instances: string[];
}

/**
 * An alert belongs here when it is about this engine: labelled so by the rules pack, or, for other
 * rule packs, carrying a model or instance label. A selected model / instance narrows the list,
 * but only for alerts that carry that label (a fleet-wide alert stays visible).
 */
export function matchesBoard(labels: Record<string, string>, f: BoardFilter): boolean {
  const engine = labels[ENGINE_LABEL];
  if (engine !== undefined && engine !== f.engine) return false;
  const model = labels[f.modelLabel];
  const instance = labels[f.instanceLabel];
  if (engine === undefined && model === undefined && instance === undefined) return false;
  if (f.models.length > 0 && model !== undefined && !f.models.includes(model)) return false;
  if (f.instances.length > 0 && instance !== undefined && !f.instances.includes(instance)) return false;
  return true;
}

function forDurations(rules: RulesData | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const g of rules?.groups ?? []) for (const r of g.rules) if (r.type === 'alerting' && typeof r.duration === 'number') out.set(r.name, r.duration);
  return out;
}

const labelKey = (labels: Record<string, string>): string =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',');

/** Firing first, then pending; the oldest first within each, then by name. */
/** `s` when it is an absolute http: or https: URL, else null (never a javascript: link). */
export function httpUrl(s: string | undefined): string | null {
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export function boardAlerts(alerts: readonly Alert[], rules: RulesData | undefined, f: BoardFilter): BoardAlert[] {
  const fors = forDurations(rules);
  const out: BoardAlert[] = [];
  for (const a of alerts) {
    if (a.state !== 'firing' && a.state !== 'pending') continue;
    if (!matchesBoard(a.labels, f)) continue;
    const name = a.labels.alertname ?? '';
    const t = a.activeAt ? Date.parse(a.activeAt) : NaN;
    out.push({
      name,
      state: a.state,
      severity: a.labels.severity ?? '',
      summary: a.annotations.summary ?? a.annotations.description ?? '',
      activeAtMs: Number.isFinite(t) ? t : null,
      forSec: fors.get(name) ?? null,
      labels: a.labels,
      runbookUrl: httpUrl(a.annotations.runbook_url),
      key: labelKey(a.labels),
    });
  }
  const rank = (s: BoardAlert['state']): number => (s === 'firing' ? 0 : 1);
  return out.sort((x, y) => rank(x.state) - rank(y.state) || (x.activeAtMs ?? Infinity) - (y.activeAtMs ?? Infinity) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** The labels worth showing next to the name: where it is, not what the rules pack adds. */
export function placeLabels(labels: Record<string, string>, f: Pick<BoardFilter, 'modelLabel' | 'instanceLabel'>): string[] {
  return [labels[f.modelLabel], labels[f.instanceLabel]].filter((v): v is string => v !== undefined && v !== '');
}
