import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../../charts';
import { isEmptyBuckets, isEmptyChart } from './use-panel-data';

const bucket = (le: string, y: number | null): ChartSeries => ({ id: `q{le="${le}"}`, name: le, labels: { le }, points: [[0, y]] });

describe('when a panel is empty', () => {
  it('a distribution whose buckets all stayed at 0 (no request in range) is empty, not bars of 0 %', () => {
    const zeros = { series: [bucket('100', 0), bucket('1000', 0), bucket('+Inf', 0)] };
    expect(isEmptyBuckets(zeros)).toBe(true);
    // A time series of zeros is data (an idle queue is a fact).
    expect(isEmptyChart(zeros)).toBe(false);
    expect(isEmptyBuckets({ series: [bucket('100', 0), bucket('+Inf', 3)] })).toBe(false);
    expect(isEmptyBuckets({ series: [bucket('100', null)] })).toBe(true);
  });
});
