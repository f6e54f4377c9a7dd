// The topology configs: valid for Prometheus 2.42 (promtool check config; skipped without it),
// the hashmod split as Prometheus computes it, and the cluster split.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterConfig, globalConfig, shardConfig, shardKeys, shardOf, shardOfTarget, splitByCluster } from './topology-config.ts';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
const jobs = [
  { job: 'vllm', targets: ['127.0.0.1:28240', '127.0.0.1:28241', '127.0.0.1:28242'] },
  { job: 'sglang', targets: ['127.0.0.1:23240', '127.0.0.1:23241'] },
];

describe('shardOf', () => {
  it('matches the split a real Prometheus 2.42 made with these configs', () => {
    // Observed with `count by (shard, job) (up)` on VictoriaMetrics behind two shards.
    expect(['127.0.0.1:28240', '127.0.0.1:28241', '127.0.0.1:23240', '127.0.0.1:23241'].map((a) => shardOf(a, 2))).toEqual([0, 1, 1, 1]);
  });
});

describe('shardKeys', () => {
  it('deals the demo’s default targets across both shards, which their addresses alone do not', () => {
    const demo = [
      { job: 'vllm', targets: ['127.0.0.1:8000', '127.0.0.1:8001'] },
      { job: 'sglang', targets: ['127.0.0.1:30000', '127.0.0.1:30001'] },
    ];
    const all = demo.flatMap((j) => j.targets);
    // Hashing the address alone, as before: every target on shard 0.
    expect(all.map((t) => shardOf(t, 2))).toEqual([0, 0, 0, 0]);
    const keys = shardKeys(demo, 2);
    expect(all.map((t) => shardOfTarget(t, keys, 2))).toEqual([0, 1, 0, 1]);
    // And each shard's config carries the keys its hashmod reads.
    const yaml = shardConfig(demo, '5s', 1, 2, 'http://127.0.0.1:8428/api/v1/write');
    for (const t of all) expect(yaml).toContain(`- targets: ['${t}']\n        labels: { __tmp_shard_key: '${keys.get(t)}' }`);
    expect(yaml).toContain('source_labels: [__address__, __tmp_shard_key]');
  });
});

describe('splitByCluster', () => {
  it('deals each job round robin, so every cluster has both engines', () => {
    expect(splitByCluster(jobs, 2)).toEqual([
      [
        { job: 'vllm', targets: ['127.0.0.1:28240', '127.0.0.1:28242'] },
        { job: 'sglang', targets: ['127.0.0.1:23240'] },
      ],
      [
        { job: 'vllm', targets: ['127.0.0.1:28241'] },
        { job: 'sglang', targets: ['127.0.0.1:23241'] },
      ],
    ]);
  });
});

describe.skipIf(!existsSync(PROMTOOL))('configs (promtool check config)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inferwatch-topology-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const check = (name: string, yaml: string): string => {
    const file = join(dir, name);
    writeFileSync(file, yaml);
    const r = spawnSync(PROMTOOL, ['check', 'config', file], { encoding: 'utf8' });
    expect(r.status, `${r.stdout}${r.stderr}\n${yaml}`).toBe(0);
    return yaml;
  };

  it('a shard keeps its hashmod share and remote_writes, labelled shard', () => {
    const yaml = check('shard.yml', shardConfig(jobs, '5s', 1, 2, 'http://127.0.0.1:8428/api/v1/write'));
    expect(yaml).toContain("    shard: '1'");
    expect(yaml).toContain('action: hashmod');
    expect(yaml).toContain("remote_write:\n  - url: 'http://127.0.0.1:8428/api/v1/write'");
  });

  it('a cluster server labels its series with its cluster; the global one federates them', () => {
    expect(check('cluster.yml', clusterConfig(jobs, '5s', 'east'))).toContain("    cluster: 'east'");
    const global = check('global.yml', globalConfig(['127.0.0.1:9241', '127.0.0.1:9242'], '5s'));
    expect(global).toContain('honor_labels: true');
    expect(global).toContain(`- '{__name__=~".*(vllm|sglang).*"}'`);
    expect(global).toContain(`- 'up{job=~"vllm|sglang|lmdeploy|trtllm"}'`);
  });

  it("keeps trtllm-serve's metrics path in shard and cluster configs", () => {
    const withTrt = [...jobs, { job: 'trtllm', metricsPath: '/prometheus/metrics', targets: ['127.0.0.1:8300', '127.0.0.1:8301'] }];
    const path = '  - job_name: trtllm\n    metrics_path: /prometheus/metrics\n';
    expect(check('shard-trt.yml', shardConfig(withTrt, '5s', 0, 2, 'http://127.0.0.1:8428/api/v1/write'))).toContain(path);
    for (const part of splitByCluster(withTrt, 2)) expect(check('cluster-trt.yml', clusterConfig(part, '5s', 'east'))).toContain(path);
    expect(clusterConfig(jobs, '5s', 'east')).not.toContain('metrics_path');
  });
});
