// "Checked before written": every exported expression is parsed with Prometheus' own grammar and
// asked once of the backend (an instant query at now, bounded in time). A query that fails is left
// out and listed with the backend's message; an item left with no query is dropped.
import type { PrometheusClient } from '../prometheus';
import type { DroppedItem, ExportItem, ExportPlan, ExportQuery } from './model';
import { boardForm, type VariableValues } from './variables';

type Parser = { parse(text: string): { iterate(spec: { enter(node: { type: { isError: boolean }; from: number }): boolean | void }): void } };
let grammar: Parser | null = null;

/** Loads Prometheus' Lezer grammar (a chunk of its own in the app). */
export async function loadGrammar(): Promise<Parser> {
  grammar ??= (await import('@prometheus-io/lezer-promql')).parser as Parser;
  return grammar;
}

/** The position of the first syntax error in `expr`, or null when it parses. */
export function syntaxError(parser: Parser, expr: string): number | null {
  let at: number | null = null;
  parser.parse(expr).iterate({
    enter(node) {
      if (at !== null) return false;
      if (node.type.isError) at = node.from;
    },
  });
  return at;
}

export interface CheckOptions {
  /** The values the check substitutes for the variables: the board's rate window, range and filters. */
  rateInterval: string;
  rangeSec: number;
  /** How long one query may take. */
  timeoutMs?: number;
  /** Queries in flight at once (a small backend shares its cores with the board). */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface CheckResult {
  plan: ExportPlan;
  /** Expressions asked of the backend. */
  checked: number;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();

async function pool<T>(items: readonly T[], n: number, run: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
}

/** The plan with every failing query left out (and listed in `dropped`). */
export async function checkPlan(plan: ExportPlan, client: PrometheusClient, opts: CheckOptions): Promise<CheckResult> {
  const parser = await loadGrammar();
  const variables: VariableValues[] = plan.variables.map((v) => ({ name: v.name, label: v.label, values: v.current }));
  const failures = new Map<ExportQuery, string>();
  const jobs: Array<{ item: ExportItem; query: ExportQuery }> = plan.sections.flatMap((s) => s.items.flatMap((item) => item.queries.map((query) => ({ item, query }))));
  await pool(jobs, opts.concurrency ?? 4, async ({ query }) => {
    const expr = boardForm(query.expr, { rateInterval: opts.rateInterval, rangeSec: opts.rangeSec, variables });
    const at = syntaxError(parser, expr);
    if (at !== null) {
      failures.set(query, `does not parse (at character ${at + 1})`);
      return;
    }
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? 15_000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    try {
      await client.query(expr, undefined, signal);
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      failures.set(query, `the backend answered: ${message(e)}`);
    }
  });
  const dropped: DroppedItem[] = [...plan.dropped];
  const sections = plan.sections.map((s) => ({
    ...s,
    items: s.items.flatMap((item) => {
      const failed = item.queries.filter((q) => failures.has(q));
      for (const q of failed) dropped.push({ id: item.queries.length > 1 ? `${item.id}/${q.id}` : item.id, title: item.queries.length > 1 ? `${item.title} (${q.column?.title ?? q.id})` : item.title, section: s.title, reason: failures.get(q) ?? '' });
      const kept = item.queries.filter((q) => !failures.has(q));
      return kept.length === 0 ? [] : [{ ...item, queries: kept }];
    }),
  }));
  return { plan: { ...plan, sections: sections.filter((s) => s.items.length > 0), dropped }, checked: jobs.length };
}
