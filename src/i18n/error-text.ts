// Error messages in the interface language. English is the typed error's own message (written
// where the error is made, src/prometheus/errors.ts); Chinese is composed by its pack
// (zh/error-text.ts) from the error's kind, status and errorType. The backend's own words
// (`detail`) are quoted as they came.
import { PrometheusError } from '../prometheus';
import type { Lang } from './langs';
import { langPack } from './packs';

export function errorText(e: unknown, lang: Lang): string {
  const pack = langPack(lang);
  if (!pack || !(e instanceof PrometheusError)) return e instanceof Error ? e.message : String(e);
  return pack.errorText(e);
}
