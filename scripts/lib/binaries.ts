// Locates the Prometheus / promtool / VictoriaMetrics binaries; installs Prometheus from the
// distribution's own packages when missing and allowed (root on Debian/Ubuntu), never downloads.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && executable(`${dir}/${name}`)) return `${dir}/${name}`;
  }
  return null;
}

export const INSTALL_HINT = 'Prometheus is not installed. Install it with: sudo apt-get install -y prometheus (Debian/Ubuntu), or set PROMETHEUS_BIN and PROMTOOL_BIN.';

export function findBinary(envVar: string, fallback: string): string | null {
  const fromEnv = process.env[envVar];
  if (fromEnv) return executable(fromEnv) ? fromEnv : null;
  if (executable(fallback)) return fallback;
  return onPath(fallback.split('/').pop() ?? fallback);
}

function isDebianLike(): boolean {
  if (!existsSync('/etc/os-release')) return false;
  return /^(ID|ID_LIKE)=.*(debian|ubuntu)/m.test(readFileSync('/etc/os-release', 'utf8'));
}

/** Prometheus + promtool paths; tries `apt-get install prometheus` as root on Debian/Ubuntu. */
export function ensurePrometheus(log: (l: string) => void): { prometheus: string; promtool: string } {
  let prometheus = findBinary('PROMETHEUS_BIN', '/usr/bin/prometheus');
  let promtool = findBinary('PROMTOOL_BIN', '/usr/bin/promtool');
  if ((!prometheus || !promtool) && process.getuid?.() === 0 && isDebianLike() && !process.env.PROMETHEUS_BIN) {
    log('prometheus not found; installing the distribution package (apt-get install -y prometheus)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus'], { stdio: 'inherit', env });
    prometheus = findBinary('PROMETHEUS_BIN', '/usr/bin/prometheus');
    promtool = findBinary('PROMTOOL_BIN', '/usr/bin/promtool');
  }
  if (!prometheus || !promtool) throw new Error(INSTALL_HINT);
  return { prometheus, promtool };
}
