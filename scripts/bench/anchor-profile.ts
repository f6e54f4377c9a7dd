// Where the main thread goes in one of our embed loads, phase by phase (diagnosis for the anchor
// bench, BENCH_ANCHOR_PROFILE=N): a CDP CPU profile of the load cut at the app's boot marks (script,
// config, app, discovered, first screen sent, first commit, first screen in) and the chart's first
// paint; per phase, the sampled busy time and the functions with the most self time. Function names need an unminified build
// (BENCH_DIST=<dir> of `npx vite build --minify false --outDir <dir>`).
import type { LoadResult } from './anchor-load.ts';

export interface PhaseCut {
  label: string;
  from: number;
  to: number;
}

/**
 * The phases of a load, cut at our app's boot marks (those the load has, in time order) and at
 * drawn: navigation → script → config → app → discovered → first-screen-sent → first-commit →
 * first-screen-in → drawn. (Cutting at the request times misleads: queries asked after the first
 * screen answer after the draw.)
 */
export function phasesOf(r: LoadResult): PhaseCut[] {
  const marks = r.marks
    .filter((m) => m.label.startsWith('mark inferwatch:') && m.start < r.drawn)
    .map((m) => ({ label: m.label.replace('mark inferwatch:', ''), at: m.start }))
    .sort((a, b) => a.at - b.at);
  const cuts = [{ label: 'navigation', at: 0 }, ...marks, { label: 'drawn', at: r.drawn }];
  return cuts.slice(0, -1).map((c, i) => {
    const next = cuts[i + 1] ?? c;
    return { label: `${c.label} → ${next.label}`, from: c.at, to: next.at };
  });
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
