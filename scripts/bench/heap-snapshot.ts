// Heap snapshots as DevTools saves them (CDP HeapProfiler.takeHeapSnapshot): parsed, indexed, and
// two of them diffed (what grew, by node type and constructor, the new survivors and their
// retainers). Read by heap-diff.ts (diagnosis) and by the bench's heap figure.

export interface Snapshot {
  nodeFields: string[];
  nodeTypes: string[];
  edgeFields: string[];
  edgeTypes: string[];
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function parseSnapshot(json: string): Snapshot {
  const raw = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const m = raw.snapshot.meta;
  return { nodeFields: m.node_fields, nodeTypes: m.node_types[0], edgeFields: m.edge_fields, edgeTypes: m.edge_types[0], nodes: raw.nodes, edges: raw.edges, strings: raw.strings };
}

export interface Indexed {
  s: Snapshot;
  nf: number;
  ef: number;
  count: number;
  type(i: number): string;
  name(i: number): string;
  id(i: number): number;
  self(i: number): number;
  firstEdge: Int32Array;
  retainers: Array<number[]>; // node index -> [edge index ...] retaining it
}

export function index(s: Snapshot): Indexed {
  const nf = s.nodeFields.length;
  const ef = s.edgeFields.length;
  const T = s.nodeFields.indexOf('type');
  const N = s.nodeFields.indexOf('name');
  const I = s.nodeFields.indexOf('id');
  const S = s.nodeFields.indexOf('self_size');
  const EC = s.nodeFields.indexOf('edge_count');
  const TO = s.edgeFields.indexOf('to_node');
  const count = s.nodes.length / nf;
  const firstEdge = new Int32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += (s.nodes[i * nf + EC] as number) * ef;
    firstEdge[i + 1] = e;
  }
  const retainers: Array<number[]> = Array.from({ length: count }, () => []);
  for (let i = 0; i < count; i++) {
    for (let e = firstEdge[i] as number; e < (firstEdge[i + 1] as number); e += ef) {
      const to = (s.edges[e + TO] as number) / nf;
      (retainers[to] as number[]).push(e);
    }
  }
  return {
    s,
    nf,
    ef,
    count,
    type: (i) => s.nodeTypes[s.nodes[i * nf + T] as number] as string,
    name: (i) => s.strings[s.nodes[i * nf + N] as number] as string,
    id: (i) => s.nodes[i * nf + I] as number,
    self: (i) => s.nodes[i * nf + S] as number,
    firstEdge,
    retainers,
  };
}

export const key = (x: Indexed, i: number): string => {
  const t = x.type(i);
  const n = x.name(i);
  if (t === 'string' || t === 'concatenated string' || t === 'sliced string') return `(${t})`;
  if (t === 'code' || t === 'hidden' || t === 'array' || t === 'number') return `(${t}) ${n.slice(0, 40)}`;
  // Closure contexts are named with a node id ("system / Context / scope @63303"): not a constructor.
  return `${t}:${n.replace(/ @\d+$/, '').slice(0, 60)}`;
};

export function byCtor(x: Indexed): Map<string, { n: number; size: number }> {
  const m = new Map<string, { n: number; size: number }>();
  for (let i = 0; i < x.count; i++) {
    const k = key(x, i);
    const r = m.get(k) ?? { n: 0, size: 0 };
    r.n++;
    r.size += x.self(i);
    m.set(k, r);
  }
  return m;
}

/** The owner-of-owner path of node i up to a root, following the first strong retainer. */
export function retainerPath(x: Indexed, i: number, depth = 14): string {
  const s = x.s;
  const ET = s.edgeFields.indexOf('type');
  const EN = s.edgeFields.indexOf('name_or_index');
  // edge -> owner node: find by scanning firstEdge (binary search)
  const owner = (e: number): number => {
    let lo = 0;
    let hi = x.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((x.firstEdge[mid] as number) <= e) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const parts: string[] = [`${key(x, i)}@${x.id(i)}`];
  const seen = new Set<number>([i]);
  let cur = i;
  for (let d = 0; d < depth; d++) {
    const rs = (x.retainers[cur] as number[]).filter((e) => {
      const et = s.edgeTypes[s.edges[e + ET] as number];
      return et !== 'weak' && et !== 'shortcut';
    });
    const e = rs.find((r) => !seen.has(owner(r)));
    if (e === undefined) break;
    const o = owner(e);
    const et = s.edgeTypes[s.edges[e + ET] as number];
    const en = et === 'element' || et === 'hidden' ? String(s.edges[e + EN]) : (s.strings[s.edges[e + EN] as number] ?? '?');
    parts.push(`.${en} <- ${key(x, o)}`);
    seen.add(o);
    cur = o;
    if (x.type(o) === 'synthetic') break;
  }
  return parts.join('\n      ');
}

/** Prints what grew from snapshot A (tick a) to snapshot B (tick b): by node type, by constructor, new survivors and their retainer paths. */
export function report(snapA: Indexed, snapB: Indexed, A: number, B: number): void {
  const ma = byCtor(snapA);
  const mb = byCtor(snapB);
  const rows = [...new Set([...ma.keys(), ...mb.keys()])].map((k) => {
    const a = ma.get(k) ?? { n: 0, size: 0 };
    const b = mb.get(k) ?? { n: 0, size: 0 };
    return { k, dn: b.n - a.n, ds: b.size - a.size, nb: b.n };
  });
  rows.sort((p, q) => q.ds - p.ds);
  let totA = 0;
  let totB = 0;
  for (const v of ma.values()) totA += v.size;
  for (const v of mb.values()) totB += v.size;
  console.log(`\nself size total: A ${(totA / 1e6).toFixed(2)} MB (${snapA.count} nodes), B ${(totB / 1e6).toFixed(2)} MB (${snapB.count} nodes)`);
  // By node type: V8's own objects (code, hidden, object shapes) vs the page's (object, closure,
  // array, string), to tell JIT warm-up from data the app keeps.
  const byType = (x: Indexed): Map<string, number> => {
    const m = new Map<string, number>();
    for (let i = 0; i < x.count; i++) m.set(x.type(i), (m.get(x.type(i)) ?? 0) + x.self(i));
    return m;
  };
  const ta = byType(snapA);
  const tb = byType(snapB);
  console.log('\ngrowth by node type (self size):');
  for (const k of [...new Set([...ta.keys(), ...tb.keys()])].sort((p, q) => (tb.get(q) ?? 0) - (ta.get(q) ?? 0) - ((tb.get(p) ?? 0) - (ta.get(p) ?? 0))))
    console.log(`  ${(((tb.get(k) ?? 0) - (ta.get(k) ?? 0)) / 1024).toFixed(1).padStart(9)} KB (now ${((tb.get(k) ?? 0) / 1e6).toFixed(2)} MB)  ${k}`);
  console.log('\ntop growth by constructor (self size, count), tick', A, '->', B);
  for (const r of rows.slice(0, 40)) console.log(`  ${(r.ds / 1024).toFixed(1).padStart(9)} KB ${String(r.dn).padStart(7)} objs (now ${r.nb})  ${r.k}`);
  // Objects new since A (id above A's max) still alive in B.
  let maxA = 0;
  for (let i = 0; i < snapA.count; i++) maxA = Math.max(maxA, snapA.id(i));
  const fresh = new Map<string, number[]>();
  for (let i = 0; i < snapB.count; i++) {
    if (snapB.id(i) <= maxA) continue;
    const k = key(snapB, i);
    const l = fresh.get(k) ?? [];
    l.push(i);
    fresh.set(k, l);
  }
  const fr = [...fresh.entries()].map(([k, l]) => ({ k, l, size: l.reduce((a, i) => a + snapB.self(i), 0) })).sort((p, q) => q.size - p.size);
  console.log('\nobjects allocated after snapshot A and alive at B, by constructor:');
  for (const r of fr.slice(0, 30)) console.log(`  ${(r.size / 1024).toFixed(1).padStart(9)} KB ${String(r.l.length).padStart(7)} objs  ${r.k}`);
  // Strings by content (not by id: V8 can hand a dead object's id to a new one at the same address
  // when the heap profiler was off between the snapshots): which texts multiplied.
  const strings = (x: Indexed): Map<string, number> => {
    const m = new Map<string, number>();
    for (let i = 0; i < x.count; i++) {
      const t = x.type(i);
      if (t !== 'string' && t !== 'concatenated string' && t !== 'sliced string') continue;
      const k = x.name(i).slice(0, 100);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const sa = strings(snapA);
  const sb = strings(snapB);
  console.log('\nstrings whose count grew most (count A -> B, first 100 characters):');
  for (const [k, n] of [...sb.entries()].map(([k, n]) => [k, n - (sa.get(k) ?? 0)] as const).sort((p, q) => q[1] - p[1]).slice(0, 30))
    console.log(`  ${String(n).padStart(6)} (${sa.get(k) ?? 0} -> ${sb.get(k)})  ${JSON.stringify(k)}`);
  // Every new survivor by its first strong retainer (owner's constructor and edge name, 3 levels up):
  // where the growth hangs, in bytes, for strings and arrays too.
  const byOwner = new Map<string, { n: number; size: number }>();
  for (const r of fr) {
    for (const i of r.l) {
      const path = retainerPath(snapB, i, 3).split('\n      ').slice(1).map((x) => x.replace(/@\d+/, '')).join(' ');
      const k = `${r.k.slice(0, 40)} ${path}`;
      const o = byOwner.get(k) ?? { n: 0, size: 0 };
      o.n++;
      o.size += snapB.self(i);
      byOwner.set(k, o);
    }
  }
  console.log('\nnew survivors by retainer chain (3 levels), top 40 by self size:');
  for (const [k, v] of [...byOwner.entries()].sort((p, q) => q[1].size - p[1].size).slice(0, 40)) console.log(`  ${(v.size / 1024).toFixed(1).padStart(9)} KB ${String(v.n).padStart(7)} objs  ${k}`);
  console.log('\nretainer paths (samples of the new survivors, objects only):');
  for (const r of fr.filter((x) => x.k.startsWith('object:') || x.k.startsWith('closure:')).slice(0, 8)) {
    const l = r.l;
    for (const i of [l[0], l[Math.floor(l.length / 2)], l[l.length - 1]]) if (i !== undefined) console.log(`  ${retainerPath(snapB, i)}`);
  }
}

/** The classes a snapshot's bytes are told by in the bench's heap figure. */
export type HeapClass = 'compiled code' | 'JS values' | 'DOM (native)' | 'V8 internals';
const CLASSES: readonly HeapClass[] = ['compiled code', 'JS values', 'DOM (native)', 'V8 internals'];

/**
 * A node type's class: `code` is V8's compiled code (bytecode, baseline, Maglev and TurboFan code);
 * objects, closures, strings, numbers, regexps, symbols and bigints are the page's JS values;
 * `native` nodes are Blink's (the DOM, canvases, observers); the rest (hidden, internal arrays such
 * as feedback vectors and scope infos, object shapes, synthetic roots) is V8's own bookkeeping.
 */
export function classOf(type: string): HeapClass {
  if (type === 'code') return 'compiled code';
  if (type === 'native') return 'DOM (native)';
  if (/^(object|closure|regexp|number|symbol|bigint|string|concatenated string|sliced string)$/.test(type)) return 'JS values';
  return 'V8 internals';
}

export interface HeapGrowth {
  /** Self size of every node, A and B. */
  totalA: number;
  totalB: number;
  byClass: Record<HeapClass, { a: number; b: number }>;
  /** The keys (constructor, or node type for strings, code and internals) that grew most, bytes. */
  top: Array<{ key: string; cls: HeapClass; bytes: number; count: number }>;
}

/** What grew from snapshot A to B, by class and by constructor (self sizes). */
export function heapGrowth(a: Indexed, b: Indexed, topN = 8): HeapGrowth {
  const sum = (x: Indexed): { total: number; cls: Record<HeapClass, number> } => {
    const cls = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<HeapClass, number>;
    let total = 0;
    for (let i = 0; i < x.count; i++) {
      const s = x.self(i);
      total += s;
      cls[classOf(x.type(i))] += s;
    }
    return { total, cls };
  };
  const sa = sum(a);
  const sb = sum(b);
  const ma = byCtor(a);
  const mb = byCtor(b);
  const typeOfKey = (k: string): string => /^\(([^)]+)\)/.exec(k)?.[1] ?? k.slice(0, k.indexOf(':'));
  const top = [...mb.entries()]
    .map(([k, v]) => ({ key: k, cls: classOf(typeOfKey(k)), bytes: v.size - (ma.get(k)?.size ?? 0), count: v.n - (ma.get(k)?.n ?? 0) }))
    .filter((r) => r.bytes > 0)
    .sort((p, q) => q.bytes - p.bytes)
    .slice(0, topN);
  const byClass = Object.fromEntries(CLASSES.map((c) => [c, { a: sa.cls[c], b: sb.cls[c] }])) as HeapGrowth['byClass'];
  return { totalA: sa.total, totalB: sb.total, byClass, top };
}

/** The lines the bench prints for a heap figure over its budget. */
export function heapGrowthLines(g: HeapGrowth): string[] {
  const kb = (n: number): string => `${n >= 0 ? '+' : ''}${(n / 1024).toFixed(0)} KB`;
  const pct = (a: number, b: number): string => (a === 0 ? 'new' : `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`);
  const out = [`  snapshot self sizes: ${(g.totalA / 1e6).toFixed(2)} → ${(g.totalB / 1e6).toFixed(2)} MB (${kb(g.totalB - g.totalA)}, ${pct(g.totalA, g.totalB)})`];
  for (const [c, v] of Object.entries(g.byClass)) out.push(`  ${c.padEnd(14)} ${(v.a / 1e6).toFixed(2)} → ${(v.b / 1e6).toFixed(2)} MB  ${kb(v.b - v.a).padStart(9)}  ${pct(v.a, v.b)}`);
  out.push('  grew most (constructor, or node type):');
  for (const r of g.top) out.push(`    ${kb(r.bytes).padStart(9)} ${String(r.count >= 0 ? `+${r.count}` : r.count).padStart(7)} nodes  ${r.key}  [${r.cls}]`);
  return out;
}
