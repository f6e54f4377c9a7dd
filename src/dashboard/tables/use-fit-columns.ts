// Measures a table panel shown alone and keeps the columns that fit whole (fit-columns.ts): all
// columns are rendered once, their header widths read, then only the chosen ones are drawn; a
// change of width (or the first rows arriving) measures again.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitColumns } from './fit-columns';

export function useFitColumns<C extends { id: string }>(wrap: RefObject<HTMLDivElement | null>, columns: readonly C[], active: boolean, hasRows: boolean): readonly C[] {
  const [fit, setFit] = useState<{ ids: readonly string[]; width: number; columns: readonly C[]; hasRows: boolean } | null>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const el = wrap.current;
    if (!active || !el) return;
    // A ResizeObserver reports once on observe, then on each change.
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [wrap, active]);

  const current = fit !== null && fit.width === width && fit.columns === columns && fit.hasRows === hasRows;
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!active || !el || current || width === 0) return;
    // Every column is drawn now (see below): read the header cells' widths.
    const ths = [...el.querySelectorAll<HTMLTableCellElement>('thead th')];
    const keyWidth = ths[0]?.offsetWidth ?? 0;
    const widths = new Map(ths.slice(1).map((th) => [th.dataset.column ?? '', th.offsetWidth]));
    const ids = fitColumns(columns.map((c) => ({ id: c.id, width: widths.get(c.id) ?? 0 })), keyWidth, el.clientWidth);
    // Measure after layout, store the choice: the one render this costs is the point of a layout effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFit({ ids, width, columns, hasRows });
  }, [wrap, active, current, width, columns, hasRows]);

  if (!active || !current || fit === null) return columns;
  return columns.filter((c) => fit.ids.includes(c.id));
}
