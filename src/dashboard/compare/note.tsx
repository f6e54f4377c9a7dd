// What a compared panel says about the comparison: why the other engine's lines carry a caveat or
// are not drawn (compare-engines.ts), or that the panel is not compared at all.
import { catalogs } from '../../catalog';
import { useT } from '../../i18n';
import { otherEngine } from './engines';
import type { CompareNoteId } from './legs';
import { useDashboard } from '../board/context';

export function CompareNote({ id }: { id: CompareNoteId }) {
  const t = useT();
  const engine = useDashboard().catalog.engine;
  const text = t.compare.notes[id](catalogs[engine].label, catalogs[otherEngine(engine)].label);
  return (
    <p className="iw-panel-note" data-compare-note={id}>
      {text}
    </p>
  );
}
