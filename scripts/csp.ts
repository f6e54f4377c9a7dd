// `npm run csp -- [--config dist/config.json]`: prints the Content-Security-Policy header a hosted
// copy should send with every response (index.html, assets/*.js — the data worker's script
// included — and config.json), from that copy's config.json: connect-src from prometheusUrl and
// allowedBackends, frame-ancestors from embedOrigins ('none' without). docs/security.md says why a
// <meta> tag is not enough.
import { readFileSync } from 'node:fs';
import { parseArgs } from '../sim/cli-args.ts';
import { policyFor } from '../src/config/csp.ts';
import { validateConfig } from '../src/config/runtime-config.ts';

const args = parseArgs(process.argv.slice(2), ['help']);
if (args.has('help')) {
  console.log('Usage: npm run csp -- [--config path/to/config.json]   (default: no config.json: the site asks only its own origin)');
  process.exit(0);
}
const path = args.get('config');
let config = validateConfig({});
if (path !== undefined) {
  try {
    config = validateConfig(JSON.parse(readFileSync(path, 'utf8')));
  } catch (e) {
    console.error(`npm run csp: ${path}: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
console.log(`Content-Security-Policy: ${policyFor(config)}`);
if (!config.lockBackend && config.allowedBackends.length === 0)
  console.error('note: config.json has no allowedBackends: links to other backends are refused by connect-src; list them in allowedBackends to allow them.');
