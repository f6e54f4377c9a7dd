// Asks for config.json while the app's bundle downloads and compiles, so that the app does not
// wait one more round trip for it once it runs: src/config/runtime-config.ts takes this answer
// (one request, not two). A plain file, not inline, so a `script-src 'self'` policy allows it.
(function () {
  try {
    const page = globalThis;
    const answer = page.fetch(new page.URL('config.json', page.document.baseURI), { cache: 'no-cache', credentials: 'same-origin' });
    answer.catch(() => {});
    page.__inferwatchConfig = answer;
  } catch {
    // No fetch or URL: the app asks itself.
  }
})();
