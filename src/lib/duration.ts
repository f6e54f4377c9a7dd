// Prometheus durations (`1m30s`, `15s`, `7d`): one parser for the whole app — the rate-window
// check of the PromQL templates, the URL codec and the step computation all use it.
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

const DURATION_RE = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;
const DURATION_UNITS_SEC = [365 * DAY, 7 * DAY, DAY, HOUR, MINUTE, 1, 0.001];

/**
 * A Prometheus duration (units y, w, d, h, m, s, ms, largest first) → seconds, or null when the
 * text is not one. A year is 365 days, as in Prometheus.
 *
 * @example parsePromDuration('1m30s') // 90
 * @example parsePromDuration('15s') // 15
 * @example parsePromDuration('1h 30m') // null
 */
export function parsePromDuration(text: string): number | null {
  const m = DURATION_RE.exec(text.trim());
  if (m === null || text.trim() === '') return null;
  let sec = 0;
  DURATION_UNITS_SEC.forEach((size, i) => {
    const part = m[i + 1];
    if (part !== undefined) sec += Number(part) * size;
  });
  // Avoid 0.1 + 0.2 style noise from the ms part.
  return Math.round(sec * 1000) / 1000;
}
