import { describe, expect, it } from 'vitest';
import { classOf, heapGrowth, heapGrowthLines, index, parseSnapshot } from './heap-snapshot';

const TYPES = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic', 'concatenated string', 'sliced string', 'symbol', 'bigint', 'object shape'];

/** A DevTools heap snapshot's JSON with the given nodes (no edges). */
function snapshot(nodes: Array<[type: string, name: string, size: number]>): string {
  const strings: string[] = [];
  const str = (s: string): number => {
    const i = strings.indexOf(s);
    return i >= 0 ? i : strings.push(s) - 1;
  };
  const flat = nodes.flatMap(([t, n, size], i) => [TYPES.indexOf(t), str(n), i + 1, size, 0]);
  return JSON.stringify({
    snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'], node_types: [TYPES], edge_fields: ['type', 'name_or_index', 'to_node'], edge_types: [['element', 'property', 'weak']] } },
    nodes: flat,
    edges: [],
    strings,
  });
}

describe('heapGrowth', () => {
  it('tells V8 code apart from the page’s values and V8’s bookkeeping', () => {
    expect(classOf('code')).toBe('compiled code');
    expect(['object', 'closure', 'string', 'concatenated string', 'number'].map(classOf)).toEqual(Array(5).fill('JS values'));
    expect(classOf('native')).toBe('DOM (native)');
    expect(['hidden', 'array', 'object shape', 'synthetic'].map(classOf)).toEqual(Array(4).fill('V8 internals'));
  });

  it('says which class and which constructor grew between two snapshots', () => {
    const a = index(parseSnapshot(snapshot([['code', 'f', 1000], ['object', 'Series', 500], ['array', 'feedback', 200], ['string', 'x', 100]])));
    const b = index(parseSnapshot(snapshot([['code', 'f', 1000], ['code', 'f', 3000], ['object', 'Series', 500], ['object', 'Series', 400], ['array', 'feedback', 200], ['string', 'x', 100], ['string', 'y', 50], ['native', 'HTMLDivElement', 70]])));
    const g = heapGrowth(a, b);
    expect(g.totalA).toBe(1800);
    expect(g.totalB).toBe(5320);
    expect(g.byClass['compiled code']).toEqual({ a: 1000, b: 4000 });
    expect(g.byClass['JS values']).toEqual({ a: 600, b: 1050 });
    expect(g.byClass['V8 internals']).toEqual({ a: 200, b: 200 });
    expect(g.byClass['DOM (native)']).toEqual({ a: 0, b: 70 });
    expect(g.top.map((r) => [r.key, r.cls, r.bytes, r.count])).toEqual([
      ['(code) f', 'compiled code', 3000, 1],
      ['object:Series', 'JS values', 400, 1],
      ['native:HTMLDivElement', 'DOM (native)', 70, 1],
      ['(string)', 'JS values', 50, 1],
    ]);
    const lines = heapGrowthLines(g).join('\n');
    expect(lines).toContain('compiled code  0.00 → 0.00 MB');
    expect(lines).toMatch(/\+3 KB\s+\+1 nodes {2}\(code\) f {2}\[compiled code\]/);
  });
});
