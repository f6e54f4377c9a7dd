// Asks for config.json while the app's bundle downloads and compiles, so that the app does not
// wait one more round trip for it once it runs: src/config/runtime-config.ts takes this answer
// (one request, not two). A plain file, not inline, so a `script-src 'self'` policy allows it.
// It also preloads the board's own chunks (listed in index.html's `inferwatch:chunks-*` metas by
// the build) when the URL shows the board (no `panel=`) or its header (no `kiosk=1`): an embedded
// panel does not load them at all (src/dashboard/board/chunks.ts).
(function () {
  try {
    const page = globalThis;
    const answer = page.fetch(new page.URL('config.json', page.document.baseURI), { cache: 'no-cache', credentials: 'same-origin' });
    answer.catch(() => {});
    page.__inferwatchConfig = answer;
  } catch {
    // No fetch or URL: the app asks itself.
  }
  try {
    const doc = globalThis.document;
    const query = new URLSearchParams(globalThis.location.search);
    const kiosk = query.get('kiosk');
    const parts = [];
    // As the app reads the URL (src/dashboard/url/url-state.ts, PANEL_ID; src/app/boot-script.test.ts
    // holds the two to the same choice): a `panel=` that is not a panel id is dropped, so the board shows.
    const panel = query.get('panel');
    if (panel === null || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(panel)) parts.push('board');
    if (kiosk !== '1' && kiosk !== 'true') parts.push('header');
    for (const part of parts) {
      const list = doc.querySelector(`meta[name="inferwatch:chunks-${part}"]`);
      for (const href of (list?.getAttribute('content') ?? '').split(' ').filter(Boolean)) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        doc.head.appendChild(link);
      }
    }
  } catch {
    // A hint only: main.tsx asks the same chunks itself.
  }
  try {
    // The data worker (src/prometheus/worker/), started here so that its script downloads with the
    // app's and it is running before the first range query: the app adopts it
    // (src/prometheus/worker/transport.ts, takeBootWorker). Messages and a load failure before that
    // are kept for it.
    const page = globalThis;
    const href = page.document.querySelector('meta[name="inferwatch:data-worker"]')?.getAttribute('content');
    if (href && typeof page.Worker === 'function') {
      const worker = new page.Worker(new page.URL(href, page.document.baseURI), { type: 'module', name: 'inferwatch-data' });
      const boot = { worker, early: [], failed: null };
      worker.onmessage = (event) => boot.early.push(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        boot.failed = event.message || 'the worker script failed to load';
      };
      page.__inferwatchWorker = boot;
    }
  } catch {
    // No worker here (a CSP without worker-src 'self', a sandbox): the app makes or does without its own.
  }
})();
