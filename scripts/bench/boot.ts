// The boot timeline of a page load: when each request of the boot path left and when its answer
// was in, in ms since navigation start (Playwright request.timing(), against the page's
// performance.timeOrigin). Which step the first screen waits for, and what each one costs.
import type { Page, Request } from '@playwright/test';
import { median } from './stats.ts';
import { requestForm } from '../lib/request-form.ts';

export interface BootStep {
  label: string;
  start: number;
  end: number;
}

/** A short, stable name for a request: the path, plus the query or label it asks. */
function label(r: Request): string {
  const u = new URL(r.url());
  const path = u.pathname.replace(/^.*\/api\/v1\//, 'api/');
  if (!u.pathname.includes('/api/v1/')) return path.split('/').pop()?.replace(/-[A-Za-z0-9_-]{8}\./, '.') ?? path;
  const body = requestForm(r);
  if (path === 'api/query') return `query ${(body.get('query') ?? u.searchParams.get('query') ?? '').slice(0, 40)}`;
  if (path === 'api/query_range') return 'query_range';
  const match = u.searchParams.get('match[]') ?? body.get('match[]');
  return match ? `${path} ${match.slice(0, 40)}` : path;
}

export class BootLog {
  private readonly reqs: Array<{ r: Request; done: boolean }> = [];

  constructor(page: Page) {
    page.on('request', (r) => {
      if (r.resourceType() === 'document') return;
      this.reqs.push({ r, done: false });
    });
    page.on('requestfinished', (r) => {
      const e = this.reqs.find((x) => x.r === r);
      if (e) e.done = true;
    });
  }

  /** Steps up to now (finished requests), the query_range ones folded into first/last. */
  async steps(page: Page): Promise<BootStep[]> {
    const { origin, marks } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      // The app's own boot marks (main.tsx, app.tsx): script running, config.json in, first commit.
      marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('inferwatch:')).map((m) => ({ name: m.name, t: m.startTime })),
    }));
    const out: BootStep[] = marks.map((m) => ({ label: `mark ${m.name.replace('inferwatch:', '')}`, start: m.t, end: m.t }));
    const ranges: BootStep[] = [];
    for (const { r, done } of this.reqs) {
      if (!done) continue;
      const t = r.timing();
      if (!(t.startTime > 0) || t.responseEnd < 0) continue;
      const start = t.startTime - origin;
      const step = { label: label(r), start, end: start + t.responseEnd };
      if (step.label === 'query_range') ranges.push(step);
      else if (!out.some((s) => s.label === step.label)) out.push(step);
    }
    if (ranges.length > 0) {
      out.push({ label: `query_range: first to leave (of ${ranges.length})`, start: Math.min(...ranges.map((s) => s.start)), end: Math.min(...ranges.map((s) => s.end)) });
      out.push({ label: 'query_range: last answer', start: Math.max(...ranges.map((s) => s.start)), end: Math.max(...ranges.map((s) => s.end)) });
    }
    return out.sort((a, b) => a.start - b.start);
  }
}

/** Median start and end per step label over several loads (steps missing from a load are skipped). */
export function medianSteps(runs: BootStep[][]): BootStep[] {
  const labels = [...new Set(runs.flat().map((s) => s.label))];
  return labels
    .map((l) => {
      const xs = runs.flatMap((r) => r.filter((s) => s.label === l));
      return { label: l, start: Math.round(median(xs.map((s) => s.start))), end: Math.round(median(xs.map((s) => s.end))) };
    })
    .sort((a, b) => a.start - b.start);
}
