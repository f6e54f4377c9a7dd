// The SLO feature's own figures for the slo-burn verdict: the same setups and the same 1 h window
// query the burn panel sends (same keys, so no extra request), turned into burn rates.
import { useMemo } from 'react';
import { burnOf } from '../../lib/slo';
import { useSloSetup, useSloWindow } from '../slo/data';
import type { EffectiveSlo } from '../slo/queries';
import type { SloBurnInput } from './diagnose';

export function useSloBurn(slo: EffectiveSlo): SloBurnInput[] {
  const setups = useSloSetup(slo);
  const view = useSloWindow(setups, '1h');
  const results = view.value;
  return useMemo(() => {
    const out: SloBurnInput[] = [];
    for (const s of setups) {
      const a = results?.[s.kind]?.attainment;
      const burn = a ? burnOf(a, slo.objective) : null;
      // The figure the burn panel shows (a threshold between two bucket bounds makes it an estimate).
      if (burn) out.push({ kind: s.kind, threshold: s.threshold, burn: burn.value });
    }
    return out;
  }, [setups, results, slo.objective]);
}
