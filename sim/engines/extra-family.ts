// `--features extra-family`: families no real engine exposes and no spec file lists, standing in for
// metrics newer than the dashboard's catalog. The board must still show them (its "Other metrics"
// section); e2e/other-metrics.spec.ts checks that. Opt-in only: conformance tests never see them.
import type { Child, Registry } from '../exposition.ts';
import type { Prng } from '../prng.ts';
import type { EngineKind } from '../spec.ts';

export const EXTRA_COUNTER = 'sim_extra_widget_events';
export const EXTRA_INFO = 'sim_extra_build_info';

export class ExtraFamilies {
  private readonly events: Child[];

  constructor(reg: Registry, engine: EngineKind, model: string, startSec: number, private readonly rng: Prng) {
    const counter = reg.family({ name: `${engine}:${EXTRA_COUNTER}`, type: 'counter', help: 'Simulated widget events (not a real engine metric).' });
    this.events = ['spin', 'wobble'].map((kind) => counter.child({ model_name: model, kind }, startSec));
    // Info-style: value 1, the information is in the labels.
    reg
      .family({ name: `${engine}:${EXTRA_INFO}`, type: 'gauge', help: 'Simulated build information (not a real engine metric).' })
      .child({ model_name: model, version: '0.30.0.dev0+sim', channel: 'nightly' }, startSec)
      .set(1);
  }

  tick(dtMs: number): void {
    for (const c of this.events) c.inc(this.rng.poisson((2 * dtMs) / 1000));
  }
}
