// Numbers and times in the app's own languages without Intl. The first Intl formatter of a tab
// loads ICU's data: 14–37 ms for a NumberFormat and 25–73 ms for a DateTimeFormat on an idle page
// here, and 164 ms in an embed's load, where it ran while the first answer waited to be drawn
// (docs/performance-history.md, "Numbers without Intl"). English and Chinese (`en`, `en-US`, `zh`,
// `zh-CN`) write numbers alike (Latin digits, `,` between groups of three, `.` before the
// fraction, `-` before a negative), and the axes' numeric times only need the browser's local
// clock, so for them the strings are built here; any other locale goes through Intl.

const PLAIN = new Set(['en', 'en-US', 'zh', 'zh-CN']);

/** Whether `locale` writes numbers and numeric times as built here (not the runtime default: it could be any). */
export function isPlainLocale(locale: string | undefined): boolean {
  return locale !== undefined && PLAIN.has(locale);
}

/**
 * `v` as Intl writes it in a plain locale with grouping, when its shortest decimal is the string
 * wanted (a value already rounded to its significant digits, or an integer); null when that string
 * would need an exponent (below 1e-6 or from 1e21), which Intl writes out in full.
 *
 * @example
 * plainDecimal(1234567.5) // '1,234,567.5'
 * plainDecimal(-0.00123)  // '-0.00123'
 * plainDecimal(1e-7)      // null
 */
export function plainDecimal(v: number): string | null {
  const abs = Math.abs(v);
  if (!Number.isFinite(v) || abs >= 1e21 || (abs !== 0 && abs < 1e-6)) return null;
  const s = String(abs);
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  let grouped = '';
  for (let i = int.length; i > 0; i -= 3) grouped = int.slice(Math.max(0, i - 3), i) + (grouped ? `,${grouped}` : '');
  return `${Object.is(v, -0) || v < 0 ? '-' : ''}${grouped}${dot < 0 ? '' : s.slice(dot)}`;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * The numeric parts of an instant in the browser's time zone, as `Intl.DateTimeFormat` gives them
 * in a plain locale with 2-digit fields, `hourCycle: 'h23'` and a numeric year.
 */
export function plainDateParts(ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const d = new Date(ms);
  return {
    year: String(d.getFullYear()),
    month: pad2(d.getMonth() + 1),
    day: pad2(d.getDate()),
    hour: pad2(d.getHours()),
    minute: pad2(d.getMinutes()),
    second: pad2(d.getSeconds()),
  };
}
