// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vllmCatalog } from '../catalog';
import { createPrometheusClient } from '../prometheus';
import { AlertsRegion } from './alerts-region';
import { DashboardContext, type DashboardContextValue } from './dashboard-context';
import { DEFAULT_STATE } from './url-state';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror=alert(1)>';

function renderWith(fetchFn: typeof fetch) {
  const client = createPrometheusClient({ baseUrl: 'http://prom.test', fetch: fetchFn });
  const ctx = { client, baseUrl: 'http://prom.test', catalog: vllmCatalog, state: { ...DEFAULT_STATE, refresh: 'off' } } as unknown as DashboardContextValue;
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <DashboardContext.Provider value={ctx}>
        <AlertsRegion />
      </DashboardContext.Provider>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('AlertsRegion', () => {
  it('a backend without the alerts endpoint gets the explained note, not an error', async () => {
    renderWith(async () => new Response('404 page not found', { status: 404 }));
    const region = await screen.findByRole('region', { name: 'Alerts' });
    expect(await screen.findByText(/Alerts are not available from this backend/)).toBeTruthy();
    expect(region.getAttribute('data-state')).toBe('unavailable');
  });

  it('lists firing and pending alerts of this engine with name, place and summary, as text', async () => {
    const { container } = renderWith(async (input) => {
      const url = String(input);
      if (url.includes('/api/v1/rules')) return json({ status: 'success', data: { groups: [] } });
      return json({
        status: 'success',
        data: {
          alerts: [
            { labels: { alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'h:1' }, annotations: { summary: HOSTILE }, state: 'pending', activeAt: '2026-01-01T00:00:00Z' },
            { labels: { alertname: 'SGLangTargetDown', inferwatch_engine: 'sglang', instance: 'h:2' }, annotations: {}, state: 'firing' },
          ],
        },
      });
    });
    const item = await screen.findByText('VLLMTargetDown');
    expect(item.closest('li')?.textContent).toContain('h:1');
    expect(item.closest('li')?.textContent).toContain(HOSTILE);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText('SGLangTargetDown')).toBeNull();
  });
});
