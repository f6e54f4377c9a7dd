// The export: gathers what the board knows of this backend (names, recorded series, bucket bounds),
// plans the board (plan.ts), checks every expression against the backend (check.ts) and writes one
// of three files. The header's Export menu and `npm run export` both call exportDashboard.
import { bareNameMatch, engineNameMatch, ENGINES, presenceNames, resolveEngines, ROUTER_NAME_MATCH, sharedNameMatch } from '../catalog';
import type { ResolvedMetric } from '../catalog/resolve';
import type { EngineId } from '../catalog/types';
import { detectBackendKind, type PrometheusClient } from '../prometheus';
import { leSeriesNames } from '../rules';
import { loadRecordedGrammar, RECORDED_NAME_MATCH } from '../rules/recorded';
import { checkPlan } from './check';
import { toGrafana } from './grafana';
import { ExportInputError, exportFileName, type ExportFormat, type ExportPlan } from './model';
import { persesCrYaml, toPerses } from './perses';
import { planExport, type SloKind } from './plan';

export { ExportInputError, exportFileName, EXPORT_FORMATS, type ExportFormat, type ExportPlan } from './model';
export { boardForm } from './variables';
export { planExport, type PlanInput } from './plan';
export { checkPlan, loadGrammar, syntaxError } from './check';
export { toGrafana, SCHEMA_VERSION } from './grafana';
export { toPerses, toPersesCr, persesCrYaml, quantileLines } from './perses';

export interface ExportOptions {
  client: PrometheusClient;
  engine: EngineId;
  format: ExportFormat;
  /** What the board already read (the header passes them); asked of the backend when absent. */
  names?: ReadonlySet<string> | null;
  recordedNames?: ReadonlySet<string> | null;
  /** The board's rate window and range (default: 4 × the scrape interval guess, one hour). */
  rateInterval?: string;
  rangeSec?: number;
  filters?: Readonly<Record<string, readonly string[]>>;
  gpuPeakFlops?: number | null;
  slo?: { thresholds: Readonly<Record<SloKind, number | null>>; objective: number } | null;
  now?: Date;
  signal?: AbortSignal;
}

export interface ExportResult {
  fileName: string;
  text: string;
  mime: string;
  plan: ExportPlan;
  checked: number;
}

const HOUR = 3600;

/** The metric names the board asks for (use-backend.ts: its engines, bare and shared names, routers). */
export const BOARD_NAME_MATCH = [engineNameMatch(ENGINES), ...bareNameMatch(ENGINES), sharedNameMatch(ENGINES), ROUTER_NAME_MATCH];

async function recordedNamesAt(client: PrometheusClient, startSec: number, signal?: AbortSignal): Promise<Set<string>> {
  try {
    const { result } = await client.query(`group by (__name__) (${RECORDED_NAME_MATCH})`, Math.floor(startSec / 60) * 60, signal);
    return result.resultType === 'vector' ? new Set(result.result.flatMap((s) => (s.metric.__name__ ? [s.metric.__name__] : []))) : new Set();
  } catch {
    // A refused query (a proxy allowing some selectors only): raw queries, as the board.
    return new Set();
  }
}

async function leBoundsOf(opts: ExportOptions, names: readonly string[]): Promise<Partial<Record<SloKind, number[]>>> {
  const set = (['ttft', 'itl', 'e2e'] as const).filter((k) => (opts.slo?.thresholds[k] ?? null) !== null);
  const out: Partial<Record<SloKind, number[]>> = {};
  for (const [k, name] of Object.entries(leSeriesNames(opts.engine, names, set)) as [SloKind, string][]) {
    const le = await opts.client.labelValues('le', { match: [`{__name__="${name}"}`] }, opts.signal);
    out[k] = le.map(Number).filter(Number.isFinite);
  }
  return out;
}

/** The plan, checked against the backend; throws ExportInputError when the backend has no server of the engine. */
export async function exportPlan(opts: ExportOptions): Promise<{ plan: ExportPlan; checked: number }> {
  const { client, engine, signal } = opts;
  const now = opts.now ?? new Date();
  const endSec = Math.floor(now.getTime() / 1000);
  const rangeSec = opts.rangeSec ?? HOUR;
  // Unreachable: this throws the client's error (network, HTTP status, not Prometheus).
  const names = opts.names ?? new Set(await client.metricNames({ match: BOARD_NAME_MATCH, start: endSec - rangeSec, end: endSec }, signal));
  const resolvedBy = resolveEngines(ENGINES, names);
  const entry = ENGINES.find((e) => e.id === engine);
  if (!entry) throw new ExportInputError(`unknown engine ${engine}`);
  if (presenceNames(ENGINES, resolvedBy)[engine] === null) {
    const presence = entry.catalog.metrics[entry.presenceMetric]?.variants[0] ?? entry.presenceMetric;
    throw new ExportInputError(`the backend has no ${entry.label} server: none of its names (such as ${presence}) are there`);
  }
  const resolved: Map<string, ResolvedMetric> = resolvedBy[engine];
  const [backendKind, recordedNames, leBounds] = await Promise.all([
    detectBackendKind(client, signal),
    opts.recordedNames !== undefined ? Promise.resolve(opts.recordedNames) : recordedNamesAt(client, endSec - rangeSec, signal),
    leBoundsOf(opts, [...names]),
  ]);
  if (recordedNames && recordedNames.size > 0) await loadRecordedGrammar();
  const rateInterval = opts.rateInterval ?? '1m';
  const plan = planExport({
    catalog: entry.catalog,
    resolved,
    recordedNames,
    rateInterval,
    rangeSec,
    filters: opts.filters ?? {},
    gpuPeakFlops: opts.gpuPeakFlops ?? null,
    slo: opts.slo ?? null,
    leBounds,
    backendKind,
    generatedAt: now,
  });
  return checkPlan(plan, client, { rateInterval, rangeSec, ...(signal ? { signal } : {}) });
}

/** The file's text for a checked plan. */
export function render(plan: ExportPlan, format: ExportFormat): { text: string; mime: string } {
  if (format === 'grafana') return { text: `${JSON.stringify(toGrafana(plan), null, 2)}\n`, mime: 'application/json' };
  if (format === 'perses') return { text: `${JSON.stringify(toPerses(plan), null, 2)}\n`, mime: 'application/json' };
  return { text: persesCrYaml(plan), mime: 'application/yaml' };
}

/** Gathers, plans, checks and writes one export. */
export async function exportDashboard(opts: ExportOptions): Promise<ExportResult> {
  const { plan, checked } = await exportPlan(opts);
  return { ...render(plan, opts.format), fileName: exportFileName(opts.engine, opts.format), plan, checked };
}
