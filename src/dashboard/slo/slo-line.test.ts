import { describe, expect, it } from 'vitest';
import { sloLineOf } from './slo-line';

const slo = { thresholds: { ttft: 0.5, itl: null, e2e: 10 } };

describe('sloLineOf', () => {
  it('the TTFT and E2E line charts draw their SLO; ITL has none set', () => {
    expect(sloLineOf({ id: 'ttft', chart: 'timeseries' }, slo)).toBe(0.5);
    expect(sloLineOf({ id: 'e2e-latency', chart: 'timeseries' }, slo)).toBe(10);
    expect(sloLineOf({ id: 'itl', chart: 'timeseries' }, slo)).toBeNull();
  });
  it('not on heatmaps, other panels, or without SLOs', () => {
    expect(sloLineOf({ id: 'ttft', chart: 'heatmap' }, slo)).toBeNull();
    expect(sloLineOf({ id: 'queue-time', chart: 'timeseries' }, slo)).toBeNull();
    expect(sloLineOf({ id: 'ttft', chart: 'timeseries' }, undefined)).toBeNull();
  });
});
