// Entry: load and validate config.json, then start the app; a bad config gives a readable page.
// The entry is small on purpose: React and the dashboard (app/start.tsx) are a chunk it imports at
// once, which downloads and compiles while this chunk already asks config.json's answer (requested
// by public/boot.js) and, for a backend named in the URL, its discovery (src/app/early-discovery.ts:
// names, scrape interval, recorded series). That waits for config.json: only it says whether this
// copy may ask that backend and which headers are bound to it. Once the discovery and the app's
// chunk are in, the first screen's range queries leave under the panels' own keys
// (src/app/first-screen/), while React renders its first commit.
import { startEarlyDiscovery } from './app/early-discovery';
import { firstBackend, firstState } from './app/first-state';
import { readViewport } from './app/first-screen/viewport';
import { createQueryClient } from './app/query-client';
import { loadRuntimeConfig } from './config/runtime-config';
import { loadRemembered } from './dashboard/backend/credentials';
import { startDataWorker } from './prometheus';
import { preloadBoardChunks } from './dashboard/board/chunks';
import { parseUrlState } from './dashboard/url/url-state';
import { pickLang } from './i18n/langs';
import { loadLang } from './i18n/packs';
import './index.css';

/** The longest React's first render waits, once the app's chunk is in, for the first screen's queries to leave. */
const FIRST_RENDER_HOLD_MS = 200;

// Boot steps on the page's performance timeline (the bench's boot timeline reads them).
performance.mark('inferwatch:script');
// The data worker (src/prometheus/worker/): public/boot.js has started it, so that its script loads
// with the app's; the transport adopts it here (or starts one: the dev server, no boot.js worker).
startDataWorker();
const app = import('./app/start');
// The board's own chunks (the whole board, the header), which an embedded panel does not load:
// asked with the app's chunk (boot.js has usually preloaded them), and the first render waits for
// them (`panel` and `kiosk` come from the URL alone, never from config.json).
const shows = parseUrlState(window.location.search).state;
void preloadBoardChunks(shows);
const credentials = loadRemembered();

loadRuntimeConfig()
  .then((config) => {
    performance.mark('inferwatch:config');
    const queryClient = createQueryClient();
    const first = firstBackend(config, window.location.search, window.location.origin, credentials);
    // One clock reading for the early keys and the app's first window (else a step boundary
    // crossed while React renders would give the panels other keys than the early requests).
    const bootNow = Date.now();
    // The interface language's text, when it is not English (a lazy chunk, i18n/packs.ts): asked
    // now, with the app's chunk, and in before the first render. If it fails, the page is English.
    const state = firstState(config, window.location.search);
    const langLoaded = loadLang(pickLang(state.lang, navigator.languages ?? [navigator.language])).catch(() => {});
    let firstScreenSent: Promise<void> | undefined;
    if (first.baseUrl) {
      const viewport = readViewport();
      const early = startEarlyDiscovery(window.location.search, window.location.origin, bootNow, first.headers, first.baseUrl, {
        state,
        firstScreen: async (d) => (await app).firstScreenJobs({ ...d, state, now: bootNow, viewport }),
      });
      early?.adopt(queryClient, first.baseUrl, first.headers);
      firstScreenSent = early?.firstScreenSent;
    }
    return app.then(async (m) => {
      performance.mark('inferwatch:app');
      // React's first render holds (a little) for the first screen's range queries to leave: the
      // discovery's last answers and the planner need the main thread for a few ms, and a render
      // started first would keep them waiting behind it (~90 ms in the embed's timeline).
      if (firstScreenSent) await Promise.race([firstScreenSent, new Promise((r) => setTimeout(r, FIRST_RENDER_HOLD_MS))]);
      await m.preloadBoardParts(shows);
      await langLoaded;
      m.startApp(config, queryClient, credentials, bootNow);
    });
  })
  .catch(async (e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    try {
      (await app).showConfigError(message);
    } catch {
      // The app's own chunk did not load (a partial deploy, a dropped connection): say so in plain text.
      document.getElementById('root')!.textContent = `inferwatch could not start: ${message}`;
    }
  });
