// Timestamps and durations as people read them on axes, tooltips and range labels.
import { isPlainLocale, plainDateParts } from './plain-locale';

const DAY_MS = 86_400_000;
/** Below this span the axis ticks are seconds apart, so HH:mm alone would repeat. */
const SECONDS_SPAN_MS = 10 * 60_000;

// One DateTimeFormat per locale: construction is slow and axes format on every render.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

// The parts of recent instants: a chart's axis ticks stay put while the live window moves one step
// (each window change re-labels every tick of every chart, and formatToParts is the costly part).
const PARTS_CACHE_MAX = 256;
const partsCache = new Map<string, Readonly<Record<string, string>>>();

/** Shared between callers (cached): read, never written. */
function parts(ms: number, locale: string | undefined): Readonly<Record<string, string>> {
  const cacheKey = `${locale ?? ''}|${ms}`;
  const hit = partsCache.get(cacheKey);
  if (hit !== undefined) return hit;
  if (partsCache.size >= PARTS_CACHE_MAX) partsCache.clear();
  const out = formatParts(ms, locale);
  partsCache.set(cacheKey, out);
  return out;
}

function formatParts(ms: number, locale: string | undefined): Record<string, string> {
  if (isPlainLocale(locale)) return plainDateParts(ms);
  const key = locale ?? '';
  let f = partFormatters.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(key, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) out[p.type] = p.value;
  return out;
}

/**
 * An axis or tooltip timestamp in the browser's time zone, in a fixed numeric shape so that
 * ticks line up in every locale (the locale only chooses the digits).
 *
 * @example (TZ=UTC)
 * formatTimestamp(Date.UTC(2025, 0, 2, 3, 4), 'en-US', 3_600_000)       // '03:04'
 * formatTimestamp(Date.UTC(2025, 0, 2, 3, 4), 'en-US', 7 * 86_400_000)  // '01-02 03:04'
 * formatTimestamp(Date.UTC(2025, 0, 2, 3, 4, 5), 'en-US', 300_000)      // '03:04:05'
 */
export function formatTimestamp(ms: number, locale: string | undefined, spanMs: number): string {
  if (!Number.isFinite(ms)) return '';
  const p = parts(ms, locale);
  const hm = `${p.hour ?? ''}:${p.minute ?? ''}`;
  if (spanMs > DAY_MS) return `${p.month ?? ''}-${p.day ?? ''} ${hm}`;
  if (spanMs <= SECONDS_SPAN_MS) return `${hm}:${p.second ?? ''}`;
  return hm;
}

/**
 * A full timestamp for tooltip headers and exports: `2025-01-02 03:04:05` (browser time zone).
 */
export function formatDateTime(ms: number, locale?: string): string {
  if (!Number.isFinite(ms)) return '';
  const p = parts(ms, locale);
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''} ${p.hour ?? ''}:${p.minute ?? ''}:${p.second ?? ''}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The browser's time zone as people read it next to a time: `UTC`, `GMT+1`, `PST` (the locale's
 * short name at that instant, so summer time shows).
 *
 * @example (TZ=UTC)
 * timeZoneLabel(0, 'en-US') // 'UTC'
 */
export function timeZoneLabel(ms: number, locale?: string): string {
  const key = locale ?? '';
  let f = zoneFormatters.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' });
    zoneFormatters.set(key, f);
  }
  return f.formatToParts(Number.isFinite(ms) ? ms : 0).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * A time range as one label in the shape of the axes (24-hour, numeric, the browser's time zone,
 * named at the end); the end's date is left out when it is the start's. `seconds` keeps seconds
 * (exports, tooltips); the header shows minutes and, with `year: false`, no year.
 *
 * @example (TZ=UTC)
 * formatRange(Date.UTC(2026, 11, 1, 2, 21, 59), Date.UTC(2026, 11, 1, 3, 21, 59), 'en-US')
 * // '2026-12-01 02:21 → 03:21 UTC'
 * formatRange(Date.UTC(2026, 10, 30, 23, 0), Date.UTC(2026, 11, 1, 1, 0), 'en-US', { seconds: true })
 * // '2026-11-30 23:00:00 → 2026-12-01 01:00:00 UTC'
 */
export function formatRange(startMs: number, endMs: number, locale?: string, opts: { seconds?: boolean; year?: boolean } = {}): string {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return '';
  const a = parts(startMs, locale);
  const b = parts(endMs, locale);
  const time = (p: Record<string, string>) => `${p.hour ?? ''}:${p.minute ?? ''}${opts.seconds ? `:${p.second ?? ''}` : ''}`;
  const date = (p: Record<string, string>) => `${opts.year === false ? '' : `${p.year ?? ''}-`}${p.month ?? ''}-${p.day ?? ''}`;
  const end = date(a) === date(b) && a.year === b.year ? time(b) : `${date(b)} ${time(b)}`;
  return `${date(a)} ${time(a)} → ${end} ${timeZoneLabel(endMs, locale)}`;
}

/** `formatDateTime` followed by the time zone: `2025-01-02 03:04:05 UTC`. */
export function formatDateTimeZone(ms: number, locale?: string): string {
  if (!Number.isFinite(ms)) return '';
  return `${formatDateTime(ms, locale)} ${timeZoneLabel(ms, locale)}`;
}

const DURATION_UNITS: ReadonlyArray<[string, number]> = [
  ['d', DAY_MS],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

/**
 * A range label from milliseconds, largest units first, at most two adjacent ones (no weeks:
 * range pickers say `7d`, `30d`).
 *
 * @example
 * formatDuration(3_600_000)   // '1h'
 * formatDuration(604_800_000) // '7d'
 * formatDuration(900_000)     // '15m'
 * formatDuration(5_400_000)   // '1h 30m'
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.round(Math.abs(ms));
  const out: string[] = [];
  for (const [name, size] of DURATION_UNITS) {
    if (rest >= size) {
      out.push(`${Math.floor(rest / size)}${name}`);
      rest %= size;
      if (out.length === 2) break;
    } else if (out.length > 0) {
      break; // keep units adjacent: 1d 0h 5m reads as just 1d
    }
  }
  return sign + out.join(' ');
}
