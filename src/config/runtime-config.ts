// Runtime configuration for hosted deployments: `config.json` served beside index.html, so one
// build serves many sites. Validated at start; a bad file gives a readable error page, never a
// blank screen. A missing file (404) is normal and means "no site defaults".
import { engineIdList, ENGINES, isEngineId } from '../catalog/engines';
import type { EngineId } from '../catalog/types';
import { normaliseBackendEntry } from './backend-access';
import { parseObjective, parseThreshold, SLO_PROBLEM_EN } from '../lib/slo';
import { validateTraces, type TracesConfig } from './traces-config';
import { type GpuPrices, parseGpuPrices } from './gpu-prices';
import { parseModelPrices, type ModelPrices } from './model-prices';

export interface GpuPeak {
  name: string;
  /** Dense BF16/FP16 peak, FLOP/s. */
  flops: number;
}

export interface RuntimeConfig {
  /** Default Prometheus-compatible base URL (absolute, or a same-origin path such as `/prometheus`). */
  prometheusUrl: string;
  /**
   * Request headers (e.g. `X-Scope-OrgID`) sent only to the origin of `prometheusUrl`. The file is
   * public (anyone who can load the board can read it): secrets belong in a reverse proxy.
   */
  headers: Record<string, string>;
  /** Backends a link or the URL field may name: origins or origin + path prefixes; empty = any. */
  allowedBackends: string[];
  /** Only `prometheusUrl` may be asked: `prom=` is ignored and the URL field is read-only. */
  lockBackend: boolean;
  defaultEngine: EngineId | null;
  defaultRange: { from: string; to: string } | null;
  defaultRefresh: string | null;
  theme: 'light' | 'dark' | 'auto' | null;
  lang: 'en' | 'zh-CN' | null;
  /** GPU peaks offered for MFU; merged over the built-in table by name. */
  gpuPeaks: GpuPeak[];
  /** The GPU chosen by default for MFU (a name from the table) or a number of FLOP/s. */
  defaultGpu: string | number | null;
  /** Dollars per GPU-hour by GPU model (`gpuPrices`, src/config/gpu-prices.ts). */
  gpuPrices: GpuPrices;
  /** Dollars per million tokens by served model (`prices`, src/config/model-prices.ts): the Usage section's cost. */
  prices: ModelPrices;
  /** Origins allowed to drive an embedded dashboard with postMessage, and to receive its reports. */
  embedOrigins: string[];
  /** SLO defaults (`slo`): thresholds and objective, optionally per model. */
  slo: SloConfig;
  /** Where trace links lead (`traces`, src/config/traces-config.ts); null: no links. */
  traces: TracesConfig | null;
}

export interface SloTargets {
  /** Latency thresholds, seconds. */
  ttft?: number;
  itl?: number;
  e2e?: number;
  /** Ratio in (0, 1). */
  objective?: number;
}

export interface SloConfig extends SloTargets {
  /** Per model (`model_name`): used when the board is filtered to exactly that model. */
  models: Record<string, SloTargets>;
}

export const EMPTY_CONFIG: RuntimeConfig = {
  prometheusUrl: '',
  headers: {},
  allowedBackends: [],
  lockBackend: false,
  defaultEngine: null,
  defaultRange: null,
  defaultRefresh: null,
  theme: null,
  lang: null,
  gpuPeaks: [],
  defaultGpu: null,
  gpuPrices: {},
  prices: {},
  embedOrigins: [],
  slo: { models: {} },
  traces: null,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const KNOWN_KEYS = new Set(Object.keys(EMPTY_CONFIG));
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates parsed JSON; throws ConfigError listing every problem found. */
export function validateConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new ConfigError('config.json must contain a JSON object.');
  const problems: string[] = [];
  const cfg: RuntimeConfig = { ...EMPTY_CONFIG, headers: {}, allowedBackends: [], gpuPeaks: [], gpuPrices: {}, prices: {}, embedOrigins: [], slo: { models: {} } };
  for (const key of Object.keys(raw)) if (!KNOWN_KEYS.has(key)) problems.push(`unknown key "${key}"`);

  const str = (key: string): string | null => {
    const v = raw[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') {
      problems.push(`"${key}" must be a string`);
      return null;
    }
    return v;
  };

  cfg.prometheusUrl = str('prometheusUrl') ?? '';
  const engine = str('defaultEngine');
  if (engine !== null) {
    if (isEngineId(engine)) cfg.defaultEngine = engine;
    else problems.push(`"defaultEngine" must be ${engineIdList(ENGINES, '"')}`);
  }
  const theme = str('theme');
  if (theme !== null) {
    if (theme === 'light' || theme === 'dark' || theme === 'auto') cfg.theme = theme;
    else problems.push('"theme" must be "light", "dark" or "auto"');
  }
  const lang = str('lang');
  if (lang !== null) {
    if (lang === 'en' || lang === 'zh-CN') cfg.lang = lang;
    else problems.push('"lang" must be "en" or "zh-CN"');
  }
  cfg.defaultRefresh = str('defaultRefresh');

  if (raw.headers !== undefined) {
    if (!isRecord(raw.headers)) problems.push('"headers" must be an object of header names to string values');
    else
      for (const [name, value] of Object.entries(raw.headers)) {
        if (!HEADER_NAME.test(name)) problems.push(`header name "${name}" is not valid`);
        else if (typeof value !== 'string') problems.push(`header "${name}" must have a string value`);
        else if (/[\r\n\0]/.test(value)) problems.push(`header "${name}" has a line break or NUL in its value`);
        else cfg.headers[name] = value;
      }
  }

  if (Object.keys(cfg.headers).length > 0 && !cfg.prometheusUrl)
    problems.push('"headers" go only to the backend of "prometheusUrl": set "prometheusUrl" too');

  if (raw.allowedBackends !== undefined) {
    if (!Array.isArray(raw.allowedBackends)) problems.push('"allowedBackends" must be an array of origins or origin + path prefixes');
    else
      for (const b of raw.allowedBackends) {
        // Checked against a placeholder origin: a same-origin path is valid whatever the page's origin.
        if (typeof b === 'string' && normaliseBackendEntry(b, 'http://page.invalid') !== null) cfg.allowedBackends.push(b.trim());
        else problems.push(`allowedBackends entry ${JSON.stringify(b)} must be an http(s) origin, an origin + path (https://h/prometheus) or a path (/prometheus)`);
      }
  }
  if (raw.lockBackend !== undefined) {
    if (typeof raw.lockBackend !== 'boolean') problems.push('"lockBackend" must be true or false');
    else if (raw.lockBackend && !cfg.prometheusUrl) problems.push('"lockBackend" needs "prometheusUrl" (the one backend it locks to)');
    else cfg.lockBackend = raw.lockBackend;
  }

  if (raw.defaultRange !== undefined && raw.defaultRange !== null) {
    const r = raw.defaultRange;
    if (isRecord(r) && typeof r.from === 'string' && typeof r.to === 'string') cfg.defaultRange = { from: r.from, to: r.to };
    else problems.push('"defaultRange" must be {"from": "now-1h", "to": "now"}');
  }

  if (raw.gpuPeaks !== undefined) {
    if (!Array.isArray(raw.gpuPeaks)) problems.push('"gpuPeaks" must be an array of {"name", "flops"}');
    else
      raw.gpuPeaks.forEach((g: unknown, i) => {
        if (isRecord(g) && typeof g.name === 'string' && typeof g.flops === 'number' && g.flops > 0)
          cfg.gpuPeaks.push({ name: g.name, flops: g.flops });
        else problems.push(`gpuPeaks[${i}] must be {"name": string, "flops": positive number}`);
      });
  }

  parseGpuPrices(raw.gpuPrices, cfg.gpuPrices, problems);
  parseModelPrices(raw.prices, cfg.prices, problems);

  if (raw.defaultGpu !== undefined && raw.defaultGpu !== null) {
    if (typeof raw.defaultGpu === 'string' || (typeof raw.defaultGpu === 'number' && raw.defaultGpu > 0))
      cfg.defaultGpu = raw.defaultGpu;
    else problems.push('"defaultGpu" must be a GPU name or a positive number of FLOP/s');
  }

  if (raw.embedOrigins !== undefined) {
    if (!Array.isArray(raw.embedOrigins)) problems.push('"embedOrigins" must be an array of origins');
    else
      for (const o of raw.embedOrigins) {
        if (typeof o !== 'string') {
          problems.push('"embedOrigins" entries must be strings');
          continue;
        }
        if (o === '*') {
          cfg.embedOrigins.push(o);
          continue;
        }
        try {
          const u = new URL(o);
          if (u.origin !== o.replace(/\/$/, '')) problems.push(`"${o}" is not an origin (scheme://host[:port])`);
          else cfg.embedOrigins.push(u.origin);
        } catch {
          problems.push(`"${o}" is not an origin (scheme://host[:port])`);
        }
      }
  }

  if (raw.slo !== undefined && raw.slo !== null) {
    if (!isRecord(raw.slo)) problems.push('"slo" must be an object such as {"ttft": 0.5, "objective": 0.99}');
    else {
      const { models, ...defaults } = raw.slo;
      Object.assign(cfg.slo, sloTargets(defaults, 'slo', problems));
      if (models !== undefined) {
        if (!isRecord(models)) problems.push('"slo.models" must be an object of model names to thresholds');
        else for (const [m, v] of Object.entries(models)) cfg.slo.models[m] = sloTargets(v, `slo.models["${m}"]`, problems);
      }
    }
  }

  cfg.traces = validateTraces(raw.traces, problems);

  if (problems.length > 0) throw new ConfigError(`config.json is not valid: ${problems.join('; ')}.`);
  return cfg;
}

/** `{"ttft": 0.5, "itl": "50ms", "e2e": 20, "objective": 0.99}`: seconds (or a unit string) and a ratio. */
function sloTargets(raw: unknown, where: string, problems: string[]): SloTargets {
  const out: SloTargets = {};
  if (!isRecord(raw)) {
    problems.push(`"${where}" must be an object such as {"ttft": 0.5}`);
    return out;
  }
  for (const [key, v] of Object.entries(raw)) {
    const text = typeof v === 'number' || typeof v === 'string' ? String(v) : null;
    if (key === 'ttft' || key === 'itl' || key === 'e2e') {
      const r = text === null ? null : parseThreshold(text);
      if (r?.ok) out[key] = r.value;
      else problems.push(`"${where}.${key}" must be a latency in seconds (0.5) or with a unit ("500ms")${r ? `: ${SLO_PROBLEM_EN[r.reason]}` : ''}`);
    } else if (key === 'objective') {
      const r = text === null ? null : parseObjective(text);
      if (r?.ok) out.objective = r.value;
      else problems.push(`"${where}.objective" must be a ratio in (0, 1) such as 0.99`);
    } else problems.push(`unknown key "${where}.${key}"`);
  }
  return out;
}

declare global {
  interface Window {
    /** config.json as asked by public/boot.js while the bundle loaded (taken once). */
    __inferwatchConfig?: Promise<Response>;
  }
}

/** The request public/boot.js started for this page's config.json, once. */
function takeEarlyRequest(baseHref: string): Promise<Response> | undefined {
  if (typeof window === 'undefined' || baseHref !== document.baseURI) return undefined;
  const early = window.__inferwatchConfig;
  delete window.__inferwatchConfig;
  return early;
}

/** Loads `config.json` relative to the page (works from any sub-path). */
export async function loadRuntimeConfig(baseHref: string = document.baseURI): Promise<RuntimeConfig> {
  const url = new URL('config.json', baseHref);
  let res: Response;
  try {
    // Same request (URL, cache mode, credentials) as boot.js's, so its answer stands for this one.
    res = await (takeEarlyRequest(baseHref) ?? fetch(url, { cache: 'no-cache', credentials: 'same-origin' }));
  } catch {
    return EMPTY_CONFIG; // opened from a file or offline: no site configuration
  }
  if (res.status === 404) return EMPTY_CONFIG;
  if (!res.ok) throw new ConfigError(`config.json could not be loaded (HTTP ${res.status}).`);
  const text = await res.text();
  if (text.trim() === '') return EMPTY_CONFIG;
  // Vite's dev server answers unknown paths with index.html: that is "no config", not a broken one.
  if (/^\s*</.test(text)) return EMPTY_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`config.json is not valid JSON: ${e instanceof Error ? e.message : String(e)}.`);
  }
  return validateConfig(raw);
}
