// The verdict at a glance, in the header: targets up of total for this engine, then (when the
// rules work lands) firing alerts, then the stat furthest past its threshold, with the reason.
import type { ReactNode } from 'react';
import type { EngineId } from '../../catalog/types';
import { useT } from '../../i18n';
import { ENGINE_NAMES } from '../panel/export-context';
import { useReportedStats, worstStat } from '../panel/stat-verdict';

/** Up and total scrape targets of this engine: its instances (last hour) against `up == 0`. */
export function targetsUp(instances: readonly string[], down: ReadonlyArray<{ instance: string }>): { up: number; total: number; down: string[] } {
  const all = new Set(instances);
  const downHere = [...new Set(down.map((d) => d.instance))].filter((i) => all.has(i)).sort();
  return { up: all.size - downHere.length, total: all.size, down: downHere };
}

export function HealthSummary({
  engine,
  instances,
  targetsDown,
  statOrder,
  alerts,
}: {
  engine: EngineId;
  /** This engine's instances; null while unknown. */
  instances: readonly string[] | null;
  targetsDown: ReadonlyArray<{ instance: string }>;
  /** Stat ids in row order: the first of equally bad stats wins. */
  statOrder: readonly string[];
  /** Slot for firing alerts (the rules helper renders them here). */
  alerts?: ReactNode;
}) {
  const t = useT();
  const reported = useReportedStats();
  const worst = worstStat(statOrder.flatMap((id) => reported.get(id) ?? []));
  const targets = instances ? targetsUp(instances, targetsDown) : null;
  const name = ENGINE_NAMES[engine];
  return (
    <div className="iw-health" role="group" aria-label={t.health.label}>
      <span
        className="iw-health-item"
        data-health="targets"
        data-status={targets === null || targets.total === 0 ? 'unknown' : targets.down.length > 0 ? 'down' : 'up'}
        title={targets ? t.health.targetsTitle(name, targets.down.join(', ')) : undefined}
      >
        <span className="iw-dot" aria-hidden="true" />
        {targets ? t.health.targets(targets.up, targets.total) : t.health.targetsUnknown}
      </span>
      {alerts}
      {worst && (
        <a
          className="iw-health-item"
          data-health="worst-stat"
          data-color={worst.color}
          href={`#stat-${worst.id}`}
          title={worst.reason}
          aria-label={`${worst.title} ${worst.text}: ${worst.reason}`}
          onClick={(e) => {
            e.preventDefault();
            document.querySelector(`[data-stat-id="${worst.id}"]`)?.scrollIntoView({ block: 'center' });
          }}
        >
          <span className="iw-dot" aria-hidden="true" />
          {worst.title} {worst.text}
        </a>
      )}
    </div>
  );
}
