// The anchor of the side-by-side bench: Prometheus's own UI (`web/ui/mantine-ui` of
// prometheus/prometheus), built from its source with the workspace's own lockfile and cached in
// `.cache/anchor-ui-<commit>/`. The source is a git directory (BENCH_ANCHOR_GIT, a bare clone is
// enough): `web/ui` is exported with `git archive` into `.cache/anchor-src/<commit>/`.
//
// The workspace is a pnpm one (`web/ui/pnpm-lock.yaml`, no package-lock.json), so it installs with
// pnpm at that lockfile (`--frozen-lockfile`: a lockfile that does not match fails, nothing is
// re-resolved). pnpm comes from the npm registry into `.cache/anchor-tools/`. Upstream CI uses
// pnpm 11, which needs Node ≥ 22.13; pnpm 10 reads the same lockfile (v9) and runs on Node 20.
// The workspace's `.npmrc` (ignore-scripts, min-release-age) applies as written.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const PNPM_VERSION = '10.34.9';

export interface AnchorUi {
  /** The built UI (index.html, assets/). */
  dir: string;
  commit: string;
  /** Whether this call built it (false: from the cache). */
  built: boolean;
}

function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed with ${r.status ?? r.signal}:\n${out || String(r.error)}`);
  }
  return r.stdout;
}

/** What to do when the source is missing: said plainly, with the command. */
export function missingSourceMessage(gitDir: string, why: string): string {
  return [
    `The anchor's source is missing: BENCH_ANCHOR_GIT=${gitDir} ${why}.`,
    'The anchor bench builds Prometheus\'s own UI (web/ui/mantine-ui) from a git copy of prometheus/prometheus. Make one and point BENCH_ANCHOR_GIT at it:',
    '  git clone --bare --filter=blob:none https://github.com/prometheus/prometheus.git /some/dir/prometheus.git',
    '  BENCH_ANCHOR_GIT=/some/dir/prometheus.git BENCH_DATASETS=anchor npm run bench',
    'Or skip the anchor: leave `anchor` out of BENCH_DATASETS.',
  ].join('\n');
}

/** Why the anchor cannot be built here (the plain message), or null when its source is there. */
export function anchorUnavailable(gitDir: string): string | null {
  try {
    anchorCommit(gitDir);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The commit the anchor is built from (HEAD of the git directory); throws the plain message when there is none. */
export function anchorCommit(gitDir: string): string {
  if (!existsSync(gitDir)) throw new Error(missingSourceMessage(gitDir, 'does not exist'));
  const r = spawnSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(missingSourceMessage(gitDir, `is not a git directory (${(r.stderr ?? '').trim()})`));
  const ls = spawnSync('git', ['--git-dir', gitDir, 'ls-tree', 'HEAD', 'web/ui/mantine-ui/package.json', 'web/ui/pnpm-lock.yaml'], { encoding: 'utf8' });
  if (ls.status !== 0 || (ls.stdout ?? '').trim().split('\n').length < 2) throw new Error(missingSourceMessage(gitDir, 'has no web/ui/mantine-ui with a web/ui/pnpm-lock.yaml at HEAD'));
  return r.stdout.trim();
}

/** The built anchor UI: from `.cache/anchor-ui-<commit>/` when there, else exported, installed and built (~1 min). */
export function ensureAnchorUi(cacheRoot: string, gitDir: string, log: (line: string) => void): AnchorUi {
  const commit = anchorCommit(gitDir);
  const dir = join(cacheRoot, `anchor-ui-${commit}`);
  if (existsSync(join(dir, 'index.html'))) {
    log(`anchor: Prometheus UI of ${commit.slice(0, 12)} from the cache (${dir})`);
    return { dir, commit, built: false };
  }
  const t0 = Date.now();
  const src = join(cacheRoot, 'anchor-src', commit);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  log(`anchor: exporting web/ui of ${commit.slice(0, 12)} into ${src}`);
  const archive = spawnSync('sh', ['-c', 'git --git-dir="$0" archive HEAD web/ui | tar -x -C "$1"', gitDir, src], { encoding: 'utf8' });
  if (archive.status !== 0 || !existsSync(join(src, 'web/ui/pnpm-lock.yaml'))) throw new Error(`git archive of web/ui failed: ${archive.stderr}`);
  const tools = join(cacheRoot, 'anchor-tools');
  const pnpm = join(tools, 'node_modules', '.bin', 'pnpm');
  if (!existsSync(pnpm)) {
    log(`anchor: installing pnpm@${PNPM_VERSION} into ${tools} (npm registry)`);
    mkdirSync(tools, { recursive: true });
    run('npm', ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`], tools);
  }
  const ui = join(src, 'web/ui');
  const env = { ...process.env, PATH: `${join(tools, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, CI: '' };
  log('anchor: pnpm install --frozen-lockfile (mantine-ui and the workspace modules it uses)');
  run(pnpm, ['install', '--frozen-lockfile', '--filter', '@prometheus-io/mantine-ui...', '--store-dir', join(cacheRoot, 'anchor-pnpm-store')], ui, env);
  log('anchor: building the PromQL modules (build_ui.sh --build-module), then mantine-ui (tsc && vite build)');
  run('bash', ['build_ui.sh', '--build-module'], ui, env);
  run(pnpm, ['--filter', '@prometheus-io/mantine-ui', 'run', 'build'], ui, env);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ui, 'mantine-ui', 'dist'), dir, { recursive: true });
  log(`anchor: built in ${((Date.now() - t0) / 1000).toFixed(0)} s into ${dir}`);
  return { dir, commit, built: true };
}
