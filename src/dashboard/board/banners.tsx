// Page-level messages: one alert when the backend is unreachable (not forty panel errors),
// ignored link parameters, a URL that cannot be used, a bad range, targets that are down.
import type { EngineCatalog } from '../../catalog/types';
import { ENGINES, type ResolvedMetric } from '../../catalog';
import { apiPathOfEndpoint } from '../../prometheus';
import { useLang, useT } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { useBackendHealth } from '../backend/health';
import type { BackendInfo } from '../backend/use-backend';

export function Banners({
  problems,
  promInput,
  validated,
  refused,
  ignoredProm,
  rangeProblem,
  backend,
  unknownPanel,
  resolved,
  catalog,
}: {
  problems: string[];
  promInput: string;
  validated: { ok: true; url: string } | { ok: false; reason: string } | null;
  refused: { url: string; reason: 'locked' | 'not-listed' | 'csp' } | null;
  ignoredProm: string | null;
  rangeProblem: string | null;
  backend: BackendInfo;
  unknownPanel: string | null;
  resolved: Map<string, ResolvedMetric> | null;
  catalog: EngineCatalog;
}) {
  const t = useT();
  const lang = useLang();
  const health = useBackendHealth(backend.baseUrl);
  const namesError = backend.namesError ? errorText(backend.namesError, lang) : null;
  const alert = health.down ? errorText(health.error, lang) : namesError;
  return (
    <div className="space-y-2 mb-3">
      {alert && (
        <div role="alert" className="iw-banner iw-banner-red">
          <strong>
            {!health.down ? '' : health.failingWhileOthersAnswer.length > 0 ? t.banner.endpointsFailing([...new Set(health.failingWhileOthersAnswer.map(apiPathOfEndpoint))].join(', ')) : t.banner.unreachable}
          </strong>{' '}
          <span>{alert}</span>
          {health.down && <span className="iw-muted"> {health.failingWhileOthersAnswer.length > 0 ? t.banner.retryingSome : t.banner.retrying}</span>}
        </div>
      )}
      {!promInput && <div className="iw-banner iw-banner-blue">{t.banner.noPrometheus}</div>}
      {validated && !validated.ok && (
        <div className="iw-banner iw-banner-red" role="status">
          <strong>{t.banner.badUrl}:</strong> {validated.reason}
        </div>
      )}
      {refused && (
        <div className="iw-banner iw-banner-red" role="status">
          <strong>{t.banner.badUrl}:</strong> {refused.reason === 'csp' ? t.banner.refusedCsp(refused.url) : t.banner.refused(refused.url)}
        </div>
      )}
      {ignoredProm && (
        <div className="iw-banner iw-banner-amber" role="status">
          {t.banner.locked(ignoredProm.slice(0, 200))}
        </div>
      )}
      {problems.length > 0 && (
        <div className="iw-banner iw-banner-amber" role="status">
          <strong>{t.banner.urlProblems}:</strong> {problems.join(' · ')}
        </div>
      )}
      {rangeProblem && (
        <div className="iw-banner iw-banner-amber" role="status">
          <strong>{t.banner.rangeProblem}:</strong> {rangeProblem}
        </div>
      )}
      {unknownPanel && (
        <div className="iw-banner iw-banner-amber" role="status">
          {t.banner.unknownPanel(unknownPanel)}
        </div>
      )}
      {backend.targetsDown.length > 0 && (
        <div className="iw-banner iw-banner-amber" role="status" data-testid="targets-down">
          <strong>{t.banner.targetsDown(backend.targetsDown.length)}:</strong>{' '}
          {backend.targetsDown
            .slice(0, 8)
            .map((d) => `${d.instance} (${d.job})`)
            .join(', ')}
        </div>
      )}
      {resolved && resolved.size === 0 && backend.names && !alert && (
        <div className="iw-banner iw-banner-amber" role="status">
          {t.banner.noEngine(new Intl.ListFormat(lang, { type: 'disjunction' }).format(ENGINES.map((e) => e.label)))} ({catalog.label})
        </div>
      )}
    </div>
  );
}
