// Grafana-style time expressions (`now`, `now-1h`, `now/d`, epoch milliseconds) and their
// resolution to absolute milliseconds at fetch time, so relative ranges move with each refresh.
//
// Example: resolveRange({ from: 'now-1h', to: 'now' }, Date.parse('2026-01-01T12:00:00Z'))
//   → { startMs: 1767265200000, endMs: 1767268800000 }

export interface TimeRange {
  from: string;
  to: string;
}

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 2_592_000_000, // 30 days; Grafana rounds months by calendar, which we do not need here
  y: 31_536_000_000,
};

const RELATIVE = /^now(?:([+-])(\d+)([smhdwMy]))?(?:\/([smhdwy]))?$/;
const EPOCH_MS = /^\d{10,14}$/;

/** True when the expression is valid: `now`, `now-5m`, `now-1d/d`, or epoch milliseconds. */
export function isTimeExpr(expr: string): boolean {
  return RELATIVE.test(expr) || EPOCH_MS.test(expr);
}

export function isRelative(expr: string): boolean {
  return expr.startsWith('now');
}

/** Resolves one expression to epoch milliseconds, or null when it is not valid. */
export function resolveTime(expr: string, nowMs: number): number | null {
  if (EPOCH_MS.test(expr)) return Number(expr);
  const m = RELATIVE.exec(expr);
  if (!m) return null;
  let t = nowMs;
  const [, sign, amount, unit, roundTo] = m;
  if (sign && amount && unit) {
    const delta = Number(amount) * (UNIT_MS[unit] ?? 0);
    t = sign === '-' ? t - delta : t + delta;
  }
  if (roundTo) {
    const size = UNIT_MS[roundTo] ?? 1;
    t = Math.floor(t / size) * size;
  }
  return t;
}

export interface ResolvedRange {
  startMs: number;
  endMs: number;
}

export function resolveRange(range: TimeRange, nowMs: number): ResolvedRange | null {
  const startMs = resolveTime(range.from, nowMs);
  const endMs = resolveTime(range.to, nowMs);
  if (startMs === null || endMs === null) return null;
  return { startMs, endMs };
}

/** Smallest and largest spans the dashboard accepts; a 0 s or 10-year range is refused with a reason. */
export const MIN_SPAN_MS = 60_000;
export const MAX_SPAN_MS = 90 * 86_400_000;

/** Why a range cannot be used, or null when it can. Checked with the current time. */
export function rangeProblem(range: TimeRange, nowMs: number): string | null {
  const r = resolveRange(range, nowMs);
  if (!r) return `The time range "${range.from}" to "${range.to}" is not understood.`;
  if (r.startMs >= r.endMs) return 'The start of the time range is not before its end.';
  if (r.endMs - r.startMs < MIN_SPAN_MS) return 'The time range is shorter than one minute.';
  if (r.endMs - r.startMs > MAX_SPAN_MS) return 'The time range is longer than 90 days.';
  return null;
}

export interface RangePreset {
  from: string;
  label: string;
}

export const RANGE_PRESETS: RangePreset[] = [
  { from: 'now-5m', label: '5m' },
  { from: 'now-15m', label: '15m' },
  { from: 'now-30m', label: '30m' },
  { from: 'now-1h', label: '1h' },
  { from: 'now-3h', label: '3h' },
  { from: 'now-6h', label: '6h' },
  { from: 'now-12h', label: '12h' },
  { from: 'now-24h', label: '24h' },
  { from: 'now-2d', label: '2d' },
  { from: 'now-7d', label: '7d' },
];
