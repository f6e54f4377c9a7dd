// A tile of the engine family's stat row that this engine has no metric for: named where the reader
// expects it, marked not available, never queried.
import type { AbsentStat, EngineId } from '../../catalog/types';
import { useLang, useT } from '../../i18n';
import { statTitle } from '../../i18n/catalog-text';

export function AbsentStatTile({ stat, engine, label }: { stat: AbsentStat; engine: EngineId; label: string }) {
  const t = useT();
  const lang = useLang();
  const title = statTitle(stat, engine, lang);
  return (
    <div className="iw-stat" data-stat-id={stat.id} data-state="unavailable" role="group" aria-label={title} title={t.stat.notExposed(label)}>
      <div className="iw-stat-title">{title}</div>
      <div className="iw-stat-value iw-muted">–</div>
      <div className="iw-stat-detail iw-muted text-xs">{t.stat.notExposed(label)}</div>
    </div>
  );
}
