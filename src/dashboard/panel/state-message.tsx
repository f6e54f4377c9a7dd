// The one message a panel shows in place of its body when it has nothing to draw: loading, empty,
// error or unavailable (with why and how to enable it). Charts and tables share it.
import type { PanelSpec } from '../../catalog/types';
import type { QuietReason } from '../../catalog/quiet';
import { useLang, useT } from '../../i18n';
import { flagText } from '../../i18n/catalog-text';
import type { PanelState } from '../data/view-state';

export interface StateMessageProps {
  panel: PanelSpec;
  state: Exclude<PanelState, 'ok'>;
  /** Shown when `state` is `empty`. */
  emptyText: string;
  /** The error in words (`state` = `error`). */
  reason: string | null;
  /** The error is the backend being down: muted, not red. */
  backendDown: boolean;
  /** The panel's own "not for this engine" text, when it has one. */
  notAvailable?: string;
  missingNames?: readonly string[];
  quiet?: QuietReason | null;
  needsGpu?: boolean;
  style: React.CSSProperties;
}

export function StateMessage({ panel, state, emptyText, reason, backendDown, notAvailable, missingNames = [], quiet = null, needsGpu = false, style }: StateMessageProps) {
  const t = useT();
  return (
    <div className="iw-panel-message" style={style}>
      {state === 'loading' && <span className="iw-muted">{t.state.loading}</span>}
      {state === 'empty' && <span>{emptyText}</span>}
      {state === 'error' && <span className={backendDown ? 'iw-muted' : 'iw-error'}>{reason}</span>}
      {state === 'unavailable' && <Unavailable panel={panel} notAvailable={notAvailable} missingNames={missingNames} quiet={quiet} needsGpu={needsGpu} />}
    </div>
  );
}

function Unavailable({ panel, notAvailable, missingNames, quiet, needsGpu }: Pick<StateMessageProps, 'panel' | 'notAvailable' | 'quiet' | 'needsGpu'> & { missingNames: readonly string[] }) {
  const t = useT();
  const lang = useLang();
  if (panel.notAvailable)
    return (
      <div className="space-y-1">
        <p className="font-medium">{t.state.notForEngine}</p>
        <p className="iw-muted">{notAvailable}</p>
      </div>
    );
  if (quiet?.kind === 'never-moved')
    return (
      <div className="space-y-1">
        <p className="font-medium">{t.state.neverMoved}</p>
        <p>{t.state.enableWith(quiet.flags.map((f) => flagText(f, lang)).join(', '))}</p>
        <p className="iw-muted text-xs break-all">{t.state.counters(quiet.metrics.join(', '))}</p>
      </div>
    );
  if (needsGpu) return <p>{t.state.needsGpu}</p>;
  return (
    <div className="space-y-1">
      <p className="font-medium">{t.state.unavailable}</p>
      {panel.enabledBy && <p>{t.state.enableWith(flagText(panel.enabledBy, lang))}</p>}
      {missingNames.length > 0 && <p className="iw-muted text-xs break-all">{t.state.missing(missingNames.join(', '))}</p>}
    </div>
  );
}
