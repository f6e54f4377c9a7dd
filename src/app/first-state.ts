// The dashboard's first state and backend, from config.json and the URL: what the app starts from,
// and what the boot path (main.tsx) asks early with. No React here: the entry chunk imports it.
import type { RuntimeConfig } from '../config/runtime-config';
import { DEFAULT_STATE, parseUrlState, REFRESH_OPTIONS, type DashboardState } from '../dashboard/url/url-state';
import { chooseBackend } from '../dashboard/backend/choice';
import type { CredentialStore } from '../dashboard/backend/credentials';

export function defaultsFrom(config: RuntimeConfig): DashboardState {
  const refresh = REFRESH_OPTIONS.find((r) => r === config.defaultRefresh);
  return {
    ...DEFAULT_STATE,
    engine: config.defaultEngine,
    from: config.defaultRange?.from ?? DEFAULT_STATE.from,
    to: config.defaultRange?.to ?? DEFAULT_STATE.to,
    refresh: refresh ?? DEFAULT_STATE.refresh,
    theme: config.theme ?? DEFAULT_STATE.theme,
    lang: config.lang,
  };
}

/**
 * The backend and the headers the dashboard will ask first, as Dashboard derives them
 * (`chooseBackend`). The boot path starts its discovery with exactly these (main.tsx).
 */
export function firstBackend(config: RuntimeConfig, search: string, origin: string, store: CredentialStore): { baseUrl: string; headers: Record<string, string> } {
  const { state } = parseUrlState(search, defaultsFrom(config));
  const { baseUrl, headers } = chooseBackend(state.prom, config, origin, store);
  return { baseUrl, headers };
}

/** The state the dashboard starts from: the URL over config.json's defaults (the boot path derives its first keys from it). */
export function firstState(config: RuntimeConfig, search: string): DashboardState {
  return parseUrlState(search, defaultsFrom(config)).state;
}
