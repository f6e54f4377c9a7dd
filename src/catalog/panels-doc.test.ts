// docs/panels.md is generated from the catalogs; this fails when someone forgets to regenerate it.
import { expect, it } from 'vitest';
import doc from '../../docs/panels.md?raw';
import { renderPanelsDoc } from './panels-doc';

it('docs/panels.md is up to date (run: npx tsx scripts/gen-panels-doc.ts)', () => {
  expect(doc).toBe(renderPanelsDoc());
});
