// `useView` as every panel-like body calls it: the shared health record of the body's backend and
// the backend-wide test filled in, the scope the backend unless the body names a narrower one.
import { isBackendWide } from '../backend/errors';
import { useBackendHealth } from '../backend/health';
import { useView, type View, type ViewInput } from './view-state';

export type BodyViewInput<T> = Omit<ViewInput<T>, 'scope' | 'backendDown' | 'isBackendWide'> & {
  /** What a held answer must match besides the backend (e.g. the SLO thresholds it was computed for). */
  scope?: string;
};

export function useBackendView<T>(baseUrl: string, { scope, ...input }: BodyViewInput<T>): View<T> {
  const backendDown = useBackendHealth(baseUrl).unreachable;
  return useView({ ...input, scope: scope === undefined ? baseUrl : `${baseUrl}\n${scope}`, backendDown, isBackendWide });
}
