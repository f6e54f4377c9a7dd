// Entry: load and validate config.json, then start the app; a bad config gives a readable page.
// A backend named in the URL is asked for its names and scrape interval before the first render
// (src/app/early-discovery.ts), so the first panels need no round trip after it. That waits for
// config.json (asked by public/boot.js while the bundle loaded, so it is normally in already):
// only config.json says whether this copy may ask that backend and which headers are bound to it.
// Once that discovery has answered, the first screen's range queries leave too, under the panels'
// own keys (src/app/first-screen/), while React still renders.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstBackend, firstState } from './app/first-state';
import { ConfigErrorPage } from './app/config-error-page';
import { startEarlyDiscovery } from './app/early-discovery';
import { firstScreenJobs } from './app/first-screen/plan';
import { readViewport } from './app/first-screen/viewport';
import { createQueryClient } from './app/query-client';
import { loadRuntimeConfig } from './config/runtime-config';
import { loadRemembered } from './dashboard/backend/credentials';
import { startDataWorker } from './prometheus';
import './index.css';

// Boot steps on the page's performance timeline (the bench's boot timeline reads them).
performance.mark('inferwatch:script');
// The data worker's script loads while config.json does (src/prometheus/worker/).
startDataWorker();
const root = createRoot(document.getElementById('root')!);
const credentials = loadRemembered();

loadRuntimeConfig()
  .then((config) => {
    performance.mark('inferwatch:config');
    const queryClient = createQueryClient();
    const first = firstBackend(config, window.location.search, window.location.origin, credentials);
    // One clock reading for the early keys and the app's first window (else a step boundary
    // crossed while React renders would give the panels other keys than the early requests).
    const bootNow = Date.now();
    if (first.baseUrl) {
      const state = firstState(config, window.location.search);
      const viewport = readViewport();
      const early = startEarlyDiscovery(window.location.search, window.location.origin, bootNow, first.headers, first.baseUrl, {
        state,
        firstScreen: (d) => firstScreenJobs({ ...d, state, now: bootNow, viewport }),
      });
      early?.adopt(queryClient, first.baseUrl, first.headers);
    }
    // A transition: React yields to the event loop every few ms while it renders the first
    // screen, so the early discovery's answers are handled (and its next requests leave) during
    // that render instead of after it.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} queryClient={queryClient} initialCredentials={credentials} bootNow={bootNow} />
        </StrictMode>,
      ),
    );
  })
  .catch((e: unknown) => {
    root.render(<ConfigErrorPage message={e instanceof Error ? e.message : String(e)} />);
  });
