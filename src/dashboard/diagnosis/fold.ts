// The last pass over a diagnosis, once the router's findings have joined the model's: ordered
// worst first, a model's findings that are one outlier instance's alone folded under that
// outlier, failures tied to the cause that explains them (and listed after it), and headroom set to "none" where a
// verdict says the model already queues. Rules and their reasons: docs/verdicts.md, "Folding".
// Pure.
import type { Diagnosis, Finding } from './diagnose';
import { order } from './diagnose';
import type { InstanceFigures } from './inputs';
import { IMPACT, T, type EvidenceItem, type Severity, type VerdictId } from './verdicts';

/** Verdicts that say the model is already queueing or slow at its load: no headroom whatever the KV estimate. */
export const LIMITING: readonly VerdictId[] = ['router-imbalance', 'preemption-storm', 'kv-capacity', 'instance-outlier', 'decode-bound'];

/** Verdicts that make a model's requests slow enough for clients to give up: they explain its failures. */
const SLOWING: readonly VerdictId[] = ['kv-capacity', 'preemption-storm', 'instance-outlier', 'decode-bound', 'prefill-bound'];

const RANK: Record<Severity, number> = { info: 0, warning: 1, critical: 2 };
const ev = (value: number, unit: EvidenceItem['unit']): EvidenceItem => ({ value, unit });
const kvOf = (i: InstanceFigures): number | null => {
  const xs = [i.values.kv_mean, i.values.kv_now].filter((v): v is number => v !== undefined);
  return xs.length > 0 ? Math.max(...xs) : null;
};
const maxOf = (xs: ReadonlyArray<number | null | undefined>): number | null => {
  const v = xs.filter((x): x is number => x !== null && x !== undefined);
  return v.length > 0 ? Math.max(...v) : null;
};

/**
 * Whether `f` (a finding of the outlier's model) is the outlier's alone: the figure that made it
 * fire is high on the outlier instance and low on every peer. KV findings: the peers' KV usage
 * (mean and now) stays under 80 %; decode-bound: the outlier is out on ITL and the peers' mean ITL
 * is under the ITL tile's amber; prefill-bound: out on TTFT p95 and the peers' under the TTFT amber.
 * Returns the peers' figure (the sentence quotes it), or null when the peers show it too.
 */
export function peersFigure(f: Finding, outlier: Finding, peers: readonly InstanceFigures[]): EvidenceItem | null {
  if (peers.length === 0) return null;
  switch (f.id) {
    case 'kv-capacity':
    case 'preemption-storm':
    case 'prefix-cache-thrash': {
      const kv = maxOf(peers.map(kvOf));
      return kv !== null && kv < T.thrashKv ? ev(kv, 'ratio') : null;
    }
    case 'decode-bound': {
      const itl = maxOf(peers.map((p) => p.values.itl_mean));
      return 'itl_mean' in outlier.evidence && itl !== null && itl < IMPACT.itl.amber ? ev(itl, 'seconds') : null;
    }
    case 'prefill-bound': {
      const ttft = maxOf(peers.map((p) => p.values.ttft_p95));
      return 'ttft_p95' in outlier.evidence && ttft !== null && ttft < IMPACT.ttft.amber ? ev(ttft, 'seconds') : null;
    }
    default:
      return null;
  }
}

function foldUnderOutliers(findings: readonly Finding[], instances: readonly InstanceFigures[]): Finding[] {
  let out = [...findings];
  for (const outlier of findings.filter((f) => f.id === 'instance-outlier' && f.model !== '')) {
    const slow = new Set(outlier.instances ?? [outlier.instance ?? '']);
    const peers = instances.filter((i) => i.model === outlier.model && !slow.has(i.instance));
    const folded: Finding[] = [];
    for (const f of out) {
      if (f.model !== outlier.model || f === outlier) continue;
      const peer = peersFigure(f, outlier, peers);
      if (peer) folded.push({ ...f, evidence: { ...f.evidence, peers: peer } });
    }
    if (folded.length === 0) continue;
    const worst = folded.reduce<Severity>((s, f) => (RANK[f.severity] > RANK[s] ? f.severity : s), outlier.severity);
    // The outlier carries the impact of what it causes: its users see the folded finding's latency.
    const lead: Finding = { ...outlier, severity: worst, folded };
    const gone = new Set(folded.map((f) => `${f.id}\u0000${f.model}`));
    out = out.filter((f) => f.model !== outlier.model || !gone.has(`${f.id}\u0000${f.model}`)).map((f) => (f === outlier ? lead : f));
  }
  return out;
}

/**
 * A prefill that lasts at most this many mean decode steps (ITL) is slow because the steps are:
 * the batch's decodes share them (decode-bound), not because prompts are long for the GPU.
 */
export const PREFILL_STEPS = 4;

/**
 * prefill-bound beside decode-bound on one model, with a prefill of a few of the batch's slow steps
 * (mean prefill ≤ PREFILL_STEPS × mean ITL), folds under decode-bound: "prompts are long for this
 * GPU" told the wrong story beside 198 sequences in the batch (the demo's decode-bound: prefill
 * 500 ms, ITL mean 281 ms). A prefill of many steps (the prefill-bound scenario: 27 s) stays its own.
 */
function foldUnderDecode(findings: readonly Finding[]): Finding[] {
  let out = [...findings];
  for (const decode of findings.filter((f) => f.id === 'decode-bound')) {
    const itl = decode.evidence.itlMean?.value;
    const prefill = out.find((f) => f.id === 'prefill-bound' && f.model === decode.model);
    const mean = prefill?.evidence.prefillMean?.value;
    if (!prefill || itl === undefined || itl <= 0 || mean === undefined || mean > PREFILL_STEPS * itl) continue;
    const folded = { ...prefill, evidence: { ...prefill.evidence, steps: ev(mean / itl, 'count') } };
    const severity = RANK[prefill.severity] > RANK[decode.severity] ? prefill.severity : decode.severity;
    const lead: Finding = { ...decode, severity, folded: [...(decode.folded ?? []), folded] };
    out = out.filter((f) => f !== prefill).map((f) => (f.id === 'decode-bound' && f.model === decode.model ? lead : f));
  }
  return out;
}

/**
 * Failures on a model that a cause on it makes slow (time-outs, clients giving up) are that cause's
 * evidence: tied to it and listed after it. Behind an imbalanced router (not tied to a model), the
 * router explains them where the model's requests queue past the TTFT tile's amber on average.
 */
function explainFailures(findings: readonly Finding[]): Finding[] {
  const router = findings.some((f) => f.id === 'router-imbalance');
  return findings.map((f) => {
    if (f.id !== 'request-failures') return f;
    const ids = new Set(findings.filter((x) => x.model === f.model).map((x) => x.id));
    const queued = (f.evidence.waitMean?.value ?? 0) >= IMPACT.ttft.amber;
    const by = router && queued ? 'router-imbalance' : SLOWING.find((id) => ids.has(id));
    return by ? { ...f, explainedBy: by } : f;
  });
}

/** A failures finding that another explains goes right after its model's last other finding. */
function afterCauses(findings: readonly Finding[]): Finding[] {
  const out = [...findings];
  for (const f of findings.filter((x) => x.id === 'request-failures' && x.explainedBy)) {
    const others = out.filter((x) => x !== f && x.model === f.model && x.id !== 'slo-burn');
    const last = others.at(-1);
    if (!last) continue;
    out.splice(out.indexOf(f), 1);
    out.splice(out.indexOf(last) + 1, 0, f);
  }
  return out;
}

/** The diagnosis with `extra` findings (the router's) merged in, ordered, folded and its headroom limited. */
export function settle(d: Diagnosis, extra: readonly Finding[] = []): Diagnosis {
  if (d.noTraffic) return d;
  const ordered = order(explainFailures([...d.findings, ...extra]));
  const findings = afterCauses(order(foldUnderOutliers(foldUnderDecode(ordered), d.instances)));
  // A listed finding names the reason before one folded under it (the outlier, not its KV peak).
  const all = [...findings, ...findings.flatMap((f) => f.folded ?? [])];
  const models = d.models.map((m) => {
    if (!m.capacity) return m;
    const by = all.find((f) => f.model === m.model && LIMITING.includes(f.id))?.id;
    return by ? { ...m, capacity: { ...m.capacity, limitedBy: by } } : m;
  });
  return { ...d, findings, models };
}
