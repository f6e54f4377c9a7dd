// Error messages in the interface language. English is the typed error's own message (written
// where the error is made, src/prometheus/errors.ts); Chinese is composed here from the error's
// kind, status and errorType. The backend's own words (`detail`) are quoted as they came.
import { PrometheusError } from '../prometheus';
import type { Lang } from './index';
import { errorTextZh } from './zh/error-text';

export function errorText(e: unknown, lang: Lang): string {
  if (lang === 'en' || !(e instanceof PrometheusError)) return e instanceof Error ? e.message : String(e);
  return errorTextZh(e);
}
