// CPU profiles (CDP Profiler) of window-changing ticks, summarised by function: self time and
// inclusive time, in ms, averaged over the profiled ticks. Shared by heap-diff.ts and the raw
// refresh mode (BENCH_PROFILE).
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Non-idle sampled time, ms. */
  busyMs: number;
  self: Map<string, number>;
  total: Map<string, number>;
}

/** A profile's nodes by id, and each node's parent (a sample names its leaf; its stack is the parent chain). */
export function profileTree<N extends { id: number; children?: number[] }>(p: { nodes: N[] }): { byId: Map<number, N>; parent: Map<number, number> } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return { byId, parent };
}

const frameName = (f: CpuProfile['nodes'][number]['callFrame']): string =>
  `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;

/** Self time of the functions named in `targets`, by their chain of callers (up to `depth` frames). */
export function callerChains(p: CpuProfile, targets: readonly string[], depth = 5): Map<string, number> {
  const { byId, parent } = profileTree(p);
  const out = new Map<string, number>();
  p.samples.forEach((id, k) => {
    const n = byId.get(id);
    if (!n || !targets.includes(n.callFrame.functionName)) return;
    const chain: string[] = [];
    for (let c = parent.get(id); c !== undefined && chain.length < depth; c = parent.get(c)) {
      const cn = byId.get(c);
      if (cn) chain.push(cn.callFrame.functionName || '(anon)');
    }
    const key = `${n.callFrame.functionName} <- ${chain.join(' <- ')}`;
    out.set(key, (out.get(key) ?? 0) + (p.timeDeltas[k + 1] ?? 0) / 1000);
  });
  return out;
}

export function summarizeProfile(p: CpuProfile): ProfileSummary {
  const { byId, parent } = profileTree(p);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busyMs = 0;
  p.samples.forEach((id, k) => {
    const dt = (p.timeDeltas[k + 1] ?? 0) / 1000;
    const n = byId.get(id);
    if (!n || n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') return;
    busyMs += dt;
    const nm = frameName(n.callFrame);
    self.set(nm, (self.get(nm) ?? 0) + dt);
    const seen = new Set<string>();
    for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
      const cn = byId.get(c);
      if (!cn) break;
      const name = frameName(cn.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + dt);
    }
  });
  return { busyMs, self, total };
}

/** The mean of several summaries (one per profiled tick). */
export function meanProfile(list: ProfileSummary[]): ProfileSummary {
  const n = list.length || 1;
  const add = (into: Map<string, number>, from: Map<string, number>): void => {
    for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v / n);
  };
  const out: ProfileSummary = { busyMs: 0, self: new Map(), total: new Map() };
  for (const s of list) {
    out.busyMs += s.busyMs / n;
    add(out.self, s.self);
    add(out.total, s.total);
  }
  return out;
}

export function profileLines(s: ProfileSummary, selfRows = 25, totalRows = 45): string[] {
  const top = (m: Map<string, number>, k: number): string[] =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, v]) => `    ${v.toFixed(1).padStart(7)} ms  ${name}`);
  return [`  profiled busy (non-idle samples): ${s.busyMs.toFixed(1)} ms`, '  top self:', ...top(s.self, selfRows), '  top total (inclusive):', ...top(s.total, totalRows)];
}

export function printProfile(p: CpuProfile): void {
  console.log(profileLines(summarizeProfile(p)).join('\n'));
}
