// The backend the board asks and the headers it sends there, derived in one place for the boot
// path (src/main.tsx) and the page, so both send exactly the same thing to the same origin.
import { allowedPrefixes, backendVerdict, configHeadersFor, originOf } from '../../config/backend-access';
import { metaPolicies } from '../../config/csp';
import type { RuntimeConfig } from '../../config/runtime-config';
import { approveBackend, validateBaseUrl, type BaseUrlCheck } from '../../prometheus';
import { credentialsFor, type CredentialStore } from './credentials';

export interface BackendChoice {
  /** What the Prometheus URL field shows. */
  input: string;
  /** The syntax check of `input` (null when there is no input). */
  validated: BaseUrlCheck | null;
  /** Set when `input` is a valid URL this hosted copy may not ask. */
  refused: { url: string; reason: 'locked' | 'not-listed' | 'csp' } | null;
  /** `prom=` from the link, ignored because the copy is locked to its own backend. */
  ignoredProm: string | null;
  /** The base URL to ask, or '' when none may be asked. */
  baseUrl: string;
  origin: string | null;
  /** config.json headers bound to this origin, then the user's own for it. */
  headers: Record<string, string>;
  /** Names of the config.json headers bound to this origin. */
  fromConfig: string[];
  /** Whether the user has headers of their own for this origin. */
  hasOwn: boolean;
}

/**
 * Choosing is approving: the page's transport sends nothing to a backend that was not chosen here
 * (`approveBackend`; the data worker checks each request against it), so no other path can widen
 * where data goes. `policies`: the page's `<meta>` CSP (csp.ts), which binds the worker only
 * through this check.
 */
export function chooseBackend(prom: string, config: RuntimeConfig, pageOrigin: string, store: CredentialStore, policies: readonly string[] = metaPolicies()): BackendChoice {
  const locked = config.lockBackend && !!config.prometheusUrl;
  const input = locked ? config.prometheusUrl : prom || config.prometheusUrl;
  const ignoredProm = locked && prom && prom !== config.prometheusUrl ? prom : null;
  const validated = input ? validateBaseUrl(input, pageOrigin) : null;
  let refused: BackendChoice['refused'] = null;
  if (validated?.ok) {
    const verdict = backendVerdict(validated.url, config, pageOrigin, policies);
    if (!verdict.allowed) refused = { url: validated.url, reason: verdict.reason };
  }
  const baseUrl = validated?.ok && !refused ? validated.url : '';
  if (baseUrl) approveBackend(baseUrl, allowedPrefixes(config, pageOrigin));
  const origin = baseUrl ? originOf(baseUrl) : null;
  const own = credentialsFor(store, origin);
  const bound = baseUrl ? configHeadersFor(baseUrl, config, pageOrigin) : {};
  const headers = baseUrl ? { ...bound, ...own.headers } : {};
  return { input, validated, refused, ignoredProm, baseUrl, origin, headers, fromConfig: Object.keys(bound), hasOwn: Object.keys(own.headers).length > 0 };
}

/** Origins other than `origin` whose saved headers the user may knowingly reuse there. */
export function otherSavedOrigins(store: CredentialStore, origin: string | null): string[] {
  return Object.keys(store).filter((o) => o !== origin && Object.keys(store[o]?.headers ?? {}).length > 0);
}
