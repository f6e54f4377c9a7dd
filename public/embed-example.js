// The example host page of docs/embedding.md, as a file (not inline) so that it runs under the
// same `script-src 'self'` policy as the board. The dashboard's address: ?app=<url> on this page,
// default: this page's own folder. Only an http(s) address is framed: a `javascript:` one would
// run in a frame of this page's origin. And only this site's own dashboard, or one on an origin
// that this folder's config.json lists in `embedOrigins`: the page sits on the dashboard's origin,
// so framing any address a link names would put an attacker's page ("session expired: enter your
// token") under this site's name.
(function () {
  const refuse = (text) => {
    const problem = document.getElementById('problem');
    problem.hidden = false;
    problem.textContent = text;
  };
  const params = new URLSearchParams(location.search);
  const app = params.get('app') || new URL('./', location.href).href;
  let appUrl = null;
  try {
    appUrl = new URL(app, location.href);
  } catch {
    appUrl = null;
  }
  if (!appUrl || (appUrl.protocol !== 'http:' && appUrl.protocol !== 'https:')) {
    refuse('The app parameter must be an http:// or https:// address of the dashboard.');
    return;
  }
  if (appUrl.origin === location.origin) start(appUrl);
  else
    fetch('./config.json')
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}))
      .then((cfg) => {
        const listed = Array.isArray(cfg && cfg.embedOrigins) ? cfg.embedOrigins : [];
        if (listed.includes(appUrl.origin)) start(appUrl);
        else refuse(`This page frames only this site's own dashboard, or one whose origin config.json lists in embedOrigins; ${appUrl.origin} is not listed.`);
      });
})();

function start(appUrl) {
  const params = new URLSearchParams(location.search);
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
}
