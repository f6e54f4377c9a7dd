// Writes docs/panels.md from the engine catalogs: `npx tsx scripts/gen-panels-doc.ts`.
import { writeFileSync } from 'node:fs';
import { renderPanelsDoc } from '../src/catalog/panels-doc.ts';

writeFileSync(new URL('../docs/panels.md', import.meta.url), renderPanelsDoc());
console.log('wrote docs/panels.md');
