// Value formatting for every unit a panel can carry: one place decides how 0.0123 s or 1.5e12 FLOP/s reads.
import { isPlainLocale, plainDecimal } from './plain-locale';

/**
 * How values are formatted. Must stay identical to `Unit` in src/catalog/types.ts (lib imports
 * nothing from the app, so the union is repeated; the two are mutually assignable).
 * `ratio` is a 0..1 fraction shown as a percentage; `percent` is already 0..100.
 */
export type Unit =
  | 'reqps'
  | 'tokps'
  | 'tokens'
  | 'requests'
  | 'seconds'
  | 'ms'
  | 'ratio'
  | 'percent'
  | 'bytes'
  | 'bytesps'
  | 'flops'
  | 'ops'
  | 'count'
  | 'gbps'
  // The GPU layer: watts, degrees, clocks, dollars, tokens per joule / per GPU-second.
  | 'watts'
  | 'celsius'
  | 'mhz'
  | 'usd'
  | 'tokpj'
  | 'tokpgs';

export interface FormatOptions {
  /** BCP 47 locale for the digits (`de-DE` → `1,24 s`); the runtime default when omitted. */
  locale?: string;
  /** Significant digits (default 3). */
  digits?: number;
}

/** Shown for null, NaN and ±Inf: a gap is not a zero. */
export const NO_VALUE = '–';

const DEFAULT_DIGITS = 3;

// Intl.NumberFormat construction is slow (tens of µs); tooltips and axes format thousands of values.
const formatters = new Map<string, Intl.NumberFormat>();

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let nf = formatters.get(key);
  if (nf === undefined) {
    nf = make();
    formatters.set(key, nf);
  }
  return nf;
}

function numberFormat(locale: string | undefined, digits: number): Intl.NumberFormat {
  return cachedFormat(`${locale ?? ''}|${digits}`, () => new Intl.NumberFormat(locale, { maximumSignificantDigits: digits, useGrouping: true }));
}

/**
 * `value.toLocaleString(locale, { maximumFractionDigits })` through a cached formatter (that call
 * builds an `Intl.NumberFormat` each time).
 *
 * @example
 * formatFractionDigits(1234.567, 'en', 0) // '1,235'
 */
export function formatFractionDigits(value: number, locale: string | undefined, maxFractionDigits: number): string {
  return cachedFormat(`${locale ?? ''}|f${maxFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: maxFractionDigits })).format(value);
}

/**
 * A value with at most `digits` significant digits (rounded already) or an integer, grouped: built
 * here in the app's languages (plain-locale.ts), through a cached Intl formatter otherwise.
 */
function grouped(v: number, locale: string | undefined, digits: number): string {
  return (isPlainLocale(locale) ? plainDecimal(v) : null) ?? numberFormat(locale, digits).format(v);
}

/** Rounds to `digits` significant digits, the same way the formatter will print it. */
function roundSig(v: number, digits: number): number {
  return v === 0 ? 0 : Number(v.toPrecision(digits));
}

interface Scaled {
  value: number;
  prefix: string;
}

/**
 * Picks the largest prefix whose scaled value is ≥ 1, deciding on the *rounded* value so that
 * 999.7 with 3 digits becomes `1k`, not `1,000`.
 */
function scale(v: number, base: number, prefixes: readonly string[], digits: number): Scaled {
  const abs = Math.abs(v);
  let i = 0;
  while (i < prefixes.length - 1 && roundSig(abs / base ** i, digits) >= base) i += 1;
  return { value: v / base ** i, prefix: prefixes[i] ?? '' };
}

const SI = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
const IEC = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const;

/** Below this, a value is float noise from rate()/division (e.g. 2.7e-17), not a measurement. */
const NOISE = 1e-9;

function fmt(v: number, o: Required<Pick<FormatOptions, 'digits'>> & FormatOptions): string {
  // `|| 0` also turns -0 into 0, so rounding a tiny negative never prints "-0".
  const r = Math.abs(v) < NOISE ? 0 : roundSig(v, o.digits) || 0;
  return grouped(r, o.locale, o.digits);
}

/** `1.2k`: SI prefix glued to the number, for counts and token rates. */
function compact(v: number, o: FormatOptions & { digits: number }, suffix: string): string {
  const s = scale(v, 1000, SI, o.digits);
  return `${fmt(s.value, o)}${s.prefix}${suffix}`;
}

/** `1.5 GB/s`, `1.5 GiB`, `312 TFLOP/s`: prefix attached to the unit, space before it. */
function prefixed(
  v: number,
  o: FormatOptions & { digits: number },
  base: number,
  prefixes: readonly string[],
  unit: string,
): string {
  const s = scale(v, base, prefixes, o.digits);
  return `${fmt(s.value, o)} ${s.prefix}${unit}`;
}

/** Durations: µs below 1 ms, ms below 1 s, `1.24 s` below a minute, then `2m 5s`, `1h 5m`, `2d 3h`. */
function duration(seconds: number, o: FormatOptions & { digits: number }): string {
  const abs = Math.abs(seconds);
  if (abs < NOISE) return `${fmt(0, o)} s`;
  if (roundSig(abs * 1e6, o.digits) < 1000) return `${fmt(seconds * 1e6, o)} µs`;
  if (roundSig(abs * 1e3, o.digits) < 1000) return `${fmt(seconds * 1e3, o)} ms`;
  if (roundSig(abs, o.digits) < 60) return `${fmt(seconds, o)} s`;
  const sign = seconds < 0 ? '-' : '';
  const whole = Math.round(abs);
  const parts: Array<[number, string]> =
    whole < 3600
      ? [[Math.floor(whole / 60), 'm'], [whole % 60, 's']]
      : whole < 86400
        ? [[Math.floor(whole / 3600), 'h'], [Math.floor((whole % 3600) / 60), 'm']]
        : [[Math.floor(whole / 86400), 'd'], [Math.floor((whole % 86400) / 3600), 'h']];
  const [major, minor] = parts;
  if (major === undefined || minor === undefined) return NO_VALUE;
  const int = (n: number) => grouped(n, o.locale, 21);
  const head = `${sign}${int(major[0])}${major[1]}`;
  return minor[0] === 0 ? head : `${head} ${int(minor[0])}${minor[1]}`;
}

/**
 * Formats one value for tooltips, legends and stat tiles.
 *
 * Rates use SI prefixes (`1.5 GB/s`, as network and memory bandwidth are quoted); sizes use IEC
 * (`1.5 GiB`, as GPU memory is quoted). `gbps` inputs are already GB/s and print like `bytesps`.
 *
 * @example
 * formatValue(0.85, 'seconds')     // '850 ms'
 * formatValue(125, 'seconds')      // '2m 5s'
 * formatValue(0.934, 'ratio')      // '93.4 %'
 * formatValue(1234, 'tokps')       // '1.23k tok/s'
 * formatValue(1.5 * 2 ** 30, 'bytes') // '1.5 GiB'
 * formatValue(3.12e14, 'flops')    // '312 TFLOP/s'
 * formatValue(null, 'count')       // '–'
 */
export function formatValue(v: number | null, unit: Unit, opts: FormatOptions = {}): string {
  if (v === null || !Number.isFinite(v)) return NO_VALUE;
  const o = { locale: opts.locale, digits: opts.digits ?? DEFAULT_DIGITS };
  switch (unit) {
    case 'seconds':
      return duration(v, o);
    case 'ms':
      return duration(v / 1000, o);
    case 'ratio':
      return `${fmt(v * 100, o)} %`;
    case 'percent':
      return `${fmt(v, o)} %`;
    case 'tokps':
      return compact(v, o, ' tok/s');
    case 'reqps':
      return compact(v, o, ' req/s');
    case 'ops':
      return compact(v, o, ' /s');
    case 'tokens':
    case 'requests':
    case 'count':
      return compact(v, o, '');
    case 'bytes':
      return prefixed(v, o, 1024, IEC, 'B');
    case 'bytesps':
      return prefixed(v, o, 1000, SI, 'B/s');
    case 'gbps':
      return prefixed(v * 1e9, o, 1000, SI, 'B/s');
    case 'flops':
      return prefixed(v, o, 1000, SI, 'FLOP/s');
    case 'watts':
      return prefixed(v, o, 1000, SI, 'W');
    case 'celsius':
      return `${fmt(v, o)} °C`;
    case 'mhz':
      return `${fmt(v, o)} MHz`;
    case 'usd':
      return `$${fmt(v, o)}`;
    case 'tokpj':
      return compact(v, o, ' tok/J');
    case 'tokpgs':
      return compact(v, o, ' tok/GPU·s');
  }
}

/** Durations on an axis read best in one unit each (`500 ms`, `1.5 s`, `2 min`, `4 h`). */
function axisDuration(seconds: number, o: FormatOptions & { digits: number }): string {
  const abs = Math.abs(seconds);
  if (abs === 0) return '0';
  if (abs < 1e-3) return `${fmt(seconds * 1e6, o)} µs`;
  if (abs < 1) return `${fmt(seconds * 1e3, o)} ms`;
  if (abs < 120) return `${fmt(seconds, o)} s`;
  if (abs < 7200) return `${fmt(seconds / 60, o)} min`;
  if (abs < 172800) return `${fmt(seconds / 3600, o)} h`;
  return `${fmt(seconds / 86400, o)} d`;
}

/**
 * A compact formatter for y-axis tick labels: two significant digits would collide on nice ticks
 * such as 1.25k, so it keeps three, but never shows a zero with a unit.
 *
 * @example
 * const f = axisFormatter('seconds'); f(0.25) // '250 ms'; f(180) // '3 min'
 * axisFormatter('ratio')(0.9)                   // '90 %'
 */
export function axisFormatter(unit: Unit, locale?: string): (v: number) => string {
  const o = { locale, digits: DEFAULT_DIGITS };
  return (v: number) => {
    if (!Number.isFinite(v)) return '';
    if (unit === 'seconds') return axisDuration(v, o);
    if (unit === 'ms') return axisDuration(v / 1000, o);
    if (v === 0) return fmt(0, o);
    return formatValue(v, unit, o);
  };
}
