// Where the main thread goes in one of our embed loads, phase by phase (diagnosis for the anchor
// bench, BENCH_ANCHOR_PROFILE=N): a CDP CPU profile of the load cut at the app's script mark, the
// first query_range leaving, the last answer and the chart's first paint; per phase, the sampled
// busy time and the functions with the most self time. Function names need an unminified build
// (BENCH_DIST=<dir> of `npx vite build --minify false --outDir <dir>`).
import type { LoadResult } from './anchor-load.ts';

export interface PhaseCut {
  label: string;
  from: number;
  to: number;
}

/** The phases of a load: navigation → script → first query_range → last answer → drawn. */
export function phasesOf(r: LoadResult): PhaseCut[] {
  const script = r.marks.find((m) => m.label === 'mark inferwatch:script')?.start ?? 0;
  const cuts = [
    { label: 'navigation → our script runs', at: 0 },
    { label: 'script → first query_range leaves', at: script },
    { label: 'first query_range → last answer in', at: r.firstLeave },
    { label: 'last answer → chart painted', at: r.lastAnswer },
    { label: 'end', at: r.drawn },
  ];
  return cuts.slice(0, -1).map((c, i) => ({ label: c.label, from: c.at, to: cuts[i + 1]?.at ?? c.at }));
}

/** Per phase: busy ms (non-idle samples) and the top functions by self time. */
export function profilePhases(r: LoadResult, top = 12): Array<PhaseCut & { busy: number; self: Array<[string, number]> }> {
  const p = r.profile;
  if (!p) return [];
  const byId = new Map(p.cpu.nodes.map((n) => [n.id, n]));
  const out = phasesOf(r).map((c) => ({ ...c, busy: 0, selfMap: new Map<string, number>() }));
  let t = p.cpu.startTime;
  for (let i = 0; i < p.cpu.samples.length; i++) {
    t += p.cpu.timeDeltas[i] ?? 0;
    const dt = (p.cpu.timeDeltas[i + 1] ?? 0) / 1000;
    const at = (t - p.navStartUs) / 1000;
    const ph = out.find((c) => at >= c.from && at < c.to);
    const n = byId.get(p.cpu.samples[i] ?? -1);
    if (!ph || !n) continue;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    ph.busy += dt;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = `${name}${file ? ` ${file}:${n.callFrame.lineNumber + 1}` : ''}`;
    ph.selfMap.set(key, (ph.selfMap.get(key) ?? 0) + dt);
  }
  return out.map(({ selfMap, ...c }) => ({ ...c, self: [...selfMap].sort((a, b) => b[1] - a[1]).slice(0, top) }));
}

export function profileText(r: LoadResult): string {
  return profilePhases(r)
    .map((ph) => [`  ${ph.label}: ${Math.round(ph.from)} → ${Math.round(ph.to)} ms, main thread busy ${Math.round(ph.busy)} ms`, ...ph.self.map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`)].join('\n'))
    .join('\n');
}
