// The values the A/B form suggests for a label: the label-values API the filters use, on the
// engine's presence gauge (router copies left out) over the board's coarse window. Asked when the
// form is open; null outside a board (no backend yet).
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { matcherFor, routerExclusion } from '../../catalog';
import { labelValuesOptions } from '../../prometheus';
import { coarseWindow } from '../backend/use-backend';
import { DashboardContext } from '../data/context';

/** Values asked for (Prometheus ≥ 2.49 honours `limit`); the list shows the first MAX_SHOWN. */
const LIMIT = 1000;
export const MAX_SHOWN = 200;

/** A valid label name (the form accepts any; only these can be asked for). */
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export function useAbSuggestions(label: string): readonly string[] | null {
  const ctx = useContext(DashboardContext);
  const presence = ctx?.resolved?.get(ctx.catalog.presenceMetric)?.name ?? null;
  const excl = presence ? routerExclusion({ name: presence, rewrite: 'none' }) : [];
  const narrow = [matcherFor('cluster', ctx?.state.cluster ?? []), ...excl].filter(Boolean);
  const match = presence ? `${presence}{${narrow.join(',')}}`.replace('{}', '') : '';
  const { start, end } = coarseWindow(ctx?.window.startSec ?? 0, ctx?.window.endSec ?? 0);
  const client = ctx?.client ?? null;
  const ok = client !== null && presence !== null && LABEL_NAME.test(label);
  const q = useQuery({
    ...labelValuesOptions(client!, { baseUrl: ctx?.baseUrl ?? '', label, match: [match], start, end, limit: LIMIT }),
    enabled: ok,
    staleTime: 60_000,
  });
  return ok ? (q.data ?? null) : null;
}
