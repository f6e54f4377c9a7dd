// The filter bar: model, instance and the engine's rank label, filled from the label values
// Prometheus reports for the chosen engine (narrowed by the other selected filters), `cluster`
// when the engine series carry it (a topology label, docs/scaling.md), plus the rate window
// (computed from the scrape interval, or overridden).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { matcherFor, routerExclusion } from '../../catalog';
import { labelNamesOptions, labelValuesOptions, type PrometheusClient } from '../../prometheus';
import { useT } from '../../i18n';
import { MultiSelect } from './multi-select';
import { coarseWindow } from '../backend/use-backend';
import { useDashboard } from '../data/context';

const RATE_CHOICES = ['1m', '2m', '5m', '10m', '15m'];

/**
 * Values asked for one list (Prometheus ≥ 2.49 honours `limit`; older ones send them all, and the
 * list draws only its first rows either way). Enough to search any real fleet's instances.
 */
export const LABEL_VALUES_LIMIT = 10_000;

function useLabelValues(
  client: PrometheusClient | null,
  baseUrl: string,
  presence: string | null,
  label: string,
  narrow: string[],
  startSec: number,
  endSec: number,
  wanted: boolean,
) {
  // Not a router's copy of the presence gauge (catalog/routers/exclusion.ts): its instance is the router's.
  const excl = presence ? routerExclusion({ name: presence, rewrite: 'none' }) : [];
  const match = presence ? `${presence}{${[...narrow, ...excl].filter(Boolean).join(',')}}`.replace('{}', '') : null;
  return useQuery({
    ...labelValuesOptions(client!, { baseUrl, label, match: match === null ? [] : [match], start: startSec, end: endSec, limit: LABEL_VALUES_LIMIT }),
    // Asked when the list is opened, not at page load: on a fleet the instance list is large and
    // would hold browser connections the first screen's panels need.
    enabled: wanted && client !== null && match !== null,
    staleTime: 60_000,
  });
}

/** A list exactly as long as the limit is one the backend cut short. */
const sentOnly = (values: readonly string[] | undefined): number | null => (values?.length === LABEL_VALUES_LIMIT ? LABEL_VALUES_LIMIT : null);

/** The filters of the board whose context it sits in (the engine shown, its labels, the window). */
export function FiltersBar({ scrapeIntervalSec }: { scrapeIntervalSec: number | null }) {
  const t = useT();
  const { state, setState, client, baseUrl, catalog, resolved, window, rateInterval } = useDashboard();
  const presence = resolved?.get(catalog.presenceMetric)?.name ?? null;
  const { model: modelLabel, instance: instanceLabel } = catalog.filterLabels;
  // An engine without rank labels (trtllm-serve) gets no rank filter.
  const rankLabel = catalog.filterLabels.rank[0] ?? null;
  // Coarse window so the lists are not refetched on every refresh tick.
  const { start: s, end: e } = coarseWindow(window.startSec, window.endSec);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const onOpen = (which: string) => (open: boolean) => {
    if (open && !opened.has(which)) setOpened(new Set([...opened, which]));
  };
  // Which labels the engine series carry: `cluster` is offered only where it exists.
  const labelNames = useQuery({
    ...labelNamesOptions(client!, { baseUrl, match: presence === null ? [] : [presence], start: s, end: e }),
    enabled: client !== null && presence !== null,
    staleTime: 300_000,
  });
  const clusterLabel = 'cluster';
  const showCluster = state.cluster.length > 0 || (labelNames.data?.includes(clusterLabel) ?? false);
  const inCluster = matcherFor(clusterLabel, state.cluster);
  const clusters = useLabelValues(client, baseUrl, presence, clusterLabel, [], s, e, opened.has('cluster'));
  const models = useLabelValues(client, baseUrl, presence, modelLabel, [inCluster], s, e, opened.has('model'));
  const instances = useLabelValues(client, baseUrl, presence, instanceLabel, [inCluster, matcherFor(modelLabel, state.model)], s, e, opened.has('instance'));
  const ranks = useLabelValues(
    client,
    baseUrl,
    presence,
    rankLabel ?? '',
    [inCluster, matcherFor(modelLabel, state.model), matcherFor(instanceLabel, state.instance)],
    s,
    e,
    rankLabel !== null && opened.has('rank'),
  );

  return (
    <div className="iw-filterbar">
      {showCluster && (
        <MultiSelect
          label={t.cluster}
          values={clusters.data ?? []}
          sentOnly={sentOnly(clusters.data)}
          selected={state.cluster}
          loading={clusters.isLoading}
          onOpenChange={onOpen('cluster')}
          onChange={(cluster) => setState({ cluster })}
        />
      )}
      <MultiSelect
        label={t.model}
        values={models.data ?? []}
        sentOnly={sentOnly(models.data)}
        selected={state.model}
        loading={models.isLoading}
        onOpenChange={onOpen('model')}
        onChange={(model) => setState({ model })}
      />
      <MultiSelect
        label={t.instance}
        values={instances.data ?? []}
        sentOnly={sentOnly(instances.data)}
        selected={state.instance}
        loading={instances.isLoading}
        onOpenChange={onOpen('instance')}
        onChange={(instance) => setState({ instance })}
      />
      {rankLabel !== null && (
        <MultiSelect
          label={`${t.rank} (${rankLabel})`}
          values={ranks.data ?? []}
          sentOnly={sentOnly(ranks.data)}
          selected={state.rank}
          loading={ranks.isLoading}
          onOpenChange={onOpen('rank')}
          onChange={(rank) => setState({ rank })}
        />
      )}
      <label className="iw-control">
        <span className="iw-control-label">{t.rateWindow}</span>
        <select aria-label={t.rateWindow} value={state.rate ?? ''} onChange={(ev) => setState({ rate: ev.target.value || null })}>
          <option value="">{t.rateAuto(state.rate ? '' : rateInterval)}</option>
          {RATE_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <span className="iw-muted text-xs" data-testid="scrape-interval">
        {scrapeIntervalSec ? t.scrapeInterval(`${scrapeIntervalSec}s`) : t.scrapeUnknown}
      </span>
    </div>
  );
}
