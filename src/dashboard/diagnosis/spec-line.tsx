// Speculative decoding's payoff for one model, beside its ITL: acceptance, tokens per step per
// request, mean ITL and output tokens per second per running request (more-rules.ts).
import { useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import type { SpecPayoff } from './more-rules';

export function SpecLine({ spec, locale }: { spec: SpecPayoff; locale: string }) {
  const t = useT().diagnosis.latency;
  const f = (v: number | null, unit: 'ratio' | 'seconds' | 'tokps') => formatValue(v, unit, { locale });
  return (
    <li data-spec-payoff data-acceptance={spec.acceptance ?? undefined} data-length={spec.length} data-per-request={spec.perRequest ?? undefined}>
      {t.spec(f(spec.acceptance, 'ratio'), spec.length.toLocaleString(locale, { maximumFractionDigits: 2 }), f(spec.itlMean, 'seconds'), f(spec.perRequest, 'tokps'))}
    </li>
  );
}
