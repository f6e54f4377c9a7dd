// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vllmCatalog } from '../../catalog';
import { createPrometheusClient } from '../../prometheus';
import { AlertsRegion } from './region';
import { DashboardContext, type DashboardContextValue } from '../data/context';
import { DEFAULT_STATE } from '../url/url-state';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror=alert(1)>';

function renderWith(fetchFn: typeof fetch, setState: (patch: unknown) => void = () => {}) {
  const client = createPrometheusClient({ baseUrl: 'http://prom.test', fetch: fetchFn });
  const ctx = { client, baseUrl: 'http://prom.test', catalog: vllmCatalog, state: { ...DEFAULT_STATE, refresh: 'off' }, setState } as unknown as DashboardContextValue;
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

  it('links each alert to its runbook (absolute http(s) only) and filters the board to its instance', async () => {
    const setState = vi.fn();
    renderWith(async (input) => {
      if (String(input).includes('/api/v1/rules')) return json({ status: 'success', data: { groups: [] } });
      return json({
        status: 'success',
        data: {
          alerts: [
            { labels: { alertname: 'VLLMTargetDown', inferwatch_engine: 'vllm', instance: 'h:1' }, annotations: { runbook_url: 'https://runbooks.test/alerts.md#targetdown' }, state: 'firing' },
            { labels: { alertname: 'VLLMHighTTFT', inferwatch_engine: 'vllm', model_name: 'm' }, annotations: { runbook_url: 'docs/alerts.md#highttft' }, state: 'firing' },
            { labels: { alertname: 'VLLMRequestsWaiting', inferwatch_engine: 'vllm', instance: 'h:2' }, annotations: { runbook_url: 'javascript:alert(1)' }, state: 'firing' },
          ],
        },
      });
    }, setState);
    const down = (await screen.findByText('VLLMTargetDown')).closest('li')!;
    expect(down.querySelector('a')?.getAttribute('href')).toBe('https://runbooks.test/alerts.md#targetdown');
    // A relative runbook_url would resolve against the board, and a javascript: one must never be a link.
    expect(screen.getByText('VLLMHighTTFT').closest('li')?.querySelector('a')).toBeNull();
    expect(screen.getByText('VLLMRequestsWaiting').closest('li')?.querySelector('a')).toBeNull();
    // A model-wide alert has no instance to go to.
    expect(screen.getByText('VLLMHighTTFT').closest('li')?.textContent).not.toContain('Show this instance');
    fireEvent.click(down.querySelector('button')!);
    expect(setState).toHaveBeenCalledWith({ instance: ['h:1'] });
  });
});
