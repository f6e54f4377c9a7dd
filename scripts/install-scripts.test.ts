import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm 11 blocks dependency install scripts unless package.json `allowScripts` covers them, and
// `npm ci` ends with a warning naming each uncovered package. A new user's first command should
// print nothing of ours, so every locked package with an install script must be decided here
// (approved or explicitly denied). The lockfile is what `npm ci` installs, so it is the truth.

interface LockEntry {
  readonly version?: string;
  readonly hasInstallScript?: boolean;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));
}

function packageName(lockPath: string): string {
  return lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

describe('install scripts', () => {
  const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
  const manifest = readJson('package.json') as { allowScripts?: Record<string, boolean> };
  const decided = new Set(
    Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@[^@]*$/, '$1')),
  );
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
    .map(([path]) => packageName(path));

  it('every locked dependency with an install script is decided in allowScripts', () => {
    expect(withScripts.filter((name) => !decided.has(name))).toEqual([]);
  });

  it('approves esbuild, whose postinstall installs the native binary that vite and tsx run', () => {
    expect(manifest.allowScripts?.esbuild).toBe(true);
  });
});
