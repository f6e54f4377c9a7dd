// A view's reason in the interface language (the backend's own words quoted as they came).
import { messagesFor, type Lang } from '../i18n';
import { errorText } from '../i18n/error-text';
import type { ViewReason } from './view-state';

export function viewReasonText(reason: ViewReason, lang: Lang): string | null {
  if (!reason) return null;
  if (reason.kind === 'backend-down') return messagesFor(lang).state.backendDown;
  return errorText(reason.error, lang);
}
