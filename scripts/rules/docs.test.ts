// docs/alerts.md has a section for every runbook anchor the generated files link to, and quotes
// the default thresholds the generator uses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, generateRules } from '../../src/rules/index.ts';

const doc = readFileSync(new URL('../../docs/alerts.md', import.meta.url), 'utf8');
const anchors = new Set([...doc.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));

describe('docs/alerts.md', () => {
  it('has the section every runbook_url points at', () => {
    for (const engine of ['vllm', 'sglang'] as const) {
      const r = generateRules({ engine, slo: { ttft: 1, itl: 0.1, e2e: 10 }, routers: true });
      for (const g of r.groups)
        for (const rule of g.rules) if ('alert' in rule) expect(anchors, rule.alert).toContain(rule.annotations.runbook_url.split('#')[1]);
    }
  });

  it('quotes the default thresholds', () => {
    const row = (kind: string) => doc.split('\n').find((l) => l.startsWith(`| ${kind} `)) ?? '';
    expect(row('HighErrorRatio')).toContain(`> ${DEFAULTS.errorRatio}`);
    expect(row('HighErrorRatio')).toContain(`| ${DEFAULTS.errorFor} |`);
    expect(row('HighTTFT')).toContain(`> ${DEFAULTS.ttftP99Seconds} s`);
    expect(row('HighTTFT')).toContain(`| ${DEFAULTS.ttftFor} |`);
    expect(row('KVCacheSaturated')).toContain(`> ${DEFAULTS.kvUsage}`);
    expect(row('KVCacheSaturated')).toContain(`| ${DEFAULTS.kvFor} |`);
    expect(row('RequestsWaiting')).toContain(`> ${DEFAULTS.waiting}`);
    expect(row('RequestsWaiting')).toContain(`| ${DEFAULTS.waitingFor} |`);
    expect(row('Preemptions / Retractions')).toContain(`> ${DEFAULTS.preemptionsPerSecond} per second`);
    expect(row('TargetDown')).toContain(`| ${DEFAULTS.downFor} |`);
    expect(row('MetricsAbsent')).toContain(`| ${DEFAULTS.absentFor} |`);
  });
});
