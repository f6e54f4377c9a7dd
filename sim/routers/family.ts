// The interface each simulated router family implements, and small helpers for writing metrics.
import { Registry, type Family, type FamilyOptions } from '../exposition.ts';
import type { RouterCore } from './core.ts';

/** One router family's exposition over a RouterCore. */
export interface RouterFamily {
  readonly id: string;
  /** Paths served: `/metrics`, and for smg `/engine_metrics`. */
  render(path: string, nowSec: number): string | null;
  /** The registry `/metrics` renders (a backfill writes it as OpenMetrics after a render). */
  readonly w: Writer;
}

export const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120] as const;

/** Registry with `family()` shorthands. */
export class Writer {
  readonly reg = new Registry();
  constructor(readonly startSec: number) {}
  fam(name: string, type: FamilyOptions['type'], help: string, extra: Partial<FamilyOptions> = {}): Family {
    return this.reg.family({ name, type, help, ...extra });
  }
}

export type CoreRef = RouterCore;
