// Every family of the spec files has a place. A family is placed when some panel, table
// column or stat query references a logical metric whose variants include one of its exposed series; otherwise it
// needs an entry in unplaced.ts (rendered into docs/panels.md) saying why.
import { describe, expect, it } from 'vitest';
import { catalogs } from './index';
import { referencedMetrics } from './promql';
import { SPEC } from '../../test-support/catalog';
import type { EngineCatalog } from './types';
import { UNPLACED } from './unplaced';

/** Series names (every variant) of the logical metrics some panel or stat query references. */
function usedSeries(c: EngineCatalog): Set<string> {
  const ids = new Set<string>();
  const columns = c.panels.flatMap((p) => p.table?.columns.map((col) => col.query) ?? []);
  const queries = [...c.panels.flatMap((p) => p.queries), ...columns, ...c.stats.map((s) => s.query)];
  for (const q of queries) for (const id of referencedMetrics(q)) ids.add(id);
  return new Set([...ids].flatMap((id) => c.metrics[id]?.variants ?? []));
}

describe.each(Object.values(catalogs).map((c) => [c.engine, c] as const))('%s spec coverage', (engine, c) => {
  const used = usedSeries(c);
  const reasons = new Map(UNPLACED[engine].flatMap((u) => u.families.map((f) => [f, u.reason] as const)));
  const placed = (f: (typeof SPEC)[typeof engine][number]) => f.exposed_series.some((s) => used.has(s));

  it('gives every spec family a catalog use or a stated reason', () => {
    const homeless = SPEC[engine].filter((f) => !placed(f) && !reasons.has(f.family)).map((f) => f.family);
    expect(homeless).toEqual([]);
  });

  it('states no reason for a family the catalog uses, nor for one the spec does not have', () => {
    const families = new Map(SPEC[engine].map((f) => [f.family, f]));
    const stale = [...reasons.keys()].filter((name) => {
      const f = families.get(name);
      return !f || placed(f);
    });
    expect(stale).toEqual([]);
  });

  it('lists each unplaced family once, with a reason', () => {
    const all = UNPLACED[engine].flatMap((u) => u.families);
    expect(all.length).toBe(new Set(all).size);
    for (const u of UNPLACED[engine]) expect(u.reason.length).toBeGreaterThan(20);
  });
});
