// The app's half of the boot (main.tsx loads it with a dynamic import, so React, the catalog and
// the dashboard download and compile while the entry already asks config.json and the backend's
// discovery): renders the app, or the start-up error page, and plans the first screen's queries.
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../config/runtime-config';
import type { CredentialStore } from '../dashboard/backend/credentials';
import { preloadPanelChunk } from '../dashboard/panel/chart-view';
import { App } from './app';
import { ConfigErrorPage } from './config-error-page';
import { planFirstScreen, type FirstScreenInput, type RangeJob } from './first-screen/plan';

export { preloadBoardParts } from '../dashboard/board/dashboard';

/**
 * The first screen's range queries (main.tsx sends them with the early discovery). The lazy chunks
 * its panels draw with (a latency panel's exemplar lines, a heatmap) are asked now as well, with
 * the queries: a panel would ask its chunk only once React had committed it, one more round trip
 * before an embedded latency panel could draw.
 */
export function firstScreenJobs(input: FirstScreenInput): RangeJob[] {
  const { panels, jobs } = planFirstScreen(input);
  for (const p of panels) preloadPanelChunk(p);
  return jobs;
}

let root: Root | null = null;
const rootOf = (): Root => (root ??= createRoot(document.getElementById('root')!));

export function startApp(config: RuntimeConfig, queryClient: QueryClient, credentials: CredentialStore, bootNow: number): void {
  // A transition: React yields to the event loop every few ms while it renders the first screen,
  // so the early discovery's answers are handled (and its next requests leave) during that render
  // instead of after it.
  startTransition(() =>
    rootOf().render(
      <StrictMode>
        <App config={config} queryClient={queryClient} initialCredentials={credentials} bootNow={bootNow} />
      </StrictMode>,
    ),
  );
}

export function showConfigError(message: string): void {
  rootOf().render(<ConfigErrorPage message={message} />);
}
