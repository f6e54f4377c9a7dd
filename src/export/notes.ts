// The Markdown panel at the top of every export: what the board shows that the file does not, and
// why. Text from the backend (its error messages) and from filters is escaped, never markup.
import type { ExportPlan } from './model';

/** Backslash-escapes Markdown's punctuation and writes `<`/`>` as entities (a message stays text). */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\r\n]+/g, ' ');
}

/** One line for the dashboard's description: backend kind, engine, name variant, rate window, date. */
export function describe(plan: ExportPlan): string {
  const m = plan.meta;
  return `inferwatch export of the ${m.engineLabel} board · backend: ${m.backendKind ?? 'unknown'} · names: ${m.nameVariant} · rate window on the board: ${m.rateInterval} · generated ${m.generatedAt}`;
}

/** The Markdown text: the description, then what was left out (`extra`: format-specific lines). */
export function notesMarkdown(plan: ExportPlan, extra: readonly string[] = []): string {
  const lines = [`**${escapeMarkdown(plan.meta.engineLabel)} on inferwatch** · ${escapeMarkdown(describe(plan))}`, ''];
  if (plan.dropped.length > 0) {
    lines.push(`**Not exported (${plan.dropped.length})**`, '');
    for (const d of plan.dropped) lines.push(`- ${escapeMarkdown(d.section)} › ${escapeMarkdown(d.title)}: ${escapeMarkdown(d.reason)}`);
    lines.push('');
  }
  lines.push('**No counterpart here**', '');
  for (const n of [...extra, ...plan.notes]) lines.push(`- ${escapeMarkdown(n)}`);
  return lines.join('\n');
}
