import { describe, expect, it } from 'vitest';
import { bucketSelector, latencyKindOf } from './exemplar-query';

describe('bucketSelector', () => {
  it('takes the selector out of a heatmap or quantile expression', () => {
    expect(bucketSelector('sum by (le) (rate(vllm:time_to_first_token_seconds_bucket{model_name=~"a|b"}[1m]))')).toBe('vllm:time_to_first_token_seconds_bucket{model_name=~"a|b"}');
    expect(bucketSelector('histogram_quantile(0.99, sum by (le) (rate(sglang:e2e_request_latency_seconds_bucket[30s])))')).toBe('sglang:e2e_request_latency_seconds_bucket');
  });

  it('respects brackets and escaped quotes inside label values', () => {
    expect(bucketSelector('sum by (le) (rate(x_bucket{model_name="a[1]\\"]"}[1m]))')).toBe('x_bucket{model_name="a[1]\\"]"}');
  });

  it('null for anything that is not a bucket selector', () => {
    expect(bucketSelector('sum(rate(vllm:num_requests_total[1m]))')).toBeNull();
    expect(bucketSelector('sum by (le) (vllm:x_bucket)')).toBeNull();
    expect(bucketSelector('rate(x_bucket')).toBeNull();
  });
});

describe('latencyKindOf', () => {
  it('the four latency heatmaps only', () => {
    expect(latencyKindOf({ id: 'ttft-heatmap', chart: 'heatmap' })).toBe('ttft');
    expect(latencyKindOf({ id: 'queue-time-heatmap', chart: 'heatmap' })).toBe('queue');
    expect(latencyKindOf({ id: 'prompt-length-distribution', chart: 'distribution' })).toBeNull();
  });

  it('the quantile-line latency panels, drawn as lines only', () => {
    expect(latencyKindOf({ id: 'ttft', chart: 'timeseries' })).toBe('ttft');
    expect(latencyKindOf({ id: 'e2e-latency', chart: 'timeseries' })).toBe('e2e');
    expect(latencyKindOf({ id: 'tpot', chart: 'timeseries' })).toBe('itl');
    expect(latencyKindOf({ id: 'ttft', chart: 'table' })).toBeNull();
    expect(latencyKindOf({ id: 'request-rate', chart: 'timeseries' })).toBeNull();
  });
});
