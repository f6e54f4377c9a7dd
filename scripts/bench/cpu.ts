// Where a page load's CPU goes between the backend and the browser, and a load with the two on
// cores of their own. On the bench's machine Prometheus and Chromium share the same cores, so every
// millisecond the browser spends on a CPU is one the backend does not get while it answers the first
// screen's queries; the floor (the same queries replayed from Node) has the cores to itself. The
// figures here say how much of a load's time that sharing explains (docs/performance-history.md, "The fleet
// first screen is CPU-bound on shared cores").
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux Debian ships). */
const USER_HZ = 100;

/** User + system CPU time of a process, all its threads, in ms (0 if it has gone). */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after "(comm) ": state is [0], utime [11], stime [12] (proc(5) fields 14 and 15).
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / USER_HZ;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Every live process below `root` (children, theirs, …). */
export function descendants(root: number): number[] {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  const children = new Map<number, number[]>();
  for (const p of pids) {
    const pp = parentOf(p);
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const out: number[] = [];
  const todo = [...(children.get(root) ?? [])];
  for (let p = todo.pop(); p !== undefined; p = todo.pop()) {
    out.push(p);
    todo.push(...(children.get(p) ?? []));
  }
  return out;
}

/** The CPU time of this process's Chromium processes (browser, renderers, GPU, network), summed, in ms. */
export function chromiumCpuMs(): number {
  let ms = 0;
  for (const p of descendants(process.pid)) {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes('chrom')) ms += cpuMsOf(p);
  }
  return ms;
}

/** The CPU ids of a list as the kernel and taskset write it ("0-3,8,10-11"). */
export function parseCpuList(list: string): number[] {
  const ids: number[] = [];
  for (const part of list.trim().split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) continue;
    for (let i = Number(m[1]); i <= Number(m[2] ?? m[1]); i++) ids.push(i);
  }
  return ids;
}

/** The CPUs this process may run on (a container's cpuset, or all of them), as the kernel lists them. */
export function allowedCpuList(): string {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  } catch {
    return '';
  }
}

/** Two disjoint halves of the allowed CPUs (the backend the lower ids), as taskset lists, or null below 2. */
export function splitCpus(allowed: readonly number[]): { backend: string; browser: string } | null {
  if (allowed.length < 2) return null;
  const half = Math.floor(allowed.length / 2);
  return { backend: allowed.slice(0, half).join(','), browser: allowed.slice(half).join(',') };
}

/** Sets the CPU affinity of every thread of `pid` (taskset, util-linux). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** Back to `cpus` (the list allowedCpuList read before pinning); never throws (a process may have gone). */
export function unpin(pid: number, cpus: string): void {
  try {
    pin(pid, cpus);
  } catch {
    // gone, or not ours to change: nothing to restore
  }
}

/** Whether `taskset` (util-linux) is there to pin with; the CPUs to split are splitCpus's to check. */
export function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A script in `dir` that starts `chromium` on `cpus` (Playwright launches it as the browser binary). */
export function pinnedChromium(dir: string, chromium: string, cpus: string): string {
  const path = join(dir, 'chromium-pinned.sh');
  writeFileSync(path, `#!/bin/sh\nexec taskset -c ${cpus} ${JSON.stringify(chromium)} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}
