// The example host page of docs/embedding.md, as a file (not inline) so that it runs under the
// same `script-src 'self'` policy as the board. The dashboard's address: ?app=<url> on this page,
// default: this page's own folder. Only an http(s) address is framed: a `javascript:` one would
// run in a frame of this page's origin.
(function () {
  const params = new URLSearchParams(location.search);
  const app = params.get('app') || new URL('./', location.href).href;
  let appUrl = null;
  try {
    appUrl = new URL(app, location.href);
  } catch {
    appUrl = null;
  }
  if (!appUrl || (appUrl.protocol !== 'http:' && appUrl.protocol !== 'https:')) {
    const problem = document.getElementById('problem');
    problem.hidden = false;
    problem.textContent = 'The app parameter must be an http:// or https:// address of the dashboard.';
    return;
  }
  const prom = params.get('prom') || '';
  const base = (extra) => {
    const u = new URL(appUrl.href);
    if (prom) u.searchParams.set('prom', prom);
    for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
    return u.href;
  };
  const appOrigin = appUrl.origin;
  document.getElementById('ttft').src = base({ panel: 'ttft', kiosk: '1' });
  document.getElementById('board').src = base({ kiosk: '1' });

  const frames = ['ttft', 'board'].map((id) => document.getElementById(id));
  document.getElementById('apply').addEventListener('click', () => {
    const state = {
      from: document.getElementById('range').value,
      to: 'now',
      engine: document.getElementById('engine').value,
      theme: document.getElementById('theme').value,
    };
    for (const f of frames) f.contentWindow.postMessage({ type: 'inferwatch:set', state }, appOrigin);
  });

  const log = document.getElementById('log');
  window.addEventListener('message', (e) => {
    if (e.origin !== appOrigin) return;
    const frame = frames.find((f) => f.contentWindow === e.source);
    if (!frame) return;
    if (e.data && e.data.type === 'inferwatch:resize' && frame.id === 'board') frame.style.height = e.data.height + 'px';
    const line = document.createElement('div');
    line.textContent = `${frame.id}: ${JSON.stringify(e.data)}`;
    log.prepend(line);
    window.lastMessages = (window.lastMessages || []).concat([{ frame: frame.id, data: e.data }]);
  });
})();
