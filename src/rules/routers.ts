// The router rules (`npm run rules -- --routers`; the Rules dialog adds them when a router is
// detected): recording rules for the Routing section's figures, per router family the catalog knows
// (src/catalog/routers/), and three alerts on the recorded series, so one alert covers every family.
// With the backend's names, each role reads the one name the board reads (the family's pick);
// without them, a role is its alternatives joined by `or` in preference order (the EPP's name
// generations: one prefix per figure, since v0.9 emits old and new names at once and `or` keeps the
// left side when both answer for the same job). docs/routing.md, docs/alerts.md.
import { detectRouters, routerSelector, ROUTERS, type RouterCatalog, type RouterRole, type RouterSeries } from '../catalog';
import { type AlertContext, makeAlert } from './alerting';
import type { AlertingRule, RecordingRule, RuleGroup } from './types';

/** Window of the recorded router rates. */
export const ROUTER_WINDOW = '5m';
export const ROUTER_DEFAULTS = {
  errorRatio: 0.05,
  errorFor: '5m',
  /** An endpoint's share ÷ its fair share (1 = even). */
  imbalance: 1.5,
  /** Below this many requests/s through the router, no imbalance is called. */
  imbalanceMinRate: 0.1,
  imbalanceFor: '15m',
  saturation: 0.9,
  saturationFor: '5m',
  queued: 50,
  queuedFor: '5m',
} as const;

type Picks = Partial<Record<RouterRole, RouterSeries[]>>;

/** Per role, the series to read: the detected pick, or every alternative in order. */
function picksOf(catalog: RouterCatalog, names: ReadonlySet<string> | undefined): Picks | null {
  if (!names) return catalog.roles;
  const d = detectRouters(names, [catalog])[0];
  if (!d) return null;
  return Object.fromEntries(Object.entries(d.picks).map(([role, s]) => [role, [s]]));
}

/** `or` over the alternatives, each built alike, so their label sets line up. */
const any = (alts: RouterSeries[] | undefined, f: (s: RouterSeries) => string): string | null =>
  alts && alts.length > 0 ? alts.map((s) => (alts.length > 1 ? `(${f(s)})` : f(s))).join('\nor\n') : null;

const W = ROUTER_WINDOW;
/** The endpoint label, whatever the family calls it, as `endpoint`. */
const asEndpoint = (s: RouterSeries, inner: string): string =>
  s.endpoint && s.endpoint !== 'endpoint' ? `label_replace(${inner}, "endpoint", "$1", "${s.endpoint}", "(.*)")` : inner;

export const recordName = (engine: string, figure: string, op: string): string => `inferwatch:${engine}_router_${figure}:${op}`;

function recordingFor(engine: string, catalog: RouterCatalog, p: Picks): RecordingRule[] {
  const labels = { router: catalog.id };
  const out: Array<[string, string | null]> = [
    [recordName(engine, 'requests', `rate${W}`), any(p.requests, (s) => `sum by (job) (rate(${routerSelector(s)}[${W}]))`)],
    [recordName(engine, 'errors', `rate${W}`), any(p.errors, (s) => `sum by (job) (rate(${routerSelector(s)}[${W}]))`)],
    ...(['e2e', 'ttft', 'overhead'] as const).map((role): [string, string | null] => [
      recordName(engine, `${role}_seconds`, `p95_rate${W}`),
      any(p[role], (s) => `histogram_quantile(0.95, sum by (job, le) (rate(${routerSelector(s, '_bucket')}[${W}])))${s.scale ? ` / ${s.scale}` : ''}`),
    ]),
    // Saturation is each replica's view of one pool: the highest; queued requests add up.
    [recordName(engine, 'flow_control_saturation', 'max'), any(p.queue?.filter((s) => s.saturation), (s) => `max by (job) (${routerSelector(s)})`)],
    [recordName(engine, 'queued_requests', 'sum'), any(p.queue?.filter((s) => !s.saturation), (s) => `sum by (job) (${routerSelector(s)})`)],
    // Counters summed across replicas; gauges are each replica's own view: the max, never a sum.
    [recordName(engine, 'endpoint_requests', `rate${W}`), any(p.routed, (s) => `sum by (job, endpoint) (${asEndpoint(s, `rate(${routerSelector(s)}[${W}])`)})`)],
    [recordName(engine, 'endpoint_inflight', 'max'), any(p.inflight, (s) => `max by (job, endpoint) (${asEndpoint(s, routerSelector(s))})`)],
  ];
  return out.flatMap(([record, expr]) => (expr ? [{ record, expr, labels }] : []));
}

function alertsFor(ctx: AlertContext, recorded: ReadonlySet<string>): AlertingRule[] {
  const e = ctx.catalog.engine;
  const d = ROUTER_DEFAULTS;
  const r = (figure: string, op: string) => recordName(e, figure, op);
  const out: AlertingRule[] = [];
  const errors = r('errors', `rate${W}`);
  const requests = r('requests', `rate${W}`);
  if (recorded.has(errors) && recorded.has(requests))
    out.push(
      makeAlert(ctx, 'RouterHighErrorRatio', `${errors}\n  / (${requests} > 0)\n> ${d.errorRatio}`, {
        for: d.errorFor,
        severity: 'warning',
        summary: 'Router {{ $labels.router }} ({{ $labels.job }}): {{ $value | humanizePercentage }} of requests fail',
        description: `More than ${d.errorRatio * 100}% of the requests the router took in failed for ${d.errorFor} (router-side errors: no engine chosen, upstream refused, timeouts).`,
        anchor: 'routerhigherrorratio',
      }),
    );
  const ep = r('endpoint_requests', `rate${W}`);
  if (recorded.has(ep))
    out.push(
      makeAlert(
        ctx,
        'RouterEndpointImbalance',
        `(\n  ${ep}\n  / on (job, router) group_left\n  avg by (job, router) (${ep})\n) > ${d.imbalance}\nand on (job, router) (sum by (job, router) (${ep}) > ${d.imbalanceMinRate})`,
        {
          for: d.imbalanceFor,
          severity: 'warning',
          summary: 'Router {{ $labels.router }} ({{ $labels.job }}) sends {{ $value | printf "%.2f" }}× its fair share to {{ $labels.endpoint }}',
          description: `One endpoint has taken more than ${d.imbalance}× the mean of its router's endpoints for ${d.imbalanceFor}. Prefix-aware routing skews on purpose; otherwise check the policy, the endpoint's health and whether the others are up.`,
          anchor: 'routerendpointimbalance',
        },
      ),
    );
  const sat = r('flow_control_saturation', 'max');
  if (recorded.has(sat))
    out.push(
      makeAlert(ctx, 'RouterFlowControlSaturated', `${sat} > ${d.saturation}`, {
        for: d.saturationFor,
        severity: 'warning',
        summary: 'Router {{ $labels.router }} ({{ $labels.job }}): flow control {{ $value | humanizePercentage }} saturated',
        description: `The router's flow control has held the pool above ${d.saturation * 100}% of its capacity for ${d.saturationFor}: requests queue at the router before any engine sees them.`,
        anchor: 'routerflowcontrolsaturated',
      }),
    );
  const queued = r('queued_requests', 'sum');
  if (recorded.has(queued))
    out.push(
      makeAlert(ctx, 'RouterRequestsQueued', `${queued} > ${d.queued}`, {
        for: d.queuedFor,
        severity: 'warning',
        summary: 'Router {{ $labels.router }} ({{ $labels.job }}): {{ $value }} requests queued',
        description: `More than ${d.queued} requests have waited at the router for ${d.queuedFor}.`,
        anchor: 'routerrequestsqueued',
      }),
    );
  return out;
}

/**
 * The router groups for one engine's pack: with `names`, the routers the backend holds (none: no
 * group); without, every family the catalog knows, with its name alternatives.
 */
export function routerRuleGroups(ctx: AlertContext, names?: ReadonlySet<string>, registry: readonly RouterCatalog[] = ROUTERS): RuleGroup[] {
  const e = ctx.catalog.engine;
  const recording = registry.flatMap((c) => {
    const p = picksOf(c, names);
    return p ? recordingFor(e, c, p) : [];
  });
  const alerts = alertsFor(ctx, new Set(recording.map((x) => x.record)));
  return [
    { name: `inferwatch-${e}-router-recording`, rules: recording },
    { name: `inferwatch-${e}-router-alerts`, rules: alerts },
  ].filter((g) => g.rules.length > 0);
}
