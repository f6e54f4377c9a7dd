// Every file a comment in src/ names exists: comments that point at renamed or removed files send
// the next reader to nothing. A path with a slash is looked up from the repository root, from
// src/, and from the commenting file's folder; a bare file name anywhere in the repository.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.cache']);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const FILES = walk(ROOT);
const BASENAMES = new Set(FILES.map((f) => f.split('/').pop()));
const EXISTS = new Set(FILES.map((f) => relative(ROOT, f)));
const PATH = /(?:\.{1,2}\/)?[A-Za-z0-9_@-]+(?:[./-][A-Za-z0-9_@-]+)*\.(?:tsx?|md|json|js|conf|ya?ml|css|html)\b/g;

function comments(text: string): string[] {
  return text.split('\n').filter((l) => /^\s*(\/\/|\*|\/\*)/.test(l) || /\s\/\/\s/.test(l)).map((l) => l.replace(/^.*?(\/\/|\/\*|\*)/, ''));
}

function found(path: string, from: string): boolean {
  if (!path.includes('/')) return BASENAMES.has(path);
  // From the file's folder and each folder above it up to the root, and from spec/ (metrics/*.json).
  const candidates = [path, join('spec', path)];
  for (let dir = dirname(from); dir.startsWith(ROOT); dir = dirname(dir)) candidates.push(relative(ROOT, resolve(dir, path)));
  return candidates.some((c) => EXISTS.has(c.replace(/^\.\//, '')));
}

describe('paths named in src/ comments', () => {
  it('each exists', () => {
    const missing: string[] = [];
    for (const file of FILES.filter((f) => /\/src\/.*\.tsx?$/.test(f))) {
      for (const line of comments(readFileSync(file, 'utf8')))
        for (const m of line.matchAll(PATH)) {
          const p = m[0];
          // Not a file: a URL's host or path, a package name, a domain-like token.
          if (/^(https?|www)\b/.test(p) || line.includes(`//${p}`) || /\.(example|test)\//.test(p)) continue;
          // A file the code writes (a download's name), said as such.
          if (/^inferwatch-[a-z]+/.test(p)) continue;
          // A package's own declaration files (an npm package's, not the repo's).
          if (p.endsWith('.d.ts')) continue;
          if (!found(p, file)) missing.push(`${relative(ROOT, file)}: ${p}`);
        }
    }
    expect(missing).toEqual([]);
  });
});
