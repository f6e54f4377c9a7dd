// Reads a devtools trace of one of our page loads (BENCH_ANCHOR_TRACE=1, docs/performance.md) and
// prints the page's main-thread tasks since navigation: each one's wall time, the time its thread
// was on a CPU, and what took the most of it (scripts evaluated, functions called, GC, style,
// layout, paint), then the totals. Wall much above thread time means the main thread was waiting
// for a CPU (or blocked) inside its own task.
//   npx tsx scripts/bench/trace-tasks.ts <file.trace.json> [minTaskMs=3]
import { readFileSync } from 'node:fs';
import { runAsScript } from './stats.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** The events nested in a task that say what it did (the outermost of each kind is counted). */
const PARTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'v8.compile', 'FunctionCall', 'RunMicrotasks', 'MinorGC', 'MajorGC', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ParseHTML', 'FireAnimationFrame', 'TimerFire', 'EventDispatch']);

export interface TaskLine {
  /** ms since navigation. */
  at: number;
  wallMs: number;
  threadMs: number;
  parts: Array<{ what: string; ms: number }>;
}

export function mainThreadTasks(events: readonly TraceEvent[]): { marks: Array<{ at: number; name: string }>; tasks: TaskLine[] } {
  // The renderer that ran our page: the one whose timeline has our boot marks.
  const pid = events.find((e) => e.name.startsWith('inferwatch:'))?.pid;
  const tid = events.find((e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const nav = events.find((e) => e.pid === pid && e.name === 'navigationStart')?.ts;
  if (pid === undefined || tid === undefined || nav === undefined) throw new Error('no page with inferwatch marks, or no navigationStart, in this trace');
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts);
  const marks = events.filter((e) => e.pid === pid && e.name.startsWith('inferwatch:')).map((e) => ({ at: (e.ts - nav) / 1000, name: e.name }));
  const tasks: TaskLine[] = [];
  for (const t of main) {
    if (t.name !== 'ThreadControllerImpl::RunTask' || t.ts < nav) continue;
    const end = t.ts + (t.dur ?? 0);
    const inside = main.filter((e) => e !== t && PARTS.has(e.name) && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
    const byWhat = new Map<string, number>();
    for (const e of inside) {
      const nested = inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0));
      if (nested) continue;
      const d = e.args?.data;
      const file = (d?.url ?? '').split('/').pop() ?? '';
      const what = e.name === 'FunctionCall' ? `${d?.functionName || '(anonymous)'} ${file}` : `${e.name}${file ? ` ${file}` : ''}`;
      byWhat.set(what, (byWhat.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const parts = [...byWhat].sort((a, b) => b[1] - a[1]).map(([what, ms]) => ({ what, ms }));
    tasks.push({ at: (t.ts - nav) / 1000, wallMs: (t.dur ?? 0) / 1000, threadMs: (t.tdur ?? 0) / 1000, parts });
  }
  return { marks, tasks };
}

function main(): void {
  const [file, minArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: trace-tasks.ts <file.trace.json> [minTaskMs]');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const { marks, tasks } = mainThreadTasks(Array.isArray(raw) ? raw : raw.traceEvents);
  const min = Number(minArg ?? 3);
  const lines = [
    ...marks.map((m) => ({ at: m.at, text: `${m.at.toFixed(0).padStart(6)}  mark ${m.name}` })),
    ...tasks
      .filter((t) => t.wallMs >= min)
      .map((t) => ({ at: t.at, text: `${t.at.toFixed(0).padStart(6)}  wall ${t.wallMs.toFixed(1).padStart(6)}  thread ${t.threadMs.toFixed(1).padStart(6)}  ${t.parts.slice(0, 4).map((p) => `${p.ms.toFixed(1)} ${p.what}`).join(' | ')}` })),
  ].sort((a, b) => a.at - b.at);
  const wall = tasks.reduce((s, t) => s + t.wallMs, 0);
  const thread = tasks.reduce((s, t) => s + t.threadMs, 0);
  process.stdout.write(`${lines.map((l) => l.text).join('\n')}\nall tasks since navigation: wall ${wall.toFixed(0)} ms, thread ${thread.toFixed(0)} ms (${((100 * thread) / Math.max(wall, 1)).toFixed(0)} %)\n`);
}

runAsScript(import.meta.url, async () => main());
