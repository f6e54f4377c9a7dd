// The postMessage API for a host page that embeds the dashboard in an iframe (docs/embedding.md):
//   host → dashboard  {type: "inferwatch:set", state: {from, to, refresh, engine, model, instance, theme, …}}
//   dashboard → host  {type: "inferwatch:state", state}  and  {type: "inferwatch:resize", height}
// Only origins listed in config.json `embedOrigins` are heard and answered; nothing is sent to
// "*" unless "*" itself is listed. Values go through the URL codec, so a message can set nothing
// a link could not.
import { useEffect, useRef } from 'react';
import { parseUrlState, serializeUrlState, type DashboardState } from '../url/url-state';
import type { SetDashboardState } from '../url/use-url-state';

/** The fields a host may set, and what it is told. Credentials are never part of it. */
const SETTABLE = ['engine', 'model', 'instance', 'rank', 'cluster', 'from', 'to', 'refresh', 'theme', 'lang', 'panel', 'kiosk', 'collapsed', 'gpu', 'rate', 'compare'] as const;

/** The A/B selection as a host sends and is told it: `{ label, a: [...], b: [...] }`, null = off. */
type EmbedAb = { label: string; a: string[]; b: string[] } | null;

export type EmbedState = Partial<Record<(typeof SETTABLE)[number], string | string[] | boolean | null>> & { ab?: EmbedAb };

/** Validates a host's state patch with the URL codec; unknown or invalid fields are dropped. */
export function patchFromMessage(raw: unknown, current: DashboardState): Partial<DashboardState> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const params = new URLSearchParams();
  for (const key of SETTABLE) {
    const v = (raw as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) params.append(key, String(x));
    else if (typeof v === 'boolean') params.set(key, v ? '1' : '0');
    else if (typeof v === 'string' || typeof v === 'number') params.set(key, String(v));
  }
  // `ab`: an object of the URL's three params; one comparison at a time, as in a link.
  const ab = (raw as Record<string, unknown>).ab;
  if (typeof ab === 'object' && ab !== null) {
    const { label, a, b } = ab as Record<string, unknown>;
    if (typeof label === 'string') params.set('ab', label);
    for (const [k, vs] of [['a', a], ['b', b]] as const) if (Array.isArray(vs)) for (const v of vs) params.append(k, String(v));
  }
  const clears = (key: string) => (raw as Record<string, unknown>)[key] === null;
  if (params.toString() === '' && !clears('compare') && !clears('ab')) return null;
  const { state, problems } = parseUrlState(params.toString(), { ...current, ab: null });
  const patch: Partial<DashboardState> = {};
  for (const key of SETTABLE) if (params.has(key)) Object.assign(patch, { [key]: state[key] });
  if (state.ab) Object.assign(patch, { ab: state.ab, compare: null });
  else if (params.has('compare') && !problems.some((p) => p.startsWith('Ignored compare='))) patch.ab = null;
  if (clears('compare')) patch.compare = null;
  if (clears('ab')) patch.ab = null;
  // An explicit empty list clears a filter.
  for (const key of ['model', 'instance', 'rank', 'cluster'] as const) {
    const v = (raw as Record<string, unknown>)[key];
    if (Array.isArray(v) && v.length === 0) patch[key] = [];
  }
  return patch;
}

export function publicState(state: DashboardState): EmbedState {
  return {
    engine: state.engine,
    model: state.model,
    instance: state.instance,
    rank: state.rank,
    cluster: state.cluster,
    from: state.from,
    to: state.to,
    refresh: state.refresh,
    theme: state.theme,
    panel: state.panel,
    kiosk: state.kiosk,
    compare: state.compare,
    ab: state.ab,
  };
}

/** The embedding page's origin, when we are framed and it is allowed; '*' only if configured. */
export function parentTarget(allowed: readonly string[]): string | null {
  if (window.parent === window) return null;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const origin = ancestors?.[0] ?? (document.referrer ? new URL(document.referrer).origin : null);
  if (origin && allowed.includes(origin)) return origin;
  return allowed.includes('*') ? '*' : null;
}

export function useEmbedApi(state: DashboardState, setState: SetDashboardState, allowed: readonly string[], engine: string) {
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  // Host → dashboard.
  useEffect(() => {
    if (window.parent === window || allowed.length === 0) return;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      if (!allowed.includes(e.origin) && !allowed.includes('*')) return;
      const data = e.data as unknown;
      if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'inferwatch:set') return;
      const patch = patchFromMessage((data as { state?: unknown }).state, stateRef.current);
      if (patch) setState(patch, { replace: true });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowed, setState]);

  // Dashboard → host: the state after every change.
  const serialized = serializeUrlState(state);
  useEffect(() => {
    const target = parentTarget(allowed);
    if (!target) return;
    window.parent.postMessage({ type: 'inferwatch:state', state: { ...publicState(stateRef.current), engine } }, target);
  }, [serialized, allowed, engine]);

  // Dashboard → host: the content height, so the host can size the iframe.
  useEffect(() => {
    const target = parentTarget(allowed);
    if (!target || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const report = () => {
      // The content's own height, not scrollHeight: once the host sizes the iframe to our report,
      // scrollHeight can never shrink below the frame again.
      const root = document.getElementById('root') ?? document.body;
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: 'inferwatch:resize', height }, target);
    };
    const ro = new ResizeObserver(report);
    ro.observe(document.getElementById('root') ?? document.body);
    report();
    return () => ro.disconnect();
  }, [allowed]);
}
