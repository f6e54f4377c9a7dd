// Keeps DashboardState in the address bar: every change is a history entry (back/forward
// work), and popstate re-reads the URL. Only the codec reads or writes the query string.
import { useCallback, useEffect, useState } from 'react';
import { parseUrlState, serializeUrlState, type DashboardState, type ParseResult } from './url-state';

export type SetDashboardState = (patch: Partial<DashboardState>, opts?: { replace?: boolean }) => void;

export function useUrlState(defaults: DashboardState): [ParseResult, SetDashboardState] {
  const [parsed, setParsed] = useState<ParseResult>(() => parseUrlState(window.location.search, defaults));

  useEffect(() => {
    const onPop = () => setParsed(parseUrlState(window.location.search, defaults));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [defaults]);

  const update = useCallback<SetDashboardState>(
    (patch, opts) => {
      setParsed((prev) => {
        const state = { ...prev.state, ...patch };
        const search = serializeUrlState(state, defaults);
        const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
        if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
          if (opts?.replace) window.history.replaceState(null, '', url);
          else window.history.pushState(null, '', url);
        }
        return { state, problems: [] };
      });
    },
    [defaults],
  );

  return [parsed, update];
}
