// Every knob of the benchmark (environment variables) in one table: type, default, a line of
// documentation and the parts that read it. Modules read knobs only through `knob()`;
// `npm run bench -- --help` (or any bench script with --help) prints the table, grouped by part.
/** The parts of the bench, in the order --help lists them. */
export const PARTS = {
  bench: 'npm run bench (scripts/bench.ts)',
  compare: 'compare figures (scripts/bench/compare.ts; BENCH_FIGURES=compare)',
  heatmap: 'heatmap refresh (scripts/bench/heatmap.ts; BENCH_FIGURES=heatmap, or alone)',
  hostile: 'hostile-input figures (scripts/bench/hostile.ts; with the build figures, or alone)',
  rules: 'recording rules (scripts/bench/rules.ts; BENCH_DATASETS=rules, or alone)',
  tables: 'table figures (scripts/bench/tables.ts; BENCH_DATASETS=tables, or alone)',
  layers: 'serving-stack layers on the fleet: router, GPUs, Diagnosis (scripts/bench/layers.ts; BENCH_DATASETS=layers, or alone)',
  anchor: 'against the anchor, Prometheus\'s own UI built from source (scripts/bench/anchor.ts; BENCH_DATASETS=anchor, or alone after npm run build)',
  raw: 'raw refresh mode (scripts/bench/raw-refresh-figures.ts alone; the session knobs also apply to the bench\'s `raw` figures)',
  'boot-profile': 'boot profile (scripts/bench/boot-profile.ts, diagnosis)',
  'heap-diff': 'heap diff (scripts/bench/heap-diff.ts, diagnosis)',
  browser: 'every part that starts Chromium',
} as const;
export type Part = keyof typeof PARTS;

type Kind = 'number' | 'string' | 'list' | 'flag';

interface Alias {
  name: string;
  /** How the alias's value maps to the knob's (default: as is). */
  read?: (value: string) => string;
  doc: string;
}

interface Spec {
  kind: Kind;
  /** Absent: the knob is unset unless given (the reader decides, see defaultDoc). */
  default?: number | string | boolean | readonly string[];
  /** The default when it is not a constant. */
  defaultDoc?: string;
  /** Allowed values (string, or each item of a list). */
  choices?: readonly string[];
  doc: string;
  /** Who reads it; --help lists it under the first. */
  parts: readonly [Part, ...Part[]];
  aliases?: readonly Alias[];
}

export const KNOBS = {
  // npm run bench
  BENCH_RUNS: { kind: 'number', default: 5, parts: ['bench', 'tables', 'rules'], doc: 'cold page loads per dataset, after one warm-up (also the runs of the table and rules figures)' },
  BENCH_REFRESHES: { kind: 'number', default: 300, parts: ['bench'], doc: 'refresh ticks on the demo; ≥ 900 is the heap-plateau long run (growth read from tick 300, heap sampled every 5 ticks)' },
  BENCH_FLEET_REFRESHES: { kind: 'number', default: 60, parts: ['bench'], doc: 'refresh ticks on the fleet (a window-changing tick waits ~5 s for Prometheus there)' },
  BENCH_DATASETS: {
    kind: 'list',
    default: ['anchor', 'demo', 'fleet'],
    choices: ['demo', 'fleet', 'tables', 'rules', 'layers', 'anchor', 'build'],
    parts: ['bench'],
    doc: 'datasets: demo, fleet; `tables` adds the table figures (on the fleet), `rules` the fleet with and without recorded series; `layers` the fleet with a router and with GPUs added (and the Diagnosis region); `anchor` the side-by-side against Prometheus’s own UI (in the default list it is skipped, with the reason, when BENCH_ANCHOR_GIT has no prometheus/prometheus to build it from); the build figures always come first, `build` alone stops after them',
  },
  BENCH_FIGURES: {
    kind: 'list',
    default: ['loads', 'refreshes', 'raw', 'heap', 'compare', 'heatmap'],
    choices: ['loads', 'refreshes', 'raw', 'heap', 'compare', 'heatmap'],
    parts: ['bench'],
    doc: 'figures per dataset: loads, refreshes, raw (the refresh figures without Playwright), heap (the heap budget: BENCH_HEAP_TICKS raw-mode ticks, ~14 min on the demo, ~32 on the fleet), compare, heatmap (fleet only)',
    aliases: [{ name: 'BENCH_PARTS', read: (v: string) => v.replace(/\brefresh\b/g, 'refreshes'), doc: 'older name of BENCH_FIGURES (its `refresh` is read as `refreshes`); BENCH_FIGURES wins when both are set' }],
  },
  BENCH_RAW_REFRESHES: { kind: 'number', default: 60, parts: ['bench'], doc: 'raw-mode ticks on the demo' },
  BENCH_RAW_FLEET_REFRESHES: { kind: 'number', default: 30, parts: ['bench'], doc: 'raw-mode ticks on the fleet' },
  BENCH_HEAP_EVERY: { kind: 'number', defaultDoc: '5 when the refresh run has ≥ 900 ticks, else 50', parts: ['bench'], doc: 'heap sample spacing of the refresh run, in ticks (also sampled at tick 10, the base tick and every 50)' },
  BENCH_HEAP_TICKS: { kind: 'number', default: 3000, parts: ['bench'], doc: 'ticks of the heap budget\'s raw-mode run (BENCH_FIGURES=heap); with it on, the demo is backfilled for them (ticks × 5 s + 70 min)' },
  BENCH_HEAP_BASE: { kind: 'number', default: 1000, parts: ['bench'], doc: 'the tick the heap growth is read from (the budget: 1000 → 3000), and of the first snapshot' },
  BENCH_PORT_OFFSET: { kind: 'number', default: 0, parts: ['bench', 'heap-diff'], doc: 'added to the ports of the bench (preview 4190, Prometheus 29490/29491, vLLM 28700, SGLang 23700), so two benches can run at once; not to the rules part\'s Prometheus (29495/29496)' },
  BENCH_DIST: { kind: 'string', defaultDoc: 'build into .cache/bench-dist[-<offset>] (tables alone: dist/)', parts: ['bench', 'tables'], doc: '<dir>: measure an existing build instead (e.g. of an earlier commit, for a before/after)' },
  BENCH_COMPARE_RUNS: { kind: 'number', default: 2, parts: ['compare'], doc: 'cold loads per compare mode (off, 1h shift, engines, A/B)' },
  BENCH_HEATMAP_REFRESHES: { kind: 'number', default: 15, parts: ['heatmap'], doc: '"Refresh now" clicks on the heatmap panel, and as many on its baseline panel' },
  BENCH_HEATMAP_PORT: { kind: 'number', default: 4261, parts: ['heatmap'], doc: 'preview port when heatmap.ts runs alone (Prometheus on +1)' },
  BENCH_LAYERS_PORT: { kind: 'number', default: 4290, parts: ['layers'], doc: 'preview port when layers.ts runs alone (the three Prometheus servers on +1, +2, +3)' },
  BENCH_LONG_NAME: { kind: 'number', default: 200_000, parts: ['hostile'], doc: 'length of each of the ten long metric names of resolve-ten-long-names' },
  BENCH_RULES_MINUTES: { kind: 'number', default: 70, parts: ['rules'], doc: 'minutes backfilled before the fleet\'s end: the first screen\'s hour plus its lookback' },
  BENCH_RULES_EVAL: { kind: 'string', default: '15s', parts: ['rules'], doc: 'evaluation interval of the backfill (promtool --eval-interval)' },
  BENCH_RULES_PORT: { kind: 'number', default: 4197, parts: ['rules'], doc: 'preview port when rules.ts runs alone' },
  BENCH_ANCHOR_GIT: { kind: 'string', default: '/work/.mirror/prometheus+prometheus/repo', parts: ['anchor'], doc: 'git directory of prometheus/prometheus (a bare clone is enough): web/ui of its HEAD is built with its pnpm lockfile into .cache/anchor-ui-<commit>/' },
  BENCH_ANCHOR_RUNS: { kind: 'number', default: 15, parts: ['anchor'], doc: 'rounds (each: our embed, the anchor graph, our first screen, the bare page, the stack floor; cold) after one warm-up round' },
  BENCH_ANCHOR_PROFILE: { kind: 'number', defaultDoc: '2 of each of our pages whose ratio misses its budget, else none', parts: ['anchor'], doc: 'CPU-profiled loads of our page after the rounds (not counted; BENCH_ANCHOR_PROFILE_KIND, else each page over budget): the main thread\'s time by layer and by our calling module (through the build\'s source maps), and self time by function per phase, on stderr (function names with BENCH_DIST=<an unminified build>)' },
  BENCH_ANCHOR_PROFILE_DUMP: { kind: 'string', parts: ['anchor'], doc: '<dir>: keep each profiled load\'s raw CPU profile there (.cpuprofile, opens in DevTools; its navigation start in the file name)' },
  BENCH_ANCHOR_TRACE: { kind: 'flag', default: false, parts: ['anchor'], doc: 'with BENCH_ANCHOR_PROFILE_DUMP: the profiled loads record a devtools trace there (<kind>-N.trace.json, read by scripts/bench/trace-tasks.ts) instead of a CPU profile (unsampled: each main-thread task with the scripts, functions, GC, style, layout and paint in it)' },
  BENCH_ANCHOR_PROFILE_KIND: { kind: 'string', choices: ['embed', 'first'], defaultDoc: 'each of our pages whose ratio misses its budget (embed with BENCH_ANCHOR_PROFILE set)', parts: ['anchor'], doc: 'embed or first: which of our pages the profiled (or traced) loads are of' },
  BENCH_ANCHOR_PORT: { kind: 'number', default: 4300, parts: ['anchor'], doc: 'the anchor UI\'s server (Prometheus on +1; alone, our preview on +2); the 20 simulated vLLM targets take free ports from 43000' },
  // raw refresh mode, alone: raw-refresh-figures.ts
  BQ_PROM: { kind: 'string', defaultDoc: 'required', parts: ['raw'], doc: 'URL of a running Prometheus (e.g. of `npm run demo`)' },
  BQ_PORT: { kind: 'number', default: 4191, parts: ['raw'], doc: 'preview port; the build goes to .cache/refresh-raw-dist-<port>' },
  BQ_NOBUILD: { kind: 'flag', default: false, parts: ['raw'], doc: 'reuse the last build instead of building' },
  BQ_MINIFY: { kind: 'flag', default: true, parts: ['raw'], doc: '0 builds unminified (readable function names in the profile)' },
  BQ_TICKS: { kind: 'number', default: 60, parts: ['raw'], doc: 'refresh ticks' },
  BQ_HEAP_EVERY: { kind: 'number', default: 0, parts: ['raw'], doc: 'heap after GC every N ticks and at the last (0: the last only, so no raw-js-heap-plateau figure)' },
  BQ_DATASET: { kind: 'string', default: 'demo', choices: ['demo', 'fleet'], parts: ['raw'], doc: 'the dataset the figures name (fleet: with BQ_CLOCK inside the fleet\'s range)' },
  BQ_CLOCK: { kind: 'number', defaultDoc: 'now − (BQ_TICKS × 5 s + 60 s)', parts: ['raw'], doc: 'epoch ms where the page clock starts' },
  BQ_PROFILE: { kind: 'number', default: 0, parts: ['raw'], doc: 'window-changing ticks to CPU-profile (after tick 20); their mean profile is printed on stderr' },
  // raw refresh session (raw-refresh-session.ts): diagnosis, alone or in the bench's raw figures
  BQ_PROFILE_DUMP: { kind: 'string', parts: ['raw', 'bench'], doc: '<dir>: keep each profiled window change\'s raw profile there (.cpuprofile, opens in DevTools)' },
  BQ_CALLERS: { kind: 'list', default: [], parts: ['raw', 'bench'], doc: 'function names (e.g. setAttribute,fetch): where their self time comes from, on profiled window changes' },
  BQ_COMMITS: { kind: 'flag', default: false, parts: ['raw', 'bench'], doc: 'count React commits per window change (a minimal devtools hook)' },
  BQ_MUTATIONS: { kind: 'flag', default: false, parts: ['raw', 'bench'], doc: 'what the DOM commit of each window change touches (MutationObserver counts)' },
  BQ_TRACE: { kind: 'flag', default: false, parts: ['raw', 'bench'], doc: 'with BQ_PROFILE: a devtools timeline trace of each profiled window change, the renderer main thread\'s self time by event (style, layout, paint)' },
  BQ_OTHER: { kind: 'flag', default: false, parts: ['raw', 'bench'], doc: 'list the other API requests (not query_range) of each tick' },
  BQ_QUERIES: { kind: 'flag', default: false, parts: ['raw', 'bench'], doc: 'print the PromQL of each range request of a window change' },
  BQ_EVAL: { kind: 'string', parts: ['raw', 'bench'], doc: '<expression> evaluated in the page after each window change, printed (e.g. a counter patched into an unminified build)' },
  // boot-profile.ts
  BP_RUNS: { kind: 'number', default: 3, parts: ['boot-profile'], doc: 'profiled loads after one warm-up (A/B mode: rounds)' },
  BP_PORT: { kind: 'number', default: 4391, parts: ['boot-profile'], doc: 'preview port (Prometheus on +1, the A/B builds on +2, +3…)' },
  BP_TOP: { kind: 'number', default: 25, parts: ['boot-profile'], doc: 'functions listed per boot phase' },
  BP_DIST: { kind: 'string', defaultDoc: 'build unminified into .cache/boot-profile-dist-<port>', parts: ['boot-profile'], doc: '<dir>: profile an existing build instead' },
  BP_AB: { kind: 'list', default: [], parts: ['boot-profile'], doc: '<dirA>,<dirB>[,…]: A/B mode, the builds loaded in turn against the same Prometheus (order alternating per round), no profiler' },
  BP_SHOT: { kind: 'string', parts: ['boot-profile'], doc: '<prefix>: A/B mode saves <prefix>-top.png and <prefix>-below.png of the last build\'s last load' },
  // heap-diff.ts
  HD_A: { kind: 'number', default: 100, parts: ['heap-diff'], doc: 'tick of the first heap snapshot (0: none, heap figures only)' },
  HD_B: { kind: 'number', default: 300, parts: ['heap-diff'], doc: 'tick of the second snapshot, the last tick of the run' },
  HD_PROFILE: { kind: 'number', default: 0, parts: ['heap-diff'], doc: 'window-changing ticks to CPU-profile (after tick 20), self time by function printed' },
  HD_SAVE: { kind: 'string', parts: ['heap-diff'], doc: '<dir>: keep both snapshots there (.heapsnapshot, loadable in DevTools\' Memory tab)' },
  HD_EXPRS: { kind: 'flag', default: false, parts: ['heap-diff'], doc: 'print each window change\'s PromQL and the first panels\' positions' },
  HD_RAW: { kind: 'flag', default: false, parts: ['heap-diff'], doc: 'raw refresh mode (raw-refresh-session.ts, the session of raw-js-heap-plateau) instead of the Playwright fake-clock session; HD_PROFILE, HD_EXPRS, HD_PROBE do not apply' },
  HD_PROM: { kind: 'string', parts: ['heap-diff'], doc: 'raw mode: URL of a running Prometheus with enough history (HD_B × 5 s + 1 h) instead of starting the demo stack' },
  HD_HEAP_EVERY: { kind: 'number', default: 50, parts: ['heap-diff'], doc: 'raw mode: heap after GC every N ticks (and at tick 10, HD_A, HD_B)' },
  HD_NOBUILD: { kind: 'flag', default: false, parts: ['heap-diff'], doc: 'raw mode: reuse the last build in .cache/heap-diff-raw-dist-<BENCH_PORT_OFFSET>' },
  HD_PROBE: { kind: 'flag', default: false, parts: ['heap-diff'], doc: 'print canvases added/removed and panel state changes per window change' },
  // every part
  CHROMIUM_JS_FLAGS: { kind: 'string', parts: ['browser'], doc: 'raw mode only (cdp-pipe.ts): V8 flags for the page, e.g. --jitless or --no-opt --no-maglev, to tell compiled-code growth from the page\'s own' },
  CHROMIUM_LOG: { kind: 'string', parts: ['browser'], doc: 'raw mode only: <file> receiving Chromium\'s stdout and stderr (e.g. the output of CHROMIUM_JS_FLAGS=--trace-deopt)' },
  CHROMIUM_BIN: { kind: 'string', default: '/usr/bin/chromium', parts: ['browser'], doc: 'the Chromium binary (Debian\'s; never a downloaded one)' },
} as const satisfies Record<string, Spec>;

export type KnobName = keyof typeof KNOBS;

type KindValue<S> = S extends { kind: 'number' } ? number : S extends { kind: 'flag' } ? boolean : S extends { kind: 'list'; choices: readonly (infer C)[] } ? C[] : S extends { kind: 'list' } ? string[] : S extends { choices: readonly (infer C)[] } ? C : string;
/** A knob's value: its kind's type, or undefined when the knob has no default and is not set. */
export type KnobValue<N extends KnobName> = (typeof KNOBS)[N] extends { default: unknown } ? KindValue<(typeof KNOBS)[N]> : KindValue<(typeof KNOBS)[N]> | undefined;

const OFF = new Set(['0', 'false', 'no', 'off']);

/** The raw string of a knob: its own name first, then its aliases; empty counts as unset. */
function rawValue(name: KnobName, env: NodeJS.ProcessEnv): string | undefined {
  const own = env[name];
  if (own !== undefined && own !== '') return own;
  const spec: Spec = KNOBS[name];
  for (const a of spec.aliases ?? []) {
    const v = env[a.name];
    if (v !== undefined && v !== '') return a.read ? a.read(v) : v;
  }
  return undefined;
}

/** Reads a knob from the environment, parsed and checked against its spec; throws on a bad value. */
export function knob<N extends KnobName>(name: N, env: NodeJS.ProcessEnv = process.env): KnobValue<N> {
  const spec: Spec = KNOBS[name];
  const raw = rawValue(name, env);
  if (raw === undefined) return (Array.isArray(spec.default) ? [...(spec.default as string[])] : spec.default) as KnobValue<N>;
  const check = (v: string): string => {
    if (spec.choices && !spec.choices.includes(v)) throw new Error(`${name}=${raw}: unknown value "${v}" (one of ${spec.choices.join(', ')})`);
    return v;
  };
  switch (spec.kind) {
    case 'number': {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new Error(`${name}=${raw}: not a number`);
      return n as KnobValue<N>;
    }
    case 'flag':
      return !OFF.has(raw.trim().toLowerCase()) as KnobValue<N>;
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(check) as KnobValue<N>;
    case 'string':
      return check(raw) as KnobValue<N>;
  }
}

/** Whether a knob (or one of its aliases) is set, as opposed to read as its default. */
export function knobGiven(name: KnobName, env: NodeJS.ProcessEnv = process.env): boolean {
  return rawValue(name, env) !== undefined;
}

/** Set variables that look like bench knobs but are not in the table (a typo reads as the default). */
export function unknownKnobs(env: NodeJS.ProcessEnv = process.env): string[] {
  const known = new Set<string>(Object.entries(KNOBS).flatMap(([n, s]: [string, Spec]) => [n, ...(s.aliases ?? []).map((a) => a.name)]));
  return Object.keys(env)
    .filter((k) => /^(BENCH|BQ|BP|HD)_/.test(k) && !known.has(k))
    .sort();
}

/** The --help text: every knob, grouped by the part that reads it first. */
export function helpText(): string {
  const lines = [
    'inferwatch bench: the knobs (environment variables), by part.',
    'Types: number; string; list (comma-separated); flag (1 = on, 0/false/no/off = off). Empty = unset.',
    'Every script under scripts/bench/ that runs alone prints this with --help too.',
  ];
  const specs = Object.entries(KNOBS) as Array<[string, Spec]>;
  for (const [part, title] of Object.entries(PARTS) as Array<[Part, string]>) {
    const mine = specs.filter(([, s]) => s.parts[0] === part);
    if (mine.length === 0) continue;
    lines.push('', `${title}:`);
    for (const [name, s] of mine) {
      const type = s.choices ? `${s.kind === 'list' ? 'list of ' : ''}${s.choices.join('|')}` : s.kind;
      const def = s.defaultDoc ?? (s.default === undefined ? 'unset' : Array.isArray(s.default) ? s.default.join(',') || '(none)' : typeof s.default === 'boolean' ? (s.default ? '1' : '0') : String(s.default));
      const also = s.parts.length > 1 ? `; also read by: ${s.parts.slice(1).join(', ')}` : '';
      lines.push(`  ${name}  (${type}; default: ${def}${also})`, `      ${s.doc}`);
      for (const a of s.aliases ?? []) lines.push(`  ${a.name}  alias of ${name}: ${a.doc}`);
    }
  }
  lines.push('', `${Object.keys(KNOBS).length} knobs.`);
  return `${lines.join('\n')}\n`;
}
