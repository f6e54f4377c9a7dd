// A view's reason in the interface language (the backend's own words quoted as they came).
import { messagesFor, type Lang } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import type { ViewReason } from './view-state';

export function viewReasonText(reason: ViewReason, lang: Lang): string | null {
  if (!reason) return null;
  const m = messagesFor(lang).state;
  if (reason.kind === 'backend-down') return m.backendDown;
  if (reason.kind === 'none-yet') return m.noneYet(reason.metrics.join(', '), reason.events.join(', '));
  if (reason.kind === 'never-moved') return `${m.neverMoved} ${m.enableWith(reason.flags.join(', '))}`;
  return errorText(reason.error, lang);
}
