// What a compared panel says about the comparison: why the other engine's lines carry a caveat or
// are not drawn (engines.ts), or that the panel is not compared at all.
import { catalogs } from '../../catalog';
import { useT } from '../../i18n';
import { notePair, otherEngine, requestedOther } from './engines';
import type { CompareNoteId } from './legs';
import { useDashboard } from '../data/context';

export function CompareNote({ id }: { id: CompareNoteId }) {
  const t = useT();
  const { catalog, state, resolvedBy } = useDashboard();
  const other = catalogs[otherEngine(catalog.engine, requestedOther(state.compare) ?? null, resolvedBy)];
  const [x, y] = notePair(id, catalog, other);
  const text = t.compare.notes[id](catalog.label, other.label, x.label, y.label);
  return (
    <p className="iw-panel-note" data-compare-note={id}>
      {text}
    </p>
  );
}
