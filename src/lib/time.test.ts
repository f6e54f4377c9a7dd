import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatRange, formatTimestamp, timeZoneLabel } from './time';

// Run with TZ=UTC (npm run test:unit sets it).
const t = Date.UTC(2025, 0, 2, 3, 4, 5);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('formatTimestamp', () => {
  it('shows HH:mm for spans up to a day', () => {
    expect(formatTimestamp(t, 'en-US', HOUR)).toBe('03:04');
    expect(formatTimestamp(t, 'en-US', DAY)).toBe('03:04');
  });

  it('adds the date above a day', () => {
    expect(formatTimestamp(t, 'en-US', DAY + 1)).toBe('01-02 03:04');
    expect(formatTimestamp(t, 'en-US', 7 * DAY)).toBe('01-02 03:04');
  });

  it('adds seconds for spans of 10 minutes or less, where ticks are seconds apart', () => {
    expect(formatTimestamp(t, 'en-US', 5 * 60_000)).toBe('03:04:05');
  });

  it('uses 24-hour time in every locale', () => {
    const pm = Date.UTC(2025, 0, 2, 15, 4);
    expect(formatTimestamp(pm, 'en-US', HOUR)).toBe('15:04');
    expect(formatTimestamp(pm, 'zh-CN', HOUR)).toBe('15:04');
    expect(formatTimestamp(pm, 'zh-CN', 2 * DAY)).toBe('01-02 15:04');
    expect(formatTimestamp(Date.UTC(2025, 0, 2, 0, 30), 'en-US', HOUR)).toBe('00:30');
  });

  it('returns an empty label for a non-finite time', () => {
    expect(formatTimestamp(NaN, 'en-US', HOUR)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('prints a full sortable timestamp', () => {
    expect(formatDateTime(t, 'en-US')).toBe('2025-01-02 03:04:05');
    expect(formatDateTime(t, 'zh-CN')).toBe('2025-01-02 03:04:05');
  });
});

describe('formatDuration', () => {
  it.each([
    [HOUR, '1h'],
    [7 * DAY, '7d'],
    [30 * DAY, '30d'],
    [15 * 60_000, '15m'],
    [5 * 60_000, '5m'],
    [30_000, '30s'],
    [90 * 60_000, '1h 30m'],
    [DAY + 5 * 60_000, '1d'],
    [500, '500ms'],
    [0, '0s'],
    [-HOUR, '-1h'],
  ])('%d → %s', (ms, want) => {
    expect(formatDuration(ms)).toBe(want);
  });
});

describe('formatRange', () => {
  it('reads like the axes (24-hour, numeric) and names the time zone', () => {
    expect(formatRange(Date.UTC(2026, 11, 1, 14, 21, 59), Date.UTC(2026, 11, 1, 15, 21, 59), 'en-US')).toBe('2026-12-01 14:21 → 15:21 UTC');
    expect(formatRange(Date.UTC(2026, 10, 30, 23, 0), Date.UTC(2026, 11, 1, 1, 0), 'en-US', { seconds: true })).toBe(
      '2026-11-30 23:00:00 → 2026-12-01 01:00:00 UTC',
    );
  });

  it('leaves the year out for the header when asked', () => {
    expect(formatRange(Date.UTC(2026, 10, 30, 23, 0), Date.UTC(2026, 11, 1, 1, 0), 'en-US', { year: false })).toBe('11-30 23:00 → 12-01 01:00 UTC');
  });

  it('never uses a 12-hour clock, whatever the locale', () => {
    for (const locale of ['en-US', 'zh-CN', 'en-GB']) expect(formatRange(Date.UTC(2026, 11, 1, 14, 0), Date.UTC(2026, 11, 1, 15, 0), locale)).not.toMatch(/AM|PM|上午|下午/);
  });

  it('names the time zone', () => {
    expect(timeZoneLabel(0, 'en-US')).toBe('UTC');
  });
});
