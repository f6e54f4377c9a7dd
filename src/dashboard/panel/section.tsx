// A collapsible section of the board. Collapsed sections render no panels, so they send no queries.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';

export function Section({
  id,
  title,
  collapsed,
  onToggle,
  summary,
  children,
}: {
  id: string;
  title: string;
  collapsed: boolean;
  onToggle: () => void;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const headingId = `section-${id}`;
  return (
    <section aria-labelledby={headingId} data-section-id={id} className="iw-section">
      <h2 id={headingId} className="iw-section-title">
        <button type="button" aria-expanded={!collapsed} onClick={onToggle} title={collapsed ? t.expand : t.collapse}>
          <span aria-hidden="true" className="iw-caret">{collapsed ? '▸' : '▾'}</span>
          {title}
        </button>
      </h2>
      {summary && <div className="iw-section-summary">{summary}</div>}
      {!collapsed && <div className="grid grid-cols-1 md:grid-cols-2 gap-3">{children}</div>}
    </section>
  );
}
