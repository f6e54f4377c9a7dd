// @vitest-environment jsdom
// The scoped store: one value per query client and scope, listeners told of changes to theirs only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createScopedStore } from './scoped-store';
import { reportBackendDown, reportBackendUp, useBackendHealth } from '../backend/health';

const A = 'http://prom-a:9090';
const B = 'http://prom-b:9090';

describe('createScopedStore', () => {
  it('keeps one value per query client: two clients never see each other’s', () => {
    const store = createScopedStore(() => 0);
    const [one, two] = [new QueryClient(), new QueryClient()];
    store.update(one, A, (n) => n + 1);
    expect(store.get(one, A)).toBe(1);
    expect(store.get(two, A)).toBe(0);
  });

  it('keeps one value per scope: a backend’s value does not leak to another', () => {
    const store = createScopedStore(() => 0);
    const qc = new QueryClient();
    store.update(qc, A, () => 5);
    expect(store.get(qc, B)).toBe(0);
  });

  it('tells the listeners of the changed scope only, and none for an unchanged value', () => {
    const store = createScopedStore(() => 'x');
    const qc = new QueryClient();
    const [onA, onB, otherClient] = [vi.fn(), vi.fn(), vi.fn()];
    store.subscribe(qc, A, onA);
    store.subscribe(qc, B, onB);
    store.subscribe(new QueryClient(), A, otherClient);
    store.update(qc, A, () => 'y');
    store.update(qc, A, (v) => v);
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(otherClient).not.toHaveBeenCalled();
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createScopedStore(() => 0);
    const qc = new QueryClient();
    const l = vi.fn();
    const off = store.subscribe(qc, A, l);
    off();
    store.update(qc, A, () => 1);
    expect(l).not.toHaveBeenCalled();
  });
});

function Health({ url }: { url: string }) {
  const h = useBackendHealth(url);
  return <span data-testid={url}>{h.down ? `down: ${h.message}` : 'up'}</span>;
}

describe('backend health', () => {
  it('is read through the component’s own client and backend, and re-renders on change', () => {
    const [qc, other] = [new QueryClient(), new QueryClient()];
    render(
      <>
        <QueryClientProvider client={qc}>
          <Health url={A} />
          <Health url={B} />
        </QueryClientProvider>
        <QueryClientProvider client={other}>
          <div data-testid="other">
            <Health url={A} />
          </div>
        </QueryClientProvider>
      </>,
    );
    act(() => reportBackendDown(qc, A, 'query_range', new Error('refused')));
    expect(screen.getAllByTestId(A).map((e) => e.textContent)).toEqual(['down: refused', 'up']);
    expect(screen.getByTestId(B).textContent).toBe('up');
    act(() => reportBackendUp(qc, A, 'query_range'));
    expect(screen.getAllByTestId(A)[0]?.textContent).toBe('up');
  });
});
