// The rules pack for one engine: recording rules, alerting rules and (with SLO settings) burn-rate
// alerts, as rule groups and as the YAML text of one Prometheus rules file. Pure: the CLI
// (scripts/rules.ts) and the board's Rules dialog both call it with what they read from a backend.
import { catalogs, resolveMetrics, type EngineCatalog, type ResolvedMetric } from '../catalog';
import { alertingRules } from './alerting';
import { recordingRules } from './recording';
import { gpuRuleGroups } from './gpus';
import { routerRuleGroups } from './routers';
import { RulesInputError, sloRules } from './slo';
import { parsePromDuration } from '../lib/duration';
import { DEFAULT_RUNBOOK_BASE, type GeneratedRules, type GenerateOptions, type RuleGroup } from './types';
import { toYaml, type YamlValue } from './yaml';

/** Window of the recorded rates: 4 scrapes at 15 s, the usual rule for `rate()`. */
export const RATE_WINDOW = '1m';

/** Without a backend, every metric under its current name. */
function currentNames(catalog: EngineCatalog): Map<string, ResolvedMetric> {
  const out = new Map<string, ResolvedMetric>();
  for (const [id, m] of Object.entries(catalog.metrics)) {
    const name = m.variants[0];
    if (name !== undefined) out.set(id, { id, name, variantIndex: 0, rewrite: 'none' });
  }
  return out;
}

/**
 * `runbook_url` ends up a link in Alertmanager, Grafana and chat notifications: only a web address
 * or a relative path, no `javascript:` or other scheme, and nothing a parser could split.
 */
export function checkRunbookBase(base: string): void {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  const odd = /[\s\u0000-\u001f\u007f\u0085\u2028\u2029\\]/.test(base);
  const web = /^https?:\/\/[^/?#]+/i.test(base);
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(base) && !base.startsWith('//');
  if (base === '' || odd || !(web || relative)) {
    throw new RulesInputError(`runbook base "${base.slice(0, 80)}" must be an http(s) URL or a relative path`);
  }
}

export function generateRules(opts: GenerateOptions): GeneratedRules {
  const catalog = catalogs[opts.engine];
  const resolved = opts.metricNames ? resolveMetrics(catalog.metrics, new Set(opts.metricNames)) : currentNames(catalog);
  const ctx = { catalog, resolved };
  const window = opts.rateWindow ?? RATE_WINDOW;
  if (parsePromDuration(window) === null || !/^[0-9a-z]+$/.test(window)) throw new RulesInputError(`rate window "${window}" is not a Prometheus duration (1m, 90s, 2m)`);
  if (opts.runbookBase !== undefined) checkRunbookBase(opts.runbookBase);
  const recorded = recordingRules(ctx, window);
  const actx = { ...ctx, recorded, runbookBase: opts.runbookBase ?? DEFAULT_RUNBOOK_BASE, forOverride: opts.forOverride };
  const alerts = alertingRules(actx);
  const notes: string[] = [];
  if (recorded.missing.length) notes.push(`not recorded (metric absent on the backend): ${recorded.missing.join(', ')}`);
  if (alerts.missing.length) notes.push(`alerts left out (their metric is absent): ${alerts.missing.join(', ')}`);
  if (alerts.lacks.length) notes.push(`alerts left out (${catalog.label} exposes no such metric): ${alerts.lacks.join(', ')}`);
  const legacy = [...resolved.values()].filter((r) => r.variantIndex > 0 || r.rewrite !== 'none');
  if (legacy.length) notes.push(`names as this backend stores them: ${legacy.map((r) => r.name).slice(0, 8).join(', ')}${legacy.length > 8 ? ', …' : ''}`);

  const e = opts.engine;
  const groups: RuleGroup[] = [
    { name: `inferwatch-${e}-recording`, rules: recorded.rules },
    { name: `inferwatch-${e}-alerts`, rules: alerts.rules },
  ];
  if (opts.gpus) groups.push(...gpuRuleGroups(actx));
  if (opts.routers) groups.push(...routerRuleGroups(actx, opts.metricNames ? new Set(opts.metricNames) : undefined));
  const slo = opts.slo;
  if (slo && (slo.ttft !== undefined || slo.itl !== undefined || slo.e2e !== undefined)) {
    const s = sloRules(actx, slo, opts.leValues ?? {});
    // Long windows cost more; once a minute is plenty for a 5 m to 6 h rate.
    if (s.recording.length) groups.push({ name: `inferwatch-${e}-slo-recording`, interval: '1m', rules: s.recording });
    if (s.alerting.length) groups.push({ name: `inferwatch-${e}-slo-alerts`, rules: s.alerting });
    if (s.missing.length) notes.push(`left out: ${s.missing.join(', ')}`);
  }
  const nonEmpty = groups.filter((g) => g.rules.length > 0);
  return { groups: nonEmpty, yaml: render(opts, nonEmpty, notes), notes };
}

function render(opts: GenerateOptions, groups: RuleGroup[], notes: string[]): string {
  const slo = opts.slo;
  const sloText = slo
    ? Object.entries(slo)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')
    : '';
  const header = [
    `# inferwatch rules pack for ${catalogs[opts.engine].label}: recording rules, alerts, SLO burn rates.`,
    `# Names ${opts.metricNames ? 'resolved against the backend it was generated for' : 'as current engine releases write them'}.`,
    ...(sloText ? [`# SLO: ${sloText}`] : []),
    '# Load with `rule_files:` (Prometheus), the ruler (Thanos, Mimir) or vmalert -rule=.',
    '# Thresholds and what to do when an alert fires: docs/alerts.md.',
    ...notes.map((n) => `# Note: ${n.replace(/[\r\n]+/g, ' ')}`),
  ];
  const doc: YamlValue = {
    groups: groups.map((g) => ({
      name: g.name,
      interval: g.interval,
      rules: g.rules.map((r): YamlValue => ('record' in r ? { record: r.record, expr: r.expr, labels: r.labels } : { alert: r.alert, expr: r.expr, for: r.for, labels: r.labels, annotations: r.annotations })),
    })),
  };
  return `${header.join('\n')}\n${toYaml(doc)}`;
}
