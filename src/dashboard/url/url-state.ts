// The URL is the dashboard state: this one codec parses and serialises it (docs/url-contract.md).
// Defaults are omitted, invalid values are dropped with a reason the page shows, and params
// repeat for multi-valued filters. Format version 1 (see docs/url-contract.md): when the contract
// changes, bump URL_VERSION and keep parsing the old form.
//
// Example: parseUrlState('?engine=sglang&model=a&model=b&from=now-6h&refresh=10s')
//   → { state: { ...DEFAULT_STATE, engine: 'sglang', model: ['a','b'], from: 'now-6h', refresh: '10s' }, problems: [] }
//   serializeUrlState(that.state) → 'engine=sglang&model=a&model=b&from=now-6h&refresh=10s'
import { engineIdList, isEngineId } from '../../catalog/engines';
import type { EngineId } from '../../catalog/types';
import { parseObjective, parseThreshold, SLO_PROBLEM_EN } from '../../lib/slo';
import { parsePromDuration } from '../../lib/duration';
import { isTimeExpr } from './time-range';
import { LANGS, type Lang } from '../../i18n/langs';

export const URL_VERSION = 1;

export const REFRESH_OPTIONS = ['off', '5s', '10s', '30s', '1m', '5m'] as const;
export type RefreshInterval = (typeof REFRESH_OPTIONS)[number];
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export { LANGS, type Lang };

export interface DashboardState {
  /** Prometheus-compatible API base; '' = none chosen (config.json default applies). */
  prom: string;
  /** null = detect from what the backend holds. */
  engine: EngineId | null;
  model: string[];
  instance: string[];
  /** The engine's rank label values (vLLM `engine`, SGLang `tp_rank`/`dp_rank`). */
  rank: string[];
  /** `cluster` label values (a label the topology adds, e.g. a federating Prometheus). */
  cluster: string[];
  from: string;
  to: string;
  refresh: RefreshInterval;
  theme: Theme;
  kiosk: boolean;
  panel: string | null;
  lang: Lang | null;
  /** Rate window override (PromQL duration) or null for the computed `$__rate_interval`. */
  rate: string | null;
  /** Collapsed sections. */
  collapsed: string[];
  /** GPU whose peak FLOP/s the MFU panel divides by: a name from the table or a number. */
  gpu: string | null;
  /**
   * SLO latency thresholds, seconds (`slo_ttft`, `slo_itl`, `slo_e2e`): null = the config.json
   * default applies; 'off' = no SLO even where config.json sets one.
   */
  slo: Record<SloParam, number | 'off' | null>;
  /** Error-budget objective in (0, 1), e.g. 0.99; null = config.json, else 0.99. */
  sloObjective: number | null;
  /**
   * Compare with the same queries shifted back by this PromQL duration (`1h`, `1d`), or against
   * another engine: `engines` (the other engine the backend holds) or `engines:<id>` (that one;
   * compare/engines.ts); null = off.
   */
  compare: string | null;
  /** A/B by selection (`ab=<label>&a=…&b=…`, compare/ab.ts); null = off. One comparison at a time. */
  ab: AbSelection | null;
  /** The Usage section's selected tenant (`tenant=`, a `fairness_id`); '' = the requests without one; null = all. */
  tenant: string | null;
}

/** Two selections of one label's values, compared panel by panel. */
export interface AbSelection {
  label: string;
  a: string[];
  b: string[];
}

/** `compare=engines`: every panel both engines have, with both engines' series. */
export const COMPARE_ENGINES = 'engines';

/** `compare=engines:<id>`: against that engine of the registry. */
export const compareEngines = (other: EngineId): string => `${COMPARE_ENGINES}:${other}`;

export const SLO_PARAMS = { ttft: 'slo_ttft', itl: 'slo_itl', e2e: 'slo_e2e' } as const;
export type SloParam = keyof typeof SLO_PARAMS;

export const DEFAULT_STATE: DashboardState = {
  prom: '',
  engine: null,
  model: [],
  instance: [],
  rank: [],
  cluster: [],
  from: 'now-1h',
  to: 'now',
  refresh: '30s',
  theme: 'auto',
  kiosk: false,
  panel: null,
  lang: null,
  rate: null,
  collapsed: [],
  gpu: null,
  slo: { ttft: null, itl: null, e2e: null },
  sloObjective: null,
  compare: null,
  ab: null,
  tenant: null,
};

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,127}$/;
const PANEL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/**
 * What a link can carry in filter values (model, instance, rank, cluster, a, b): every value is
 * repeated in every selector of every query on every refresh, so an unbounded link turns the
 * viewer's browser into a load generator against their own backend.
 */
export const MAX_LINK_VALUES = 20;
export const MAX_FILTER_TEXT = 8 * 1024;
const MAX_VALUE_LENGTH = 2048;
/** An ignored value is quoted this short: enough to recognise it, too short to pass for a message. */
const QUOTED_CHARS = 32;
/** The longest compare shift: as far back as the longest range (90 days). */
const MAX_COMPARE_SEC = 90 * 86_400;

function oneOf<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return values.find((x) => x === v);
}

export interface ParseResult {
  state: DashboardState;
  /** Human-readable reasons for values that were dropped. */
  problems: string[];
}

export function parseUrlState(search: string, defaults: DashboardState = DEFAULT_STATE): ParseResult {
  const p = new URLSearchParams(search);
  const problems: string[] = [];
  const state: DashboardState = { ...defaults };
  const drop = (name: string, value: string, why: string) => {
    const shown = value.length > QUOTED_CHARS ? `${value.slice(0, QUOTED_CHARS)}…` : value;
    problems.push(`Ignored ${name}="${shown}": ${why}`);
  };
  let budget = MAX_FILTER_TEXT;
  /** Distinct values kept in order, within the per-filter count and the link's text budget. */
  const takeValues = (key: string, raw: string[]): string[] => {
    const values = [...new Set(raw.filter((v) => v.length > 0))];
    const kept: string[] = [];
    for (const v of values) {
      if (v.length > MAX_VALUE_LENGTH || kept.length >= MAX_LINK_VALUES || v.length > budget) continue;
      budget -= v.length;
      kept.push(v);
    }
    if (kept.length < values.length) {
      problems.push(
        `Some ${key} values were ignored: a link carries at most ${MAX_LINK_VALUES} values per filter, ` +
          `each up to ${MAX_VALUE_LENGTH} characters, ${MAX_FILTER_TEXT / 1024} KB in all.`,
      );
    }
    return kept;
  };

  const prom = p.get('prom');
  if (prom !== null) state.prom = prom.trim();

  const engine = p.get('engine');
  if (engine !== null) {
    if (isEngineId(engine)) state.engine = engine;
    else drop('engine', engine, `unknown engine (use ${engineIdList()})`);
  }

  for (const key of ['model', 'instance', 'rank', 'cluster'] as const) {
    const values = p.getAll(key);
    if (!values.some((v) => v.length > 0)) continue;
    state[key] = takeValues(key, values);
  }

  const from = p.get('from');
  const to = p.get('to');
  if (from !== null) {
    if (isTimeExpr(from)) state.from = from;
    else drop('from', from, 'not a time (use now-1h or epoch milliseconds)');
  }
  if (to !== null) {
    if (isTimeExpr(to)) state.to = to;
    else drop('to', to, 'not a time (use now or epoch milliseconds)');
  }

  const refresh = p.get('refresh');
  if (refresh !== null) {
    const r = oneOf(REFRESH_OPTIONS, refresh);
    if (r) state.refresh = r;
    else drop('refresh', refresh, `use one of ${REFRESH_OPTIONS.join(', ')}`);
  }

  const theme = p.get('theme');
  if (theme !== null) {
    const t = oneOf(THEMES, theme);
    if (t) state.theme = t;
    else drop('theme', theme, 'use light, dark or auto');
  }

  const kiosk = p.get('kiosk');
  if (kiosk !== null) state.kiosk = kiosk === '1' || kiosk === 'true';

  const panel = p.get('panel');
  if (panel !== null) {
    if (PANEL_ID.test(panel)) state.panel = panel;
    else drop('panel', panel, 'not a panel id');
  }

  const lang = p.get('lang');
  if (lang !== null) {
    const l = oneOf(LANGS, lang) ?? (lang.toLowerCase().startsWith('zh') ? 'zh-CN' : lang.toLowerCase().startsWith('en') ? 'en' : undefined);
    if (l) state.lang = l;
    else drop('lang', lang, 'use en or zh-CN');
  }

  const rate = p.get('rate');
  if (rate !== null) {
    if (parsePromDuration(rate)) state.rate = rate;
    else drop('rate', rate, 'not a PromQL duration such as 1m or 30s');
  }

  const collapsed = p.get('collapsed');
  if (collapsed !== null) state.collapsed = collapsed.split(',').filter((s) => PANEL_ID.test(s));

  const gpu = p.get('gpu');
  if (gpu !== null) {
    if (/^[A-Za-z0-9 ._-]{1,32}$/.test(gpu)) state.gpu = gpu;
    else drop('gpu', gpu, 'not a GPU name or a number of FLOP/s');
  }

  for (const [kind, param] of Object.entries(SLO_PARAMS) as Array<[SloParam, string]>) {
    const raw = p.get(param);
    if (raw === null) continue;
    if (raw === 'off') {
      state.slo = { ...state.slo, [kind]: 'off' };
      continue;
    }
    const r = parseThreshold(raw);
    if (r.ok) state.slo = { ...state.slo, [kind]: r.value };
    else drop(param, raw, `${SLO_PROBLEM_EN[r.reason]}; use seconds (0.5) or a unit (500ms, 2s)`);
  }
  const objective = p.get('slo_objective');
  if (objective !== null) {
    const r = parseObjective(objective);
    if (r.ok) state.sloObjective = r.value;
    else drop('slo_objective', objective, SLO_PROBLEM_EN[r.reason]);
  }
  const compare = p.get('compare');
  if (compare === COMPARE_ENGINES) state.compare = COMPARE_ENGINES;
  else if (compare?.startsWith(`${COMPARE_ENGINES}:`)) {
    const other = compare.slice(COMPARE_ENGINES.length + 1);
    if (isEngineId(other)) state.compare = compareEngines(other);
    else drop('compare', compare, `unknown engine (use engines or engines:<id> with ${engineIdList()})`);
  } else if (compare !== null && compare !== '' && compare !== 'off') {
    const sec = parsePromDuration(compare);
    if (sec !== null && sec >= 60 && sec <= MAX_COMPARE_SEC) state.compare = compare;
    else drop('compare', compare, 'not a duration between 1m and 90d such as 1h or 7d');
  }

  parseAb(p, state, drop, takeValues);
  const tenant = p.get('tenant');
  if (tenant !== null) {
    if (tenant.length <= MAX_VALUE_LENGTH) state.tenant = tenant;
    else drop('tenant', tenant, `longer than ${MAX_VALUE_LENGTH} characters`);
  }
  return { state, problems };
}

/** `ab=<label>&a=<value>&a=…&b=<value>&b=…`: both sides needed; it replaces any `compare`. */
function parseAb(
  p: URLSearchParams,
  state: DashboardState,
  drop: (name: string, value: string, why: string) => void,
  takeValues: (key: string, raw: string[]) => string[],
) {
  const label = p.get('ab');
  if (label === null || label === '') return;
  if (!LABEL_NAME.test(label)) return drop('ab', label, 'not a label name');
  const side = (k: 'a' | 'b') => takeValues(k, p.getAll(k));
  const [a, b] = [side('a'), side('b')];
  if (a.length === 0 || b.length === 0) return drop('ab', label, 'needs values on both sides (a= and b=)');
  state.ab = { label, a, b };
  if (state.compare !== null) {
    drop('compare', state.compare, 'one comparison at a time: the A/B (ab=) is shown');
    state.compare = null;
  }
}

/** Serialises the state; parameters equal to their default are left out so links stay short. */
export function serializeUrlState(state: DashboardState, defaults: DashboardState = DEFAULT_STATE): string {
  const p = new URLSearchParams();
  if (state.prom && state.prom !== defaults.prom) p.set('prom', state.prom);
  if (state.engine && state.engine !== defaults.engine) p.set('engine', state.engine);
  for (const key of ['model', 'instance', 'rank', 'cluster'] as const) for (const v of state[key]) p.append(key, v);
  if (state.from !== defaults.from) p.set('from', state.from);
  if (state.to !== defaults.to) p.set('to', state.to);
  if (state.refresh !== defaults.refresh) p.set('refresh', state.refresh);
  if (state.theme !== defaults.theme) p.set('theme', state.theme);
  if (state.kiosk) p.set('kiosk', '1');
  if (state.panel) p.set('panel', state.panel);
  if (state.lang && state.lang !== defaults.lang) p.set('lang', state.lang);
  if (state.rate) p.set('rate', state.rate);
  if (state.collapsed.length > 0) p.set('collapsed', state.collapsed.join(','));
  if (state.gpu && state.gpu !== defaults.gpu) p.set('gpu', state.gpu);
  for (const [kind, param] of Object.entries(SLO_PARAMS) as Array<[SloParam, string]>) {
    const v = state.slo[kind];
    if (v !== null && v !== defaults.slo[kind]) p.set(param, String(v));
  }
  if (state.sloObjective !== null && state.sloObjective !== defaults.sloObjective) p.set('slo_objective', String(state.sloObjective));
  if (state.compare) p.set('compare', state.compare);
  if (state.ab) {
    p.set('ab', state.ab.label);
    for (const v of state.ab.a) p.append('a', v);
    for (const v of state.ab.b) p.append('b', v);
  }
  if (state.tenant !== null) p.set('tenant', state.tenant);
  // `compare=engines:sglang` as people write it (a colon needs no escape in a query string).
  return p.toString().replace(`compare=${COMPARE_ENGINES}%3A`, `compare=${COMPARE_ENGINES}:`);
}
