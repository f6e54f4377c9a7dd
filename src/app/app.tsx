// The shell: providers, language and theme, and the dashboard bound to the URL.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { Dashboard } from '../dashboard/dashboard';
import { DEFAULT_STATE, parseUrlState, REFRESH_OPTIONS, type DashboardState } from '../dashboard/url-state';
import { useUrlState } from '../dashboard/use-url-state';
import { loadRemembered, saveCredentials, type Credentials } from '../dashboard/credentials';
import { I18nContext, messagesFor, pickLang } from '../i18n';
import { validateBaseUrl } from '../prometheus';
import { createQueryClient } from './query-client';

function defaultsFrom(config: RuntimeConfig): DashboardState {
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
 * The backend and the headers the dashboard will ask first, as Dashboard derives them: the URL's
 * `prom=` over config.json's `prometheusUrl`; typed or remembered credentials over config.json's
 * headers of the same name. The boot path compares them with what it asked early (main.tsx).
 */
export function firstBackend(config: RuntimeConfig, search: string, origin: string, credentials: Credentials): { baseUrl: string; headers: Record<string, string> } {
  const { state } = parseUrlState(search, defaultsFrom(config));
  const checked = validateBaseUrl(state.prom || config.prometheusUrl, origin);
  return { baseUrl: checked.ok ? checked.url : '', headers: { ...config.headers, ...credentials.headers } };
}

function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return;
    const on = () => setDark(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return dark;
}

export function App({ config, queryClient: given, initialCredentials }: { config: RuntimeConfig; queryClient?: QueryClient; initialCredentials?: Credentials }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [credentials, setCredentials] = useState<Credentials>(() => initialCredentials ?? loadRemembered());
  const onCredentials = (c: Credentials) => {
    saveCredentials(c);
    setCredentials(c);
  };
  const defaults = useMemo(() => defaultsFrom(config), [config]);
  const [{ state, problems }, setState] = useUrlState(defaults);
  const systemDark = useSystemDark();
  const theme = state.theme === 'auto' ? (systemDark ? 'dark' : 'light') : state.theme;
  const lang = pickLang(state.lang, navigator.languages ?? [navigator.language]);
  const i18n = useMemo(() => ({ lang, t: messagesFor(lang) }), [lang]);

  // The first render is committed (every section mounted): a boot step of the bench's timeline.
  useEffect(() => {
    performance.mark('inferwatch:first-commit');
  }, []);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.documentElement.lang = lang;
  }, [theme, lang]);

  return (
    <QueryClientProvider client={queryClient}>
      <I18nContext.Provider value={i18n}>
        <Dashboard
          config={config}
          state={state}
          problems={problems}
          setState={setState}
          resolvedTheme={theme}
          locale={lang}
          credentials={credentials}
          onCredentials={onCredentials}
        />
      </I18nContext.Provider>
    </QueryClientProvider>
  );
}
