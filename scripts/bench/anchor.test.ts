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
