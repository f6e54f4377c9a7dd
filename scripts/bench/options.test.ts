import { describe, expect, it } from 'vitest';
import { helpText, KNOBS, knob, knobGiven, unknownKnobs } from './options';

describe('knob', () => {
  it('gives the default when unset or empty', () => {
    expect(knob('BENCH_RUNS', {})).toBe(5);
    expect(knob('BENCH_RUNS', { BENCH_RUNS: '' })).toBe(5);
    expect(knob('BENCH_DATASETS', {})).toEqual(['anchor', 'demo', 'fleet']);
    expect(knob('BENCH_DIST', {})).toBeUndefined();
  });

  it('parses numbers, lists and flags, and rejects what does not parse', () => {
    expect(knob('BENCH_PORT_OFFSET', { BENCH_PORT_OFFSET: '20' })).toBe(20);
    expect(() => knob('BENCH_RUNS', { BENCH_RUNS: 'five' })).toThrow(/BENCH_RUNS=five: not a number/);
    expect(knob('BENCH_DATASETS', { BENCH_DATASETS: 'fleet, tables' })).toEqual(['fleet', 'tables']);
    expect(() => knob('BENCH_FIGURES', { BENCH_FIGURES: 'loads,refresh' })).toThrow(/unknown value "refresh"/);
    expect(knob('BQ_COMMITS', { BQ_COMMITS: '1' })).toBe(true);
    expect(knob('BQ_MINIFY', {})).toBe(true);
    expect(knob('BQ_MINIFY', { BQ_MINIFY: '0' })).toBe(false);
    expect(() => knob('BQ_DATASET', { BQ_DATASET: 'prod' })).toThrow(/one of demo, fleet/);
  });

  it('reads BENCH_PARTS as the older name of BENCH_FIGURES, its own name first', () => {
    expect(knob('BENCH_FIGURES', { BENCH_PARTS: 'refresh,raw' })).toEqual(['refreshes', 'raw']);
    expect(knob('BENCH_FIGURES', { BENCH_PARTS: 'raw', BENCH_FIGURES: 'loads' })).toEqual(['loads']);
  });

  it('tells a knob set (by its name or an alias) from one read as its default', () => {
    expect(knobGiven('BENCH_DATASETS', {})).toBe(false);
    expect(knobGiven('BENCH_DATASETS', { BENCH_DATASETS: '' })).toBe(false);
    expect(knobGiven('BENCH_DATASETS', { BENCH_DATASETS: 'anchor,demo,fleet' })).toBe(true);
    expect(knobGiven('BENCH_FIGURES', { BENCH_PARTS: 'raw' })).toBe(true);
  });

  it('hands out a copy of a list default', () => {
    knob('BENCH_DATASETS', {}).push('rules');
    expect(knob('BENCH_DATASETS', {})).toEqual(['anchor', 'demo', 'fleet']);
  });
});

describe('the table', () => {
  it('names the unknown variables of the bench namespaces, not the aliases', () => {
    expect(unknownKnobs({ BENCH_RUN: '3', BENCH_PARTS: 'raw', BQ_TICKS: '5', PATH: '/bin' })).toEqual(['BENCH_RUN']);
  });

  it('lists every knob and alias in --help', () => {
    const text = helpText();
    for (const name of [...Object.keys(KNOBS), 'BENCH_PARTS']) expect(text).toContain(`  ${name}  `);
  });
});
