// Where a CPU profile's main-thread time goes, in the build the bench measures (minified, so its
// function names say little): each sample's function is mapped through the build's source maps
// (`sourcemap: 'hidden'`, never served) to its source file, and the time is told two ways:
// - **by layer**, the code that ran: React, TanStack Query, ECharts (zrender included), our own
//   modules by folder, garbage collection, and V8/Blink outside JS ("(program)": compiling, style,
//   layout, parsing). A native function (measureText, fetch, JSON.parse) counts for the code that
//   called it;
// - **by our caller**, the innermost frame of our own code on the stack: which of our modules
//   asked for the library time (a chart wrapper's setOption, a hook's render).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { profileTree, type CpuProfile } from './profile.ts';

type Frame = CpuProfile['nodes'][number]['callFrame'] & { columnNumber?: number };

export interface Attribution {
  /** Non-idle sampled time, ms. */
  busyMs: number;
  byLayer: Map<string, number>;
  byCaller: Map<string, number>;
}

/** The layer of a source path as a source map names it (`../../node_modules/react-dom/cjs/…`, `../../src/charts/core/echart.tsx`). */
export function layerOf(source: string): { layer: string; ours: boolean } {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
  if (nm !== undefined) {
    if (/^(react|react-dom|scheduler)$/.test(nm)) return { layer: 'React', ours: false };
    if (nm.startsWith('@tanstack/')) return { layer: 'TanStack Query', ours: false };
    if (nm === 'echarts' || nm === 'zrender' || nm === 'echarts-for-react') return { layer: 'ECharts', ours: false };
    return { layer: nm, ours: false };
  }
  const src = /(?:^|\/)src\/(.+)$/.exec(source)?.[1];
  if (src !== undefined) {
    const parts = src.split('/');
    return { layer: `src/${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`, ours: true };
  }
  return { layer: source, ours: false };
}

/** Maps a profile's frames to source files through the `.map` files beside the chunks of `distDir`. */
export class SourceResolver {
  private readonly maps = new Map<string, TraceMap | null>();
  private readonly cache = new Map<string, string | null>();
  constructor(private readonly distDir: string) {}

  /** The source file a frame's function comes from; null for a native frame or a file without a map. */
  sourceOf(f: Frame): string | null {
    if (!f.url) return null;
    const key = `${f.url}:${f.lineNumber}:${f.columnNumber ?? 0}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const file = /\/(assets\/[^/?#]+\.js)(?:[?#].*)?$/.exec(f.url)?.[1];
    let out: string | null = null;
    if (file !== undefined) {
      const map = this.mapFor(file);
      if (map) out = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber ?? 0 }).source;
    }
    this.cache.set(key, out);
    return out;
  }

  private mapFor(file: string): TraceMap | null {
    let m = this.maps.get(file);
    if (m === undefined) {
      const path = join(this.distDir, `${file}.map`);
      m = existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null;
      this.maps.set(file, m);
    }
    return m;
  }
}

/**
 * The time of `profile` by layer and by our caller, counting only samples whose timestamp (µs, the
 * profile's clock) falls in [fromUs, toUs] when given.
 */
export function attributeProfile(profile: CpuProfile & { startTime?: number }, resolver: Pick<SourceResolver, 'sourceOf'>, window?: { fromUs: number; toUs: number }): Attribution {
  const { byId, parent } = profileTree(profile);
  const byLayer = new Map<string, number>();
  const byCaller = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number): void => {
    m.set(k, (m.get(k) ?? 0) + v);
  };
  let busyMs = 0;
  let t = profile.startTime ?? 0;
  profile.samples.forEach((id, k) => {
    t += profile.timeDeltas[k] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) return;
    const dt = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    const top = byId.get(id);
    if (!top) return;
    const name = top.callFrame.functionName;
    if (name === '(idle)') return;
    busyMs += dt;
    let layer: string | null = name === '(garbage collector)' ? 'garbage collection' : name === '(program)' ? 'outside JS (compile, style, layout, parse)' : null;
    let caller: string | null = null;
    for (let c: number | undefined = id; c !== undefined && (layer === null || caller === null); c = parent.get(c)) {
      const n = byId.get(c);
      if (!n) break;
      const source = resolver.sourceOf(n.callFrame as Frame);
      if (source === null) continue;
      const l = layerOf(source);
      layer ??= l.layer;
      if (l.ours) caller = source.replace(/^.*?(?=src\/)/, '');
    }
    add(byLayer, layer ?? 'native, no caller of ours (browser tasks)', dt);
    add(byCaller, caller ?? `(none of ours on the stack: ${layer ?? 'native'})`, dt);
  });
  return { busyMs, byLayer, byCaller };
}

/** The mean of several attributions (one per profiled window change or load). */
export function meanAttribution(list: readonly Attribution[]): Attribution {
  const n = list.length || 1;
  const out: Attribution = { busyMs: 0, byLayer: new Map(), byCaller: new Map() };
  for (const a of list) {
    out.busyMs += a.busyMs / n;
    for (const [k, v] of a.byLayer) out.byLayer.set(k, (out.byLayer.get(k) ?? 0) + v / n);
    for (const [k, v] of a.byCaller) out.byCaller.set(k, (out.byCaller.get(k) ?? 0) + v / n);
  }
  return out;
}

export function attributionLines(a: Attribution, rows = 12): string[] {
  const top = (m: Map<string, number>): string[] =>
    [...m].sort((x, y) => y[1] - x[1]).slice(0, rows).map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${((v / Math.max(a.busyMs, 1e-9)) * 100).toFixed(0).padStart(3)} %  ${k}`);
  return [`    main thread busy (sampled): ${a.busyMs.toFixed(1)} ms`, '    by layer (the code that ran):', ...top(a.byLayer), '    by our caller (the innermost frame of our code on the stack):', ...top(a.byCaller)];
}
