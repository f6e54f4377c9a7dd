// The figure every panel kind shares: the DOM contract (docs/url-contract.md: role="figure", aria-label =
// title, data-panel-id, data-state), title, state badges and the menu.
import type { PanelSpec } from '../../catalog/types';
import { Menu, type MenuItem } from '../../components/menu';
import { useT } from '../../i18n';
import type { PanelState } from '../data/view-state';

export function PanelFrame({
  panel,
  title,
  description,
  fill,
  root,
  state,
  stale,
  fetching,
  menuItems,
  compare = null,
  children,
}: {
  panel: PanelSpec;
  title: string;
  description: string;
  fill: boolean;
  root: React.RefObject<HTMLDivElement | null>;
  state: PanelState;
  stale: boolean;
  fetching: boolean;
  menuItems: MenuItem[];
  /** The compare shift when this panel overlays the earlier window (docs/url-contract.md, `data-compare`). */
  compare?: string | null;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <div
      ref={root}
      role="figure"
      aria-label={title}
      data-panel-id={panel.id}
      data-state={state}
      data-stale={stale || undefined}
      data-compare={compare ?? undefined}
      className={`iw-panel ${fill ? 'iw-panel-fill' : panel.width === 'full' ? 'md:col-span-2' : ''}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="iw-panel-title" title={description}>
            {title}
          </h3>
          <p className="iw-panel-desc" title={description}>
            {description}
          </p>
        </div>
        <div className="flex items-center gap-1 shrink-0">
          {stale && <span className="iw-badge iw-badge-amber">{t.state.stale}</span>}
          {/* Refreshing what is shown; while loading, the body says so (an animation costs frames). */}
          {fetching && !stale && state !== 'error' && state !== 'loading' && <span className="iw-spinner" aria-hidden="true" />}
          <Menu label={`${t.menu.open}: ${title}`} items={menuItems} />
        </div>
      </div>
      {children}
    </div>
  );
}

