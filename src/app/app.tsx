// The shell: providers, language and theme, and the dashboard bound to the URL.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { Dashboard } from '../dashboard/board/dashboard';
import { useUrlState } from '../dashboard/url/use-url-state';
import { loadRemembered, saveRemembered, withCredentials, type CredentialStore, type Credentials } from '../dashboard/backend/credentials';
import { defaultsFrom } from './first-state';
import { I18nContext, langReady, loadLang, messagesFor, pickLang, type Lang } from '../i18n';
import { createQueryClient } from './query-client';

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

/**
 * The language shown: the one wanted once its pack is loaded (i18n/packs.ts), until then the one
 * shown before (English at first; the boot path loads the first language's pack before the first
 * render, so a page opened in Chinese never shows English first).
 */
function useShownLang(wanted: Lang): Lang {
  const [shown, setShown] = useState<Lang>(() => (langReady(wanted) ? wanted : 'en'));
  useEffect(() => {
    let live = true;
    loadLang(wanted).then(
      () => {
        if (live) setShown(wanted);
      },
      (err: unknown) => console.warn(`inferwatch: the ${wanted} interface text did not load; the page stays in the language it shows.`, err),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return langReady(wanted) ? wanted : shown;
}

export function App({
  config,
  queryClient: given,
  initialCredentials,
  bootNow,
}: {
  config: RuntimeConfig;
  queryClient?: QueryClient;
  initialCredentials?: CredentialStore;
  /** The clock's first reading (the boot path's, whose early keys assume it); else the first render's. */
  bootNow?: number;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [credentials, setCredentials] = useState<CredentialStore>(() => initialCredentials ?? loadRemembered());
  const onCredentials = useCallback((origin: string, c: Credentials) => {
    setCredentials((store) => {
      const next = withCredentials(store, origin, c);
      saveRemembered(next);
      return next;
    });
  }, []);
  const defaults = useMemo(() => defaultsFrom(config), [config]);
  const [{ state, problems }, setState] = useUrlState(defaults);
  const systemDark = useSystemDark();
  const theme = state.theme === 'auto' ? (systemDark ? 'dark' : 'light') : state.theme;
  const lang = useShownLang(pickLang(state.lang, navigator.languages ?? [navigator.language]));
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
          bootNow={bootNow}
        />
      </I18nContext.Provider>
    </QueryClientProvider>
  );
}
