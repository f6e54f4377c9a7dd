import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../i18n/langs';
import { isPlainLocale, plainDateParts, plainDecimal } from './plain-locale';

// The strings built here must be Intl's, character for character, in the locales they stand in for.
const LOCALES = ['en', 'en-US', 'zh', 'zh-CN'];

/** A deterministic spread of values over many magnitudes, both signs, and the edges. */
function values(): number[] {
  const out = [0, -0, 1, -1, 999, 1000, 1e-6, 999_999, 1_000_000, 1e20, 9.99e20, 0.1 + 0.2, 123_456_789.5];
  let x = 0x2545f491;
  for (let i = 0; i < 2000; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const mantissa = (x % 1_000_000) / 1000; // 0–999.999
    const exp = (x >>> 20) % 27 - 6; // 1e-6 … 1e20
    out.push((x & 1 ? -1 : 1) * mantissa * 10 ** exp);
  }
  return out;
}

describe('plainDecimal', () => {
  it('writes a value rounded to 1–6 significant digits exactly as Intl does in en and zh', () => {
    for (const locale of LOCALES) {
      for (const digits of [1, 2, 3, 4, 6]) {
        const nf = new Intl.NumberFormat(locale, { maximumSignificantDigits: digits, useGrouping: true });
        for (const v of values()) {
          const r = Number(v.toPrecision(digits));
          const plain = plainDecimal(r);
          if (plain !== null) expect(plain, `${locale} ${digits} ${r}`).toBe(nf.format(r));
        }
      }
    }
  });

  it('writes integers as Intl does, and leaves exponents to Intl', () => {
    const nf = new Intl.NumberFormat('en', { maximumSignificantDigits: 21, useGrouping: true });
    for (const n of [0, 5, 59, 100, 1234, 86_399, 10_000_000, 123_456_789_012]) expect(plainDecimal(n)).toBe(nf.format(n));
    expect(plainDecimal(1e-7)).toBeNull();
    expect(plainDecimal(1e21)).toBeNull();
    expect(plainDecimal(Number.NaN)).toBeNull();
  });

  it('is used only for the locales it matches, which include every language of the app', () => {
    expect(LOCALES.every(isPlainLocale)).toBe(true);
    // The app formats in its language: no Intl formatter on the way to a chart (and none to warm).
    expect(LANGS.filter((l) => !isPlainLocale(l))).toEqual([]);
    // de-DE writes 1.234,5; en-IN groups by two; the runtime default could be either.
    for (const l of ['de-DE', 'en-IN', 'fr', 'ar-EG', undefined]) expect(isPlainLocale(l)).toBe(false);
  });
});

describe('plainDateParts', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // Across a year, both sides of the summer-time changes, in zones with offsets of 30 and 45 minutes.
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
    it(`gives the numeric parts Intl gives in ${zone}`, () => {
      vi.stubEnv('TZ', zone); // Node applies a new TZ at once
      const f = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      // The zone took effect (ICU names some by their old aliases: Asia/Calcutta).
      expect(new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset() !== 0).toBe(zone !== 'UTC');
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_599_917) {
        const want = Object.fromEntries(f.formatToParts(ms).filter((p) => p.type !== 'literal').map((p) => [p.type, p.value]));
        expect(plainDateParts(ms), `${zone} ${ms}`).toEqual(want);
      }
    });
  }
});
