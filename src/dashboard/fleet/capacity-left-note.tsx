// "2 of 3 instances stopped reporting (the last at 12:04): their load and latency left the totals"
// under the stat tiles, so a fleet that lost capacity never reads healthier without saying why.
import { useQuery } from '@tanstack/react-query';
import { expandExpr } from '../../catalog';
import { formatTimestamp } from '../../lib/time';
import { instantQueryOptions, parseSampleValue } from '../../prometheus';
import { useT } from '../../i18n';
import { rangeSeconds, summaryWindow, useDashboard } from '../data/context';
import { capacityLeft, goneExpr, seenExpr } from './capacity-left';

function useInstant(template: string | null): number[] | null {
  const { client, baseUrl, window: w, catalog, resolved, filters, rateInterval } = useDashboard();
  const sw = summaryWindow(w);
  let expr: string | null = null;
  if (template && resolved) {
    const r = expandExpr('capacity-left', template, catalog, { resolved, filters, rateInterval, by: [], range: rangeSeconds(sw) });
    if ('expr' in r) expr = r.expr;
  }
  const q = useQuery({ ...instantQueryOptions(client, { baseUrl, expr: expr ?? '', time: sw.endSec }), enabled: expr !== null });
  const res = q.data?.result;
  if (!res || res.resultType !== 'vector') return null;
  return res.result.map((s) => parseSampleValue(s.value[1]));
}

export function CapacityLeftNote() {
  const t = useT();
  const { catalog, locale, window: w } = useDashboard();
  const ref = `{{${catalog.presenceMetric}}}`;
  const seen = useInstant(seenExpr(ref));
  const gone = useInstant(goneExpr(ref));
  const left = capacityLeft(seen?.[0] ?? null, gone ?? []);
  if (!left) return null;
  const since = formatTimestamp(left.lastSeenSec * 1000, locale, rangeSeconds(w) * 1000);
  return (
    <p className="iw-banner iw-banner-amber" style={{ margin: '0 0 1rem' }} role="status" data-testid="capacity-left" data-gone={left.gone} data-seen={left.seen} data-last-seen={left.lastSeenSec}>
      <strong>{t.fleetHealth.leftShort(left.gone, left.seen)}</strong>
      {' · '}
      {t.fleetHealth.left(since)}
    </p>
  );
}
