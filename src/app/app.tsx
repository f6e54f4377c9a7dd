// The shell: providers, language and theme, and the dashboard bound to the URL.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { Dashboard } from '../dashboard/dashboard';
import { DEFAULT_STATE, REFRESH_OPTIONS, type DashboardState } from '../dashboard/url-state';
import { useUrlState } from '../dashboard/use-url-state';
import { loadRemembered, saveCredentials, type Credentials } from '../dashboard/credentials';
import { I18nContext, messagesFor, pickLang } from '../i18n';
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

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [credentials, setCredentials] = useState<Credentials>(() => loadRemembered());
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
