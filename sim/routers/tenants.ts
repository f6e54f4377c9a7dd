// Who sends the load, as the llm-d EPP is told it: a tenant mix (`--tenants acme:0.6,globex:0.3:1,
// initech:0.1`: id, share, optional priority) drawn per finished engine request, so the EPP's
// per-tenant request and token series add up to the engines' own (every served request belongs to
// exactly one tenant, or to none: a small share arrives without a fairness id, as requests without
// the header do). A share of each tenant's requests asks for a rewrite alias (`chat`) that the
// gateway routes to the served model. `noisy-tenant` (sim/scenarios): the first tenant floods
// (most of the served requests are its), the others wait in flow control and some of theirs are
// rejected for capacity (`RejectedCapacity`): those never reach an engine, so they add requests
// and errors at the gateway and no tokens.
import { Prng } from '../prng.ts';

export interface Tenant {
  id: string;
  share: number;
  priority: number;
}

/** The share of requests with no fairness id (the gateway got no header). */
export const UNATTRIBUTED_SHARE = 0.05;
/** Under `noisy-tenant`, the first tenant's share of the attributed served requests. */
export const NOISY_SHARE = 0.85;
/** Under `noisy-tenant`, the chance a starved tenant's served request had a rejected sibling. */
export const NOISY_REJECT = 0.3;
/** The rewrite alias clients may ask for (`model_name`), routed to the served model. */
export const ALIAS_MODEL = 'chat';
const ALIAS_SHARE = 0.3;

/** `acme:0.6,globex:0.3:1,initech:0.1` → tenants (shares normalised to 1); errors name the bad item. */
export function parseTenants(spec: string): Tenant[] {
  const out: Tenant[] = [];
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const [id = '', share = '', priority = '0'] = item.split(':');
    const s = Number(share);
    const p = Number(priority);
    if (!id || !Number.isFinite(s) || s <= 0 || !Number.isInteger(p)) throw new Error(`--tenants: "${item}" is not id:share[:priority] (share > 0, integer priority)`);
    if (out.some((t) => t.id === id)) throw new Error(`--tenants: "${id}" given twice`);
    out.push({ id, share: s, priority: p });
  }
  if (out.length === 0) throw new Error('--tenants: no tenant given');
  const total = out.reduce((a, t) => a + t.share, 0);
  return out.map((t) => ({ ...t, share: t.share / total }));
}

/** One request's gateway identity. */
export interface Draw {
  /** Index into the tenants; -1 for no fairness id. */
  tenant: number;
  fairnessId: string;
  priority: string;
  /** The requested model (`model_name`): the served model or the alias. */
  requested: string;
  /** Seconds it waited in flow control before dispatch. */
  queueSec: number;
  /** Rejected siblings (RejectedCapacity) to count beside this served request. */
  rejected: number;
}

export class TenantMix {
  private readonly rng: Prng;
  private readonly weights: number[];

  constructor(
    readonly tenants: readonly Tenant[],
    readonly noisy: boolean,
    seed: number,
  ) {
    this.rng = new Prng(`${seed}:tenants`);
    const rest = tenants.slice(1).reduce((a, t) => a + t.share, 0);
    this.weights = tenants.map((t, i) => {
      if (!noisy || tenants.length < 2) return t.share;
      return i === 0 ? NOISY_SHARE : ((1 - NOISY_SHARE) * t.share) / rest;
    });
  }

  /** The noisy tenant's id (the first), or null. */
  get noisyId(): string | null {
    return this.noisy && this.tenants.length > 1 ? (this.tenants[0]?.id ?? null) : null;
  }

  draw(servedModel: string): Draw {
    const u = this.rng.next();
    let tenant = -1;
    if (u >= UNATTRIBUTED_SHARE) {
      let x = (u - UNATTRIBUTED_SHARE) / (1 - UNATTRIBUTED_SHARE);
      tenant = this.weights.length - 1;
      for (let i = 0; i < this.weights.length; i++) {
        x -= this.weights[i] ?? 0;
        if (x < 0) {
          tenant = i;
          break;
        }
      }
    }
    const t = this.tenants[tenant];
    const starved = this.noisyId !== null && tenant > 0;
    // Flow control's wait: milliseconds normally; seconds for the tenants the flood starves.
    const meanQueue = starved ? 2.5 : this.noisyId !== null ? 0.08 : 0.015;
    const queueSec = -Math.log(1 - this.rng.next()) * meanQueue;
    const rejected = starved && this.rng.next() < NOISY_REJECT ? 1 : 0;
    return {
      tenant,
      fairnessId: t?.id ?? '',
      priority: String(t?.priority ?? 0),
      requested: this.rng.next() < ALIAS_SHARE ? ALIAS_MODEL : servedModel,
      queueSec,
      rejected,
    };
  }
}
