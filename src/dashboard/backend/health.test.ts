import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
