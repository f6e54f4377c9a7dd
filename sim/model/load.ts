// Offered load over (virtual) time: a daily swing plus random bursts, so dashboards show both a
// calm baseline and episodes where queues build and the KV cache saturates.
import type { Prng } from '../prng.ts';

export interface LoadShape {
  /** Mean requests/s at the daily average, before the load multiplier. */
  baseRps: number;
  /** Global multiplier (--load). */
  multiplier: number;
  /** Relative amplitude of the daily sine (0.35 = ±35 %). */
  dailyAmplitude: number;
  /** Mean minutes between burst starts. */
  burstEveryMin: number;
  /** Burst length range in minutes and rate multiplier range. */
  burstMinutes: [number, number];
  burstFactor: [number, number];
}

export const DEFAULT_LOAD: Omit<LoadShape, 'baseRps' | 'multiplier'> = {
  dailyAmplitude: 0.35,
  burstEveryMin: 25,
  burstMinutes: [1.5, 4],
  burstFactor: [1.8, 2.8],
};

/** Stateful because bursts have memory; advanced tick by tick in time order. */
export class LoadGenerator {
  private burstUntilMs = 0;
  private burstFactor = 1;

  constructor(
    private readonly shape: LoadShape,
    private readonly rng: Prng,
  ) {}

  get inBurst(): boolean {
    return this.burstFactor > 1;
  }

  /** Requests/s for the tick starting at `tMs` lasting `dtMs`. */
  rate(tMs: number, dtMs: number): number {
    const s = this.shape;
    if (tMs >= this.burstUntilMs) {
      this.burstFactor = 1;
      // Burst starts form a Poisson process, independent of the tick length.
      if (this.rng.chance(dtMs / (s.burstEveryMin * 60_000))) {
        this.burstUntilMs = tMs + this.rng.uniform(s.burstMinutes[0], s.burstMinutes[1]) * 60_000;
        this.burstFactor = this.rng.uniform(s.burstFactor[0], s.burstFactor[1]);
      }
    }
    // Peak mid-afternoon UTC, trough at night.
    const hour = (tMs / 3_600_000) % 24;
    const daily = 1 + s.dailyAmplitude * Math.sin((2 * Math.PI * (hour - 9)) / 24);
    return s.baseRps * s.multiplier * daily * this.burstFactor;
  }

  /** Force a burst (tests). */
  forceBurst(fromMs: number, minutes: number, factor: number): void {
    this.burstUntilMs = fromMs + minutes * 60_000;
    this.burstFactor = factor;
  }
}
