// Which errors mean "the backend as a whole is not answering" (one banner), as opposed to "this
// query is wrong" (the panel's own error).
import { PrometheusError } from '../../prometheus';

export function isBackendWide(e: unknown): boolean {
  if (!(e instanceof PrometheusError)) return false;
  if (e.kind === 'network') return true;
  return e.kind === 'http' && (e.status === 502 || e.status === 503 || e.status === 504);
}
