import { describe, expect, it } from 'vitest';
import { locateThreshold, parseBounds } from './buckets';
import { attainmentFrom, burnColor, burnOf, burnRate, COUNT_LE, goodputBounds, parseObjective, parseThreshold, type LeSample } from './slo';

// Hand-made histogram, rates per second: 50 req/s ≤ 0.1 s, 80 ≤ 0.5 s, 95 ≤ 1 s, 100 in all.
const LES = ['0.1', '0.5', '1.0', '+Inf'];
const bounds = parseBounds(LES);
const rates: LeSample[] = [
  { le: '0.1', value: 50 },
  { le: '0.5', value: 80 },
  { le: '1.0', value: 95 },
  { le: '+Inf', value: 100 },
  { le: COUNT_LE, value: 100 },
];
const att = (t: number, samples = rates) => attainmentFrom(samples, t, locateThreshold(t, bounds));

describe('attainmentFrom', () => {
  it('on a bucket bound: the exact ratio bucket / count', () => {
    expect(att(0.5)).toEqual({ kind: 'value', value: 0.8, low: 0.8, high: 0.8, exact: true, lowerBound: 0.5, upperBound: 0.5, total: 100 });
  });

  it('between bounds: the neighbours as the interval, the linear interpolation as the headline', () => {
    const a = att(0.3);
    expect(a).toMatchObject({ kind: 'value', low: 0.5, high: 0.8, exact: false, lowerBound: 0.1, upperBound: 0.5 });
    // 0.3 is half way from 0.1 to 0.5: 0.5 + 0.5 × (0.8 − 0.5).
    expect(a.kind === 'value' && a.value).toBeCloseTo(0.65, 12);
  });

  it('below the first bound: the lower neighbour is 0 s, attainment 0', () => {
    const a = att(0.05);
    expect(a).toMatchObject({ kind: 'value', low: 0, high: 0.5, lowerBound: null, upperBound: 0.1 });
    expect(a.kind === 'value' && a.value).toBeCloseTo(0.25, 12);
  });

  it('above the last finite bound: known only to lie in [att(highest), 1], headline the lower end', () => {
    expect(att(5)).toMatchObject({ kind: 'value', value: 0.95, low: 0.95, high: 1, lowerBound: 1, upperBound: null });
  });

  it('adds up both spellings of one bound ("1" next to "1.0")', () => {
    const mixed: LeSample[] = [
      { le: '1.0', value: 60 },
      { le: '1', value: 35 },
      { le: COUNT_LE, value: 100 },
    ];
    expect(att(1, mixed)).toMatchObject({ value: 0.95, exact: true });
  });

  it('without _count, the +Inf bucket is the total', () => {
    expect(att(0.5, rates.filter((s) => s.le !== COUNT_LE))).toMatchObject({ value: 0.8 });
  });

  it('without _count and without +Inf, says it cannot compute', () => {
    expect(att(0.5, rates.filter((s) => s.le !== COUNT_LE && s.le !== '+Inf'))).toEqual({ kind: 'no-total' });
  });

  it('no traffic is neither 0 % nor 100 %', () => {
    expect(att(0.5, rates.map((s) => ({ ...s, value: 0 })))).toEqual({ kind: 'no-traffic' });
    expect(att(0.5, [])).toEqual({ kind: 'no-traffic' });
  });

  it('never reports more than 100 % when a bucket is scraped after the count', () => {
    expect(att(1, [{ le: '1.0', value: 101 }, { le: COUNT_LE, value: 100 }])).toMatchObject({ value: 1 });
  });

  it('no finite bounds, or the bound series missing: no-buckets', () => {
    expect(attainmentFrom(rates, 0.5, locateThreshold(0.5, parseBounds(['+Inf'])))).toEqual({ kind: 'no-buckets' });
    expect(att(0.5, [{ le: COUNT_LE, value: 10 }])).toEqual({ kind: 'no-buckets' });
  });
});

describe('goodputBounds', () => {
  it('max(0, 1 − Σ violations) ≤ goodput ≤ min(attainments), as share and as req/s', () => {
    const g = goodputBounds(
      [
        { low: 0.95, high: 0.97 },
        { low: 0.9, high: 0.9 },
      ],
      20,
    );
    expect(g!.low).toBeCloseTo(0.85, 12);
    expect(g!.high).toBeCloseTo(0.9, 12);
    expect(g!.lowRate).toBeCloseTo(17, 12);
    expect(g!.highRate).toBeCloseTo(18, 12);
  });

  it('floors the lower bound at 0 when violations add up past 100 %', () => {
    expect(goodputBounds([{ low: 0.4, high: 0.4 }, { low: 0.5, high: 0.5 }], null)).toEqual({ low: 0, high: 0.4, lowRate: null, highRate: null });
  });

  it('with one SLO, goodput is its attainment interval; with none, unknown', () => {
    expect(goodputBounds([{ low: 0.7, high: 0.8 }], 10)).toMatchObject({ low: 0.7, high: 0.8 });
    expect(goodputBounds([], 10)).toBeNull();
  });
});

describe('burn rate', () => {
  it('(1 − attainment) / (1 − objective)', () => {
    expect(burnRate(0.99, 0.99)).toBeCloseTo(1, 12);
    expect(burnRate(0.856, 0.99)).toBeCloseTo(14.4, 9);
    expect(burnRate(1, 0.999)).toBe(0);
  });

  it('coloured by the workbook: red where the window pages (14.4× over 1 h, 6× over 6 h), amber from 1×', () => {
    expect(burnColor(14.4, '1h')).toBe('red');
    expect(burnColor(14.3, '1h')).toBe('amber');
    expect(burnColor(6, '6h')).toBe('red');
    expect(burnColor(5.9, '6h')).toBe('amber');
    expect(burnColor(1, '1h')).toBe('amber');
    expect(burnColor(0.9, '6h')).toBe('green');
    expect(burnColor(null)).toBe('none');
  });

  it('an attainment interval gives a burn interval the other way round', () => {
    const b = burnOf(att(0.3), 0.9);
    expect(b!.low).toBeCloseTo(2, 9); // attainment 0.8
    expect(b!.high).toBeCloseTo(5, 9); // attainment 0.5
    expect(b!.value).toBeCloseTo(3.5, 9); // attainment 0.65
    expect(burnOf({ kind: 'no-traffic' }, 0.9)).toBeNull();
  });
});

describe('parseThreshold', () => {
  it.each([
    ['0.5', 0.5],
    ['500ms', 0.5],
    ['2s', 2],
    ['1.5m', 90],
    ['1e-1', 0.1],
    [' 0.25 ', 0.25],
  ])('%j → %s s', (raw, v) => expect(parseThreshold(raw)).toEqual({ ok: true, value: v }));
  it.each(['0', '-1', 'NaN', 'abc', '', '2d', '90000', '1e400', '0ms'])('refuses %j', (raw) => expect(parseThreshold(raw).ok).toBe(false));
});

describe('parseObjective', () => {
  it.each([
    ['0.99', 0.99],
    ['99', 0.99],
    ['99.9%', 0.999],
    ['0.5', 0.5],
  ])('%j → %s', (raw, v) => expect(parseObjective(raw)).toEqual({ ok: true, value: v }));
  it.each(['1', '0', '100', '100%', '150', '-0.5', 'high'])('refuses %j', (raw) => expect(parseObjective(raw).ok).toBe(false));
});
