// Shows the exact PromQL a panel sent (after name resolution), which metric variant it used,
// a copy button and a link to the backend's own graph page.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import type { PanelQueryInfo } from '../data/use-panel-data';
import { useDashboard } from '../data/context';
import { engineEntry } from '../../catalog';

export function QueryDialog({ title, queries, onClose }: { title: string; queries: PanelQueryInfo[]; onClose: () => void }) {
  const t = useT();
  const { client, window: w, catalog } = useDashboard();
  const entry = engineEntry(catalog.engine);
  const ref = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const copy = async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(id);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the text stays selectable.
      setCopied(null);
    }
  };

  return (
    <dialog ref={ref} className="iw-dialog" aria-label={`${title}: PromQL`} onClose={onClose}>
      <div className="flex items-center justify-between gap-4 mb-3">
        <h2 className="text-base font-semibold">{title}</h2>
        <button type="button" className="iw-button" onClick={() => ref.current?.close()}>
          {t.menu.close}
        </button>
      </div>
      <ul className="space-y-4">
        {queries.map(({ query, expanded, missing }) => (
          <li key={query.id} data-query-id={query.id}>
            <div className="text-xs iw-muted mb-1">{query.legend || query.id}</div>
            {expanded ? (
              <>
                <pre className="iw-code" data-testid="promql">{expanded.expr}</pre>
                <div className="text-xs iw-muted mt-1">
                  {t.menu.variant(expanded.metrics.map((m) => m.name).join(', '))}
                  {expanded.note ? ` — ${expanded.note}` : ''}
                </div>
                {entry.bare && expanded.metrics.some((m) => m.rewrite === 'bare') ? (
                  <div className="text-xs iw-muted" data-testid="bare-names">
                    {t.menu.bareNames(entry.label, entry.bare.namespace)}
                  </div>
                ) : null}
                <div className="text-xs iw-muted" data-query-source={expanded.recorded ? 'recorded' : 'raw'}>
                  {expanded.recorded ? t.menu.recordedUsed(expanded.recorded.join(', ')) : t.menu.rawUsed}
                </div>
                <div className="flex gap-2 mt-2">
                  <button type="button" className="iw-button" onClick={() => void copy(query.id, expanded.expr)}>
                    {copied === query.id ? t.menu.copied : t.menu.copy}
                  </button>
                  <a
                    className="iw-button"
                    href={client.graphUrl(expanded.expr, { start: w.startSec, end: w.endSec, step: w.stepSec })}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t.menu.openInBackend}
                  </a>
                </div>
              </>
            ) : (
              <div className="text-sm iw-muted">{t.state.missing(missing.join(', '))}</div>
            )}
          </li>
        ))}
      </ul>
    </dialog>
  );
}
