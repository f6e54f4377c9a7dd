// Finds the backend's scrape interval, the floor for the step and the base of the rate window.
import type { PrometheusClient } from './client';
import { isAbortError } from './errors';
import { parsePromDuration } from './step';
import type { ActiveTarget, MatrixSeries, SamplePair } from './types';

export interface ScrapeInterval {
  seconds: number;
  /** Where it came from, for the UI to say ("scrape 15s, from targets"). */
  source: 'targets' | 'config' | 'samples';
}

export interface DetectOptions {
  /**
   * Only these targets count (e.g. the engine jobs: `t => t.labels.job === 'vllm'`). With a filter the
   * largest interval wins, so the rate window covers the slowest engine; without one, the most common.
   */
  filter?: (target: ActiveTarget) => boolean;
  /**
   * False: do not ask targets or config (VictoriaMetrics across origins: see `canAskStatus`), and
   * answer null so the caller measures the spacing of samples instead.
   */
  askStatus?: boolean;
}

/**
 * 1. `/api/v1/targets`: each active target's `scrapeInterval` (Prometheus ≥ 2.25), else its discovered
 *    `__scrape_interval__` label (VictoriaMetrics; it serves this endpoint, but without CORS headers,
 *    so a browser reaches it only through a same-origin proxy).
 * 2. `/api/v1/status/config` (asked together with 1): the global `scrape_interval` read with a regex, not a YAML parser:
 *    Prometheus re-serialises the config, so the `global:` block is always first and two-space
 *    indented. Per-job intervals are not read here (step 1 covers them).
 * 3. null: Mimir and Cortex serve neither endpoint (or a stub), VictoriaMetrics fed by remote_write
 *    has no targets and an empty config; the caller then uses `scrapeIntervalFromSamples` (the
 *    spacing of stored samples, which remote_write and federation keep: samples carry their
 *    scrape timestamps), a manual override or a 15s default.
 * Failures other than an abort fall through to the next source.
 */
export async function detectScrapeInterval(
  client: PrometheusClient,
  signal?: AbortSignal,
  options: DetectOptions = {},
): Promise<ScrapeInterval | null> {
  if (options.askStatus === false) return null;
  // Both asked at once: the config is only read when the targets say nothing (a backend without
  // live targets, e.g. history only, or an older server), but waiting for the targets' answer
  // before asking it put one more round trip on the way to the first query (docs/performance.md).
  const targetsAnswer = client.targets(signal);
  const config = client.config(signal).then(
    ({ yaml }) => globalScrapeIntervalFromYaml(yaml),
    (e: unknown) => (isAbortError(e) ? Promise.reject(e) : null),
  );
  // Not awaited when the targets answer: its rejection (an abort) must not go unhandled.
  config.catch(() => {});
  try {
    const { activeTargets } = await targetsAnswer;
    const targets = options.filter === undefined ? activeTargets : activeTargets.filter(options.filter);
    const seconds = targets
      .map((t) => {
        // VictoriaMetrics (and Prometheus < 2.25) have no `scrapeInterval`, only the discovered label.
        const raw = t.scrapeInterval ?? t.discoveredLabels?.__scrape_interval__;
        return raw === undefined ? null : parsePromDuration(raw);
      })
      .filter((s): s is number => s !== null && s > 0);
    const chosen = options.filter === undefined ? mostCommon(seconds) : maxOf(seconds);
    if (chosen !== null) return { seconds: chosen, source: 'targets' };
  } catch (e) {
    if (isAbortError(e)) throw e;
  }
  const seconds = await config;
  return seconds !== null ? { seconds, source: 'config' } : null;
}

/**
 * The `global.scrape_interval` of a Prometheus config as served by `/api/v1/status/config`.
 *
 * @example globalScrapeIntervalFromYaml('global:\n  scrape_interval: 15s\n') // 15
 */
export function globalScrapeIntervalFromYaml(yaml: string): number | null {
  const global = /^global:[ \t]*\n((?:[ \t]+.*\n?|[ \t]*\n)*)/m.exec(yaml)?.[1];
  if (global === undefined) return null;
  const value = /^[ \t]+scrape_interval:[ \t]*["']?([0-9a-z]+)["']?[ \t]*$/m.exec(global)?.[1];
  if (value === undefined) return null;
  const seconds = parsePromDuration(value);
  return seconds !== null && seconds > 0 ? seconds : null;
}

/**
 * Median spacing of raw samples, e.g. the values of `up[5m]` from an instant query. (Samples of a
 * range query are on the step grid, so their spacing is the step, not the scrape interval.)
 *
 * @example intervalFromSamples([[0, '1'], [15, '1'], [30, '1'], [60, '1']]) // 15
 */
export function intervalFromSamples(values: readonly SamplePair[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const prev = values[i - 1];
    const cur = values[i];
    if (prev !== undefined && cur !== undefined && cur[0] > prev[0]) gaps.push(cur[0] - prev[0]);
  }
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const mid = Math.floor(gaps.length / 2);
  const median = gaps.length % 2 === 1 ? gaps[mid] : ((gaps[mid - 1] ?? 0) + (gaps[mid] ?? 0)) / 2;
  // Timestamps are milliseconds in seconds; strip float noise (15.000000001).
  return median === undefined ? null : Math.round(median * 1000) / 1000;
}

/**
 * The largest per-series sample spacing of a range-vector answer (raw samples): with several
 * jobs scraped at different intervals, the slowest one sets a rate window that works for all.
 */
export function intervalFromMatrix(series: readonly MatrixSeries[]): number | null {
  return maxOf(series.map((s) => intervalFromSamples(s.values)).filter((x): x is number => x !== null && x > 0));
}

/**
 * Fallback when neither targets nor config answer (Mimir, Cortex, some VictoriaMetrics setups):
 * the spacing of the raw samples of `selector` over the last `windowSec` (an instant query of a
 * range selector returns the stored samples, not a step grid).
 */
export async function scrapeIntervalFromSamples(
  client: PrometheusClient,
  selector: string,
  signal?: AbortSignal,
  windowSec = 600,
): Promise<ScrapeInterval | null> {
  const { result } = await client.query(`${selector}[${windowSec}s]`, undefined, signal);
  if (result.resultType !== 'matrix') return null;
  const seconds = intervalFromMatrix(result.result);
  return seconds === null ? null : { seconds: roundMeasuredInterval(seconds), source: 'samples' };
}

/**
 * Stored scrape timestamps jitter by milliseconds on a busy server (a 5 s scrape measured 5.024 s
 * through remote_write), which would make a "20s96ms" rate window. Intervals are configured in
 * whole seconds (or in milliseconds below one), so a measured spacing is rounded to that.
 *
 * @example roundMeasuredInterval(5.024) // 5
 */
export function roundMeasuredInterval(seconds: number): number {
  return seconds >= 1 ? Math.round(seconds) : Math.max(0.001, Math.round(seconds * 1000) / 1000);
}

/** Most frequent value; ties go to the larger, which keeps rate windows safe. */
function mostCommon(xs: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [x, n] of counts) {
    if (n > bestCount || (n === bestCount && best !== null && x > best)) {
      best = x;
      bestCount = n;
    }
  }
  return best;
}

function maxOf(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : Math.max(...xs);
}
