// The Alerts region: firing and pending alerts the backend evaluates itself (/api/v1/alerts, with
// /api/v1/rules for each rule's `for`), those about the shown engine, model and instance. A backend
// that evaluates no rules, or does not serve the endpoint, gets a note, never an error.
import { useQuery } from '@tanstack/react-query';
import { alertRulesOptions, alertsOptions, backendKindOptions, canAskStatus, isUnsupported } from '../../prometheus';
import { useLang, useT } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { formatDuration } from '../../lib/time';
import { boardAlerts, placeLabels, type BoardAlert } from './match';
import { useDashboard } from '../data/context';
import { refreshMs } from '../data/board-clock';

function AlertItem({ a, now, modelLabel, instanceLabel, onInstance }: { a: BoardAlert; now: number; modelLabel: string; instanceLabel: string; onInstance?: (instance: string) => void }) {
  const t = useT();
  const instance = a.labels[instanceLabel];
  const age = a.activeAtMs === null ? null : formatDuration(Math.max(0, Math.round((now - a.activeAtMs) / 1000) * 1000));
  const when =
    age === null ? null : a.state === 'pending' && a.forSec !== null && a.forSec > 0 ? t.alerts.pendingOf(age, formatDuration(a.forSec * 1000)) : t.alerts.since(age);
  const place = placeLabels(a.labels, { modelLabel, instanceLabel });
  return (
    <li className="iw-alert-item" data-alert-name={a.name} data-alert-state={a.state} data-severity={a.severity || undefined}>
      <span className={`iw-alert-badge iw-alert-${a.state}`}>{a.state === 'firing' ? t.alerts.firing : t.alerts.pending}</span>{' '}
      <strong>{a.name}</strong>
      {place.length > 0 && <span className="iw-muted"> · {place.join(' · ')}</span>}
      {when && <span className="iw-muted"> · {when}</span>}
      {a.summary && <span className="iw-alert-summary"> — {a.summary}</span>}
      {(a.runbookUrl || (instance && onInstance)) && (
        <span className="iw-alert-links">
          {instance && onInstance && (
            <button type="button" className="iw-link-button" onClick={() => onInstance(instance)} title={t.alerts.showInstanceTitle(instance)}>
              {t.alerts.showInstance}
            </button>
          )}
          {a.runbookUrl && (
            <a href={a.runbookUrl} target="_blank" rel="noopener noreferrer">
              {t.alerts.runbook}
            </a>
          )}
        </span>
      )}
    </li>
  );
}

/** Rows drawn at most: a backend can report tens of thousands, and nobody reads past a screenful. */
export const MAX_ALERT_ROWS = 50;

export function AlertsRegion() {
  const t = useT();
  const lang = useLang();
  const { client, baseUrl, catalog, state, setState } = useDashboard();
  const interval = refreshMs(state.refresh) ?? false;
  // VictoriaMetrics across origins serves /api/v1/alerts and /api/v1/rules without CORS headers
  // (the browser logs an error and refuses the answer), and single-node evaluates no rules: not asked.
  const kind = useQuery(backendKindOptions(client, { baseUrl }));
  const ask = kind.isFetched && canAskStatus(kind.data ?? null, baseUrl, window.location.origin);
  const alerts = useQuery({ ...alertsOptions(client, { baseUrl }), refetchInterval: interval, enabled: ask });
  const rules = useQuery({ ...alertRulesOptions(client, { baseUrl }), refetchInterval: interval, enabled: ask });
  const filter = {
    engine: catalog.engine,
    modelLabel: catalog.filterLabels.model,
    instanceLabel: catalog.filterLabels.instance,
    models: state.model,
    instances: state.instance,
  };
  const ruleCount = rules.data?.groups.reduce((n, g) => n + g.rules.filter((r) => r.type === 'alerting').length, 0) ?? null;
  const list = alerts.data ? boardAlerts(alerts.data.alerts, rules.data, filter) : [];
  // Ages as of the answer (the list is as old as the answer anyway; refetched every refresh tick).
  const now = alerts.dataUpdatedAt;

  let body: React.ReactNode;
  let status: string;
  if ((kind.isFetched && !ask) || (alerts.error && isUnsupported(alerts.error))) {
    status = 'unavailable';
    body = <p className="iw-muted text-xs">{t.alerts.notAvailable}</p>;
  } else if (alerts.error && !alerts.data) {
    status = 'error';
    body = <p className="iw-muted text-xs">{t.alerts.failed(errorText(alerts.error, lang))}</p>;
  } else if (!alerts.data) {
    status = 'loading';
    body = <p className="iw-muted text-xs">{t.alerts.loading}</p>;
  } else if (list.length > 0) {
    status = 'ok';
    body = (
      <ul className="iw-alert-list">
        {list.slice(0, MAX_ALERT_ROWS).map((a) => (
          <AlertItem
            key={a.key}
            a={a}
            now={now}
            modelLabel={filter.modelLabel}
            instanceLabel={filter.instanceLabel}
            // Already the only instance shown: no link to where the reader is.
            onInstance={state.instance.length === 1 && state.instance[0] === a.labels[filter.instanceLabel] ? undefined : (i) => setState({ instance: [i] })}
          />
        ))}
        {list.length > MAX_ALERT_ROWS && <li className="iw-muted text-xs" data-testid="alerts-more">{t.alerts.more(list.length - MAX_ALERT_ROWS)}</li>}
      </ul>
    );
  } else if (ruleCount === 0 && alerts.data.alerts.length === 0) {
    status = 'no-rules';
    body = <p className="iw-muted text-xs">{t.alerts.noRules}</p>;
  } else {
    status = 'ok';
    body = <p className="iw-muted text-xs">{t.alerts.none(ruleCount ?? 0)}</p>;
  }

  return (
    <section role="region" aria-label={t.alerts.title} className="iw-alerts" data-state={status} data-count={list.length}>
      <h2 className="iw-alerts-title">
        {t.alerts.title}
        {list.length > 0 && <span className="iw-muted"> · {t.alerts.count(list.length)}</span>}
      </h2>
      {body}
    </section>
  );
}
