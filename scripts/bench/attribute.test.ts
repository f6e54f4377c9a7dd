import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributeProfile, layerOf, meanAttribution, SourceResolver } from './attribute.ts';
import type { CpuProfile } from './profile.ts';

describe('layerOf', () => {
  it('names the libraries the board is built on, and our modules by folder', () => {
    expect(layerOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toEqual({ layer: 'React', ours: false });
    expect(layerOf('../../node_modules/scheduler/cjs/scheduler.production.js').layer).toBe('React');
    expect(layerOf('../../node_modules/@tanstack/query-core/build/modern/query.js').layer).toBe('TanStack Query');
    expect(layerOf('../../node_modules/zrender/lib/canvas/Painter.js').layer).toBe('ECharts');
    expect(layerOf('../../src/charts/core/echart.tsx')).toEqual({ layer: 'src/charts/core', ours: true });
    expect(layerOf('../../src/main.tsx')).toEqual({ layer: 'src/main.tsx', ours: true });
  });
});

// A profile of four 1 ms samples: ECharts under our chart wrapper, measureText (native) under
// ECharts, React with no frame of ours, and GC.
const frame = (id: number, functionName: string, url: string, lineNumber = 0, children: number[] = []) => ({ id, callFrame: { functionName, url, lineNumber }, children });
const profile: CpuProfile & { startTime: number } = {
  startTime: 0,
  nodes: [
    frame(1, '(root)', '', 0, [2, 5, 6]),
    frame(2, 'a', 'http://x/assets/app.js', 0, [3]),
    frame(3, 'b', 'http://x/assets/echart.js', 0, [4]),
    frame(4, 'measureText', ''),
    frame(5, 'c', 'http://x/assets/react.js'),
    frame(6, '(garbage collector)', ''),
  ],
  samples: [3, 4, 5, 6],
  timeDeltas: [0, 1000, 1000, 1000, 1000],
};
const sources: Record<string, string> = {
  'http://x/assets/app.js': '../../src/charts/core/echart.tsx',
  'http://x/assets/echart.js': '../../node_modules/echarts/lib/core/echarts.js',
  'http://x/assets/react.js': '../../node_modules/react-dom/cjs/react-dom-client.production.js',
};
const resolver = { sourceOf: (f: { url: string }) => sources[f.url] ?? null };

describe('attributeProfile', () => {
  it('counts a native function for the code that called it, and library time for our innermost caller', () => {
    const a = attributeProfile(profile, resolver);
    expect(a.busyMs).toBe(4);
    expect(Object.fromEntries(a.byLayer)).toEqual({ ECharts: 2, React: 1, 'garbage collection': 1 });
    expect(a.byCaller.get('src/charts/core/echart.tsx')).toBe(2);
    expect(a.byCaller.get('(none of ours on the stack: React)')).toBe(1);
  });

  it('keeps only the samples inside the window (µs on the profile clock)', () => {
    expect(attributeProfile(profile, resolver, { fromUs: 1500, toUs: 3500 }).busyMs).toBe(2);
  });

  it('averages several profiles', () => {
    const a = attributeProfile(profile, resolver);
    expect(meanAttribution([a, a]).byLayer.get('ECharts')).toBe(2);
  });
});

describe('SourceResolver', () => {
  it('maps a chunk position to its source through the .map beside it; null without one', () => {
    const dist = mkdtempSync(join(tmpdir(), 'attr-'));
    // One segment: generated line 1, column 0 → source 0, line 0, column 0.
    const assets = join(dist, 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, 'app.js.map'), JSON.stringify({ version: 3, sources: ['../../src/app/app.tsx'], names: [], mappings: 'AAAA' }));
    const r = new SourceResolver(dist);
    expect(r.sourceOf({ functionName: 'f', url: 'http://127.0.0.1:4190/assets/app.js', lineNumber: 0, columnNumber: 0 })).toBe('../../src/app/app.tsx');
    expect(r.sourceOf({ functionName: 'g', url: 'http://127.0.0.1:4190/assets/other.js', lineNumber: 0 })).toBeNull();
    expect(r.sourceOf({ functionName: 'fetch', url: '', lineNumber: 0 })).toBeNull();
  });
});

