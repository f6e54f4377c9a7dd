import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorCommit } from './anchor-build.ts';
import { fillPlaceholders } from './anchor-serve.ts';

describe('anchor bench', () => {
  it('fills index.html as Prometheus serves it: ready, not an agent, no consoles link', () => {
    const html = "const GLOBAL_CONSOLES_LINK='CONSOLES_LINK_PLACEHOLDER'; const GLOBAL_AGENT_MODE='AGENT_MODE_PLACEHOLDER'; const GLOBAL_READY='READY_PLACEHOLDER'; const GLOBAL_LOOKBACKDELTA='LOOKBACKDELTA_PLACEHOLDER'; <title>TITLE_PLACEHOLDER</title>";
    const out = fillPlaceholders(html);
    expect(out).toContain("GLOBAL_READY='true'");
    expect(out).toContain("GLOBAL_AGENT_MODE='false'");
    expect(out).toContain("GLOBAL_CONSOLES_LINK=''");
    expect(out).toContain("GLOBAL_LOOKBACKDELTA='5m'");
    expect(out).not.toContain('PLACEHOLDER');
  });

  it('says what to do when the source is missing or is not a git directory', () => {
    expect(() => anchorCommit('/nonexistent/prometheus.git')).toThrow(/BENCH_ANCHOR_GIT=\/nonexistent\/prometheus.git does not exist[\s\S]*git clone --bare/);
    const dir = mkdtempSync(join(tmpdir(), 'anchor-test-'));
    try {
      expect(() => anchorCommit(dir)).toThrow(/is not a git directory[\s\S]*leave `anchor` out of BENCH_DATASETS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ab-anchor', () => {
  it('puts each build in each place of a round equally often (the first load of a round is the slower)', async () => {
    const { roundOrder } = await import('./stats.ts');
    for (const builds of [2, 3]) {
      const places = Array.from({ length: builds }, () => new Array<number>(builds).fill(0));
      for (let round = 0; round < builds * 4; round++) roundOrder(builds, round).forEach((b, place) => (places[b]![place] = (places[b]![place] ?? 0) + 1));
      expect(places.flat().every((n) => n === 4)).toBe(true);
    }
    expect([0, 1, 2, 3].map((r) => roundOrder(2, r).join(''))).toEqual(['01', '10', '01', '10']);
  });
});
