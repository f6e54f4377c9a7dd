// Renders docs/panels.md from the catalogs, so the documented panel ids and PromQL never drift.
// `scripts/gen-panels-doc.ts` writes it; `panels-doc.test.ts` fails when the file is stale.
import { catalogs } from './index';
import type { EngineCatalog, PanelSpec, QuerySpec } from './types';
import { UNPLACED } from './unplaced';

// Markdown table cells: a `|` must be escaped even inside a code span (GFM).
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => `\`${cell(s)}\``;

function queryCell(q: QuerySpec, many: boolean): string {
  const [first, ...rest] = q.alternatives;
  if (!first) return '';
  const head = `${many ? `**${q.id}**: ` : ''}${code(first.expr)}`;
  const alts = rest.map((a) => `<br>↳ else ${code(a.expr)}${a.note ? ` (${cell(a.note)})` : ''}`);
  return head + alts.join('');
}

function panelRow(p: PanelSpec): string {
  const enabled = p.enabledBy ? cell(p.enabledBy) : 'default';
  const feature = p.feature ? ` · feature \`${p.feature}\`` : '';
  const promql = p.notAvailable
    ? `*not available:* ${cell(p.notAvailable)}`
    : p.table
      ? `table of ${p.table.rows}s: columns below`
      : p.queries.map((q) => queryCell(q, p.queries.length > 1)).join('<br>');
  const title = `${cell(p.title)}${p.needsGpuPeak ? ' (needs GPU peak)' : ''}`;
  return `| \`${p.id}\` | ${p.section} | ${title} | ${p.unit} | ${enabled}${feature} | ${promql} |`;
}

function engineSection(c: EngineCatalog): string[] {
  const lines = [
    `## ${c.label}`,
    '',
    `Filters: model \`${c.filterLabels.model}\`, instance \`${c.filterLabels.instance}\`, ` +
      `rank ${c.filterLabels.rank.map((r) => `\`${r}\``).join(', ')}. Presence metric: \`${c.presenceMetric}\`.`,
    '',
    '### Stat row',
    '',
    '| stat | title | unit | panel | PromQL template |',
    '|---|---|---|---|---|',
    ...c.stats.map((s) => `| \`${s.id}\` | ${cell(s.title)} | ${s.unit} | \`${s.panelId ?? ''}\` | ${queryCell(s.query, false)} |`),
    '',
    '### Panels',
    '',
    '| id | section | title | unit | enabled by | PromQL template |',
    '|---|---|---|---|---|---|',
    ...c.panels.map(panelRow),
    '',
    ...c.panels.filter((p) => p.table).flatMap((p) => [
      `### Table \`${p.id}\` (${cell(p.title)}): one row per ${p.table?.rows}`,
      '',
      'Each column is one instant query at the end of the range; `$__by` is the row labels, `$__range` the range (`$__range_seconds` in seconds). Rates divide each instance\'s increase by its lifetime inside the range (`$__lifetime_window`: the range plus 5 min, about 240 subquery steps; src/catalog/lifetime-rate.ts).',
      '',
      '| column | title | unit | marks outliers when | PromQL template |',
      '|---|---|---|---|---|',
      ...(p.table?.columns ?? []).map((col) => `| \`${col.id}\` | ${cell(col.title)} | ${col.unit} | ${col.worse ?? ''} | ${queryCell(col.query, false)} |`),
      '',
    ]),
    '### Logical metrics and the names tried',
    '',
    'Variants in order (current first). Each is also tried with `:` → `_`, with `ray_` / `kserve_`, ' +
      'and with any unknown `<prefix>_` (see resolve.ts).',
    '',
    '| logical id | kind | variants | enabled by |',
    '|---|---|---|---|',
    ...Object.values(c.metrics).map(
      (m) => `| \`${m.id}\` | ${m.kind} | ${m.variants.map(code).join(', ')} | ${cell(m.enabledBy)} |`,
    ),
    '',
    '### Spec families without a panel, and why',
    '',
    'Every family of the spec file has a panel or stat above, or a line here (coverage.test.ts checks both ways). ' +
      '`*_created` series (the creation time of each counter and histogram) are never queried. Engine-prefixed ' +
      'families the catalog does not use, listed here or newer than this release, get an automatic panel in the ' +
      '"Other metrics" section at the end of the board.',
    '',
    '| families | why |',
    '|---|---|',
    ...UNPLACED[c.engine].map((u) => `| ${u.families.map(code).join(', ')} | ${cell(u.reason)} |`),
    '',
  ];
  return lines;
}

const INTRO = `# Panels

Generated from \`src/catalog\` by \`npx tsx scripts/gen-panels-doc.ts\`; a unit test fails when this
file is stale. Do not edit by hand.

**Panel ids are a contract.** Portals embed one panel with \`?panel=<id>\`, tests and automation
find panels by \`data-panel-id\`. Ids never change meaning; a panel that goes away keeps its id
reserved. The core ids are the same for both engines: \`request-rate\`, \`output-tokens-rate\`,
\`prompt-tokens-rate\`, \`ttft\`, \`itl\`, \`e2e-latency\`, \`queue-time\`, \`running-requests\`,
\`waiting-requests\`, \`kv-cache-usage\`, \`preemptions\` (SGLang: retractions),
\`prefix-cache-hit-rate\`. Other ids are shared wherever the meaning is the same.

## Template syntax

- \`{{metric}}\` is a logical metric: it expands to the series name this backend stores (see the
  resolution rule below) followed by the filter matchers that apply to that metric's labels, e.g.
  \`vllm:generation_tokens_total{model_name=~"a|b"}\`. \`{{metric|extra="x"}}\` adds matchers.
- \`$__by\` is the grouping of the current view (default \`model_name\`); \`$__rate_interval\` is
  Grafana's \`max(step + scrape, 4 × scrape)\`; \`$gpu_peak_flops\` is the GPU peak the user picked.
- Ratios divide by \`(denominator > 0)\`, so an idle period yields no sample (shown as "no traffic")
  rather than NaN. SGLang gauges are per scheduler rank (some also per \`pid\`): always aggregated.
- "↳ else" lines are alternatives for older releases whose metric has another kind; the first
  alternative whose metrics all exist is used, and its note is shown in the panel menu.

## Name resolution

For each logical metric, variants are tried in order (current name, then legacy names); for each
variant: the name as written, \`:\` rewritten to \`_\`, the vendor prefixes \`ray_\` and \`kserve_\` on
both spellings, then any stored name \`<prefix>_<variant>\` whose prefix is a plain identifier
(engine-namespaced names only). A current name under any spelling beats a legacy one. Last, for
vLLM only, the variant without \`vllm:\` (NVIDIA NIM serves vLLM's set so): only for metrics labelled
\`model_name\`, asked of the backend on series that carry it, a histogram with all of \`_bucket\`,
\`_sum\` and \`_count\`, a counter ending in \`_total\`, and only while the bare core
(\`num_requests_running\`, \`num_requests_waiting\`, \`generation_tokens_total\`,
\`time_to_first_token_seconds_bucket\`) is there too; the panel menu says so.

Panels of kind \`latest\` show values that never move (start-up phases, capacities): one instant
query at the range's end, drawn as a bar per value of the panel's category label (and group).

## Where the source article says "none" but the engine has the metric today

- SGLang \`mfu\`, \`flops-per-gpu\`, \`memory-bandwidth-per-gpu\`: SGLang (2026) exposes
  \`sglang:estimated_flops_per_gpu_total\` and \`sglang:estimated_{read,write}_bytes_per_gpu_total\`.
- SGLang \`spec-acceptance-rate\`: the \`sglang:spec_accept_rate\` gauge.
- SGLang \`mm-cache-hit-rate\`: the encoder cache counters of EPD encoder servers (\`--encoder-only\`).
- vLLM \`abort-error-rate\`: \`vllm:request_success_total\` counts every finished request by
  \`finished_reason\`, including \`abort\` and \`error\` (since v0.13).

## Where the article's names are wrong against a real server

Counters carry \`_total\` (\`vllm:request_success_total\`, \`vllm:num_preemptions_total\`,
\`vllm:prefix_cache_*_total\`, \`vllm:spec_decode_*_total\`, \`sglang:num_aborted_requests_total\`);
SGLang queue time is \`sglang:queue_time_seconds\` (\`queue_time_s\` is kept as a legacy variant);
SGLang retractions are the counter \`sglang:num_retracted_requests_total\` (the
\`sglang:num_retracted_reqs\` gauge is the fallback; \`total_retracted_reqs\` is a gauge and is not
rated); \`sglang:kv_transfer_latency_ms\` / \`_speed_gb_s\` are histograms today (the gauges are
fallbacks).
`;

export function renderPanelsDoc(): string {
  const body = Object.values(catalogs).flatMap(engineSection);
  return `${INTRO}\n${body.join('\n')}`;
}

