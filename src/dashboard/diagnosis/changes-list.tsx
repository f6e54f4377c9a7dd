// The changes in the range under the findings: engine starts (process start time), restarts from
// counter resets, configuration changes (what changed), sleep and wake; each with a button that
// puts the board in compare mode "before vs after this time": the window becomes [t, t + d] and
// `compare=d` draws [t − d, t] over it (dashboard/compare/).
import { useLang, useT } from '../../i18n';
import { formatDateTime } from '../../lib/time';
import { useDashboard } from '../data/context';
import { useChanges, useEngineStarts } from './change-markers';

/** The window and shift of "before vs after t": d = the time since t (at most the current range, at least a minute), whole minutes. */
export function beforeAfter(tMs: number, nowMs: number, rangeSec: number): { from: string; to: string; compare: string } {
  const minutes = Math.max(1, Math.min(Math.round((nowMs - tMs) / 60_000), Math.max(1, Math.round(rangeSec / 60))));
  return { from: String(Math.round(tMs)), to: String(Math.round(tMs + minutes * 60_000)), compare: `${minutes}m` };
}

interface Item {
  key: string;
  instance: string;
  t: number;
  kind: string;
  word: string;
  what?: string;
  restart?: boolean;
}

export function ChangesList() {
  const t = useT().diagnosis;
  const lang = useLang();
  const { setState, window: w } = useDashboard();
  const starts = useEngineStarts(true);
  const changes = useChanges(true);
  const items: Item[] = [
    ...starts.map((s) => ({ key: `s-${s.instance}-${s.t}`, instance: s.instance, t: s.t, kind: s.restart ? 'restart' : 'started', word: s.restart ? t.changes.restart : t.changes.started, restart: s.restart })),
    ...changes.map((c) => ({ key: `${c.kind}-${c.instance}-${c.t}`, instance: c.instance, t: c.t, kind: c.kind, word: c.kind === 'restart' ? t.changes.reset : t.changes[c.kind], what: c.what, restart: c.kind === 'restart' })),
  ].sort((a, b) => a.t - b.t);
  if (items.length === 0) return null;
  return (
    <div className="iw-muted text-xs" data-testid="diagnosis-changes">
      {t.changesList}
      <ul>
        {items.map((c) => {
          const time = formatDateTime(c.t, lang);
          return (
            <li key={c.key} data-change-kind={c.kind} data-start-instance={c.instance} data-start-ms={c.t} data-restart={c.restart ?? false}>
              {c.word} · {c.instance} · {time}
              {c.what && <> · {c.what}</>}{' '}
              <button type="button" className="iw-link-button" title={t.changes.compareTitle(time)} onClick={() => setState(beforeAfter(c.t, Date.now(), w.endSec - w.startSec))}>
                {t.changes.compare}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
