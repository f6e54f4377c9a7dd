import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PrometheusError } from '../../prometheus';
import { healthOfBackend, reportBackendDown, reportBackendUp } from './health';

const A = 'http://prom:9090';
const timeout = new Error('The backend did not answer within 30 s (query_range)');

describe('backend health, per endpoint', () => {
  it('a failing endpoint stays failing while others answer: the banner is not cleared by their successes', () => {
    const qc = new QueryClient();
    reportBackendDown(qc, A, 'query_range', timeout, 1000);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: true, failingWhileOthersAnswer: [] });
    // Instant queries and alerts answer: the backend is there, its range queries are not.
    expect(reportBackendUp(qc, A, 'query', 2000)).toEqual(['query_range']);
    expect(reportBackendUp(qc, A, 'alerts', 3000)).toEqual([]);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: false, failingWhileOthersAnswer: ['query_range'], message: timeout.message, since: 1000 });
    // A second failure of the same endpoint keeps the first failure's time.
    reportBackendDown(qc, A, 'query_range', new Error('503 upstream overloaded'), 4000);
    expect(healthOfBackend(qc, A)).toMatchObject({ since: 1000, message: '503 upstream overloaded' });
    // Its own success clears it, and says its failed queries are worth asking again.
    expect(reportBackendUp(qc, A, 'query_range', 5000)).toEqual(['query_range']);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: false, unreachable: false });
    expect(reportBackendUp(qc, A, 'query_range', 6000)).toEqual([]);
  });

  it('a backend that answered nothing since it failed is unreachable; the first answer re-asks every failing endpoint', () => {
    const qc = new QueryClient();
    reportBackendDown(qc, A, 'query_range', new Error('Failed to fetch'), 1000);
    reportBackendDown(qc, A, 'query', new Error('Failed to fetch'), 1100);
    reportBackendDown(qc, A, 'alerts', new Error('Failed to fetch'), 1200);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: true });
    expect(reportBackendUp(qc, A, 'alerts', 2000)).toEqual(['query_range', 'query', 'alerts']);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: false, failingWhileOthersAnswer: ['query_range', 'query'] });
  });

  it('successes with nothing failing leave the record as it is (no re-render per answer)', () => {
    const qc = new QueryClient();
    const before = healthOfBackend(qc, A);
    reportBackendUp(qc, A, 'query', 1);
    expect(healthOfBackend(qc, A)).toBe(before);
  });
});

describe('backend health, time-outs', () => {
  const hung = (waitedMs: number) =>
    new PrometheusError({ kind: 'network', timedOut: true, waitedMs, message: 'The backend did not answer within 30 s (query_range)' });

  it('a time-out began when its request was sent: what answered while it waited shows the backend is there', () => {
    const qc = new QueryClient();
    // Discovery answered before and while the range query hung (nothing was failing then).
    reportBackendUp(qc, A, 'metric_names', 1_000);
    reportBackendUp(qc, A, 'label_names', 2_500);
    reportBackendDown(qc, A, 'query_range', hung(30_000), 32_000);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: false, failingWhileOthersAnswer: ['query_range'], since: 2_000 });
    // Another endpoint's success does not send the hanging query again.
    expect(reportBackendUp(qc, A, 'alerts', 32_100)).toEqual([]);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, failingWhileOthersAnswer: ['query_range'] });
  });

  it('a lone time-out with nothing else asked meanwhile is not re-asked by the next answer of another endpoint', () => {
    const qc = new QueryClient();
    reportBackendUp(qc, A, 'metric_names', 1_000);
    reportBackendDown(qc, A, 'query_range', hung(30_000), 32_000);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: true });
    expect(reportBackendUp(qc, A, 'alerts', 32_100)).toEqual([]);
    expect(healthOfBackend(qc, A)).toMatchObject({ down: true, unreachable: false, failingWhileOthersAnswer: ['query_range'] });
    // Its own answer clears it.
    expect(reportBackendUp(qc, A, 'query_range', 40_000)).toEqual(['query_range']);
    expect(healthOfBackend(qc, A).down).toBe(false);
  });

  it('time-outs on several endpoints (a backend that hung as a whole) are all re-asked when it answers again', () => {
    const qc = new QueryClient();
    reportBackendDown(qc, A, 'query_range', hung(30_000), 32_000);
    reportBackendDown(qc, A, 'query', hung(30_000), 32_500);
    expect(reportBackendUp(qc, A, 'alerts', 40_000)).toEqual(['query_range', 'query']);
  });
});
