// The serving-stack layers of the fleet dataset: a router in front of the fleet's vLLM instances
// and the GPUs under every instance, as TSDB blocks of their own beside the fleet's blocks (the
// same hours, the same 15 s scrape). A Prometheus given the fleet's blocks plus one layer's blocks
// holds the fleet with that layer added (Prometheus ≥ 2.39 reads overlapping blocks); one given
// the fleet's alone is the same fleet without it, so a figure measured on both is the layer's cost.
//
// Made like the fleet itself: the prototypes are simulated again (same parameters, same seed: the
// same load), with a production-stack router over them (passive: it reports the stream the fleet
// already has, it does not change it) and the simulated DCGM exporter and kube-state-metrics
// (sim/dcgm/). Every line that names a prototype (its URL, pod, pod IP or GPU UUID) is written once
// per clone with the clone's own values; counters and histograms scaled by the clone's factor,
// as the fleet scales the engine's. Lines that name no prototype (idle GPUs, the exporters' pods,
// per-model router counters) are written once.
//
// What it is not: the clones' GPUs stay on their prototype's node (a node of the fleet holds many
// more than 8 GPUs), and the engines carry no pod labels, so the GPU join goes through
// kube_pod_info's pod IP (the clone's instance IP) and the router's joins by instance URL.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { advanceFleet } from '../../sim/index.ts';
import type { Fleet } from '../../sim/fleet.ts';
import { RouterCore } from '../../sim/routers/core.ts';
import { routerFamily } from '../../sim/routers/index.ts';
import { DcgmSim, gpuLayout, renderKsmStored } from '../../sim/dcgm/index.ts';
import { simPodName } from '../../sim/pods.ts';
import { DEFAULT_FLEET, dirSize, fleetClones, fleetHash, prototypeFleet, runPromtool, type FleetDataset, type FleetClone, type FleetParams } from './fleet.ts';

export const LAYERS = ['router', 'gpus'] as const;
export type Layer = (typeof LAYERS)[number];

const LAYERS_VERSION = 1;
const CHUNK_MS = 3_600_000;
export const ROUTER_JOB = 'vllm-router';
export const DCGM_JOB = 'dcgm-exporter';
export const KSM_JOB = 'kube-state-metrics';

export interface LayerMeta {
  series: number;
  samples: number;
  seconds: number;
  blocksBytes: number;
}

export interface FleetLayers {
  dir: string;
  blocksDir: Record<Layer, string>;
  meta: Record<Layer, LayerMeta>;
}

/** A prototype's identity strings (quoted, as they appear in label values) and each clone's. */
export interface Identity {
  tokens: string[];
  clones: Array<{ values: string[]; scale: number }>;
}

const quote = (v: string): string => `"${v}"`;
const cloneIp = (c: FleetClone): string => c.instance.slice(0, c.instance.lastIndexOf(':'));
const clonePod = (c: FleetClone): string => `${c.engine}-fleet-${c.index}`;
const cloneUuid = (c: FleetClone, gpu: number): string => {
  const h = createHash('md5').update(`${c.engine}${c.index}:${gpu}`).digest('hex');
  return `GPU-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

const SCALED = /_(total|bucket|sum|count)\{/;

/**
 * Writes `line` (a stored sample line) once per clone of the first prototype it names, with that
 * clone's identity, or once as is when it names none. Returns the samples written.
 */
export function cloneLine(line: string, ids: readonly Identity[], out: string[], series: Set<string>): number {
  for (const id of ids) {
    if (!line.includes(id.tokens[0] as string)) continue;
    const sp2 = line.lastIndexOf(' ');
    const sp1 = line.lastIndexOf(' ', sp2 - 1);
    const head = line.slice(0, sp1);
    const value = Number(line.slice(sp1 + 1, sp2));
    const ts = line.slice(sp2 + 1);
    const scaled = SCALED.test(head);
    for (const c of id.clones) {
      let h = head;
      id.tokens.forEach((t, k) => (h = h.replaceAll(t, c.values[k] as string)));
      const v = scaled && Number.isFinite(value) ? value * c.scale : value;
      out.push(`${h} ${Number.isNaN(v) ? 'NaN' : v} ${ts}`);
      series.add(h);
    }
    return id.clones.length;
  }
  series.add(line.slice(0, line.lastIndexOf(' ', line.lastIndexOf(' ') - 1)));
  out.push(line);
  return 1;
}

/** Sample lines of a text-format body, stamped with the scrape's labels and time. */
export function stamp(body: string, labels: string, tsSec: string, out: string[]): void {
  for (const l of body.split('\n')) {
    if (l === '' || l.startsWith('#') || l.includes('_created')) continue;
    const brace = l.indexOf('{');
    const sp = l.lastIndexOf(' ');
    if (brace < 0 || brace > sp) out.push(`${l.slice(0, sp)}{${labels}}${l.slice(sp)} ${tsSec}`);
    else out.push(`${l.slice(0, brace + 1)}${labels},${l.slice(brace + 1, sp)}${l.slice(sp)} ${tsSec}`);
  }
}

function identities(fleet: Fleet, params: FleetParams, layer: Layer, dcgm: DcgmSim): Identity[] {
  const v = fleet.instances.filter((i) => i.spec.engine === 'vllm');
  const s = fleet.instances.filter((i) => i.spec.engine === 'sglang');
  const clones = fleetClones(params, v.length, s.length);
  return fleet.instances.map((inst) => {
    const protoIdx = (inst.spec.engine === 'vllm' ? v : s).indexOf(inst);
    const mine = clones.filter((c) => c.engine === inst.spec.engine && c.proto === protoIdx);
    if (layer === 'router') {
      return { tokens: [quote(`http://${fleet.host}:${inst.spec.port}`)], clones: mine.map((c) => ({ values: [quote(`http://${c.instance}`)], scale: c.scale })) };
    }
    const pod = dcgm.layout.pods.find((p) => p.inst === inst);
    const gpus = dcgm.layout.gpus.filter((g) => g.inst === inst);
    return {
      tokens: [quote(simPodName(inst.spec.engine, inst.spec.index)), ...(pod ? [quote(pod.ip)] : []), ...gpus.map((g) => quote(g.uuid))],
      clones: mine.map((c) => ({ values: [quote(clonePod(c)), ...(pod ? [quote(cloneIp(c))] : []), ...gpus.map((_, k) => quote(cloneUuid(c, k)))], scale: c.scale })),
    };
  });
}

async function writeLayers(params: FleetParams, fleetDs: FleetDataset, promtool: string, work: string, log: (l: string) => void): Promise<Record<Layer, LayerMeta>> {
  const t0 = Date.now();
  const stepMs = params.scrapeSec * 1000;
  const fleet = prototypeFleet(params, fleetDs.startMs);
  // Passive: the router counts what the prototypes already serve; their load stays the fleet's.
  const core = new RouterCore(fleet, 'vllm', 'round-robin', params.seed, true);
  const router = routerFamily(core, { kind: 'production-stack' }, fleetDs.startMs / 1000);
  const dcgm = new DcgmSim(gpuLayout(fleet));
  const state = Object.fromEntries(
    LAYERS.map((l) => [l, { ids: identities(fleet, params, l, dcgm), series: new Set<string>(), samples: 0, pending: Promise.resolve() as Promise<void> }]),
  ) as Record<Layer, { ids: Identity[]; series: Set<string>; samples: number; pending: Promise<void> }>;
  let t = fleetDs.startMs;
  while (t <= fleetDs.endMs) {
    const chunkEnd = Math.min(fleetDs.endMs, (Math.floor(t / CHUNK_MS) + 1) * CHUNK_MS - 1);
    const files = Object.fromEntries(LAYERS.map((l) => [l, join(work, `${l}-${t}.om`)])) as Record<Layer, string>;
    const outs = Object.fromEntries(LAYERS.map((l) => [l, createWriteStream(files[l], { highWaterMark: 1 << 22 })])) as Record<Layer, ReturnType<typeof createWriteStream>>;
    for (; t <= chunkEnd; t += stepMs) {
      advanceFleet(fleet, t);
      core.rebalance();
      const ts = (t / 1000).toFixed(3);
      const raw: Record<Layer, string[]> = { router: [], gpus: [] };
      stamp(router.render('/metrics', t / 1000) ?? '', `instance="router.fleet:8080",job="${ROUTER_JOB}"`, ts, raw.router);
      dcgm.renderStored(raw.gpus, ts, (exposed, node) => ({ ...exposed, instance: `${node.ip}:9400`, job: DCGM_JOB }));
      renderKsmStored(dcgm.layout, raw.gpus, ts, { instance: 'kube-state-metrics.fleet:8080', job: KSM_JOB });
      for (const l of LAYERS) {
        const st = state[l];
        const buf: string[] = [];
        for (const line of raw[l]) st.samples += cloneLine(line, st.ids, buf, st.series);
        if (!outs[l].write(`${buf.join('\n')}\n`)) await once(outs[l], 'drain');
      }
    }
    for (const l of LAYERS) {
      outs[l].end('# EOF\n');
      await once(outs[l], 'finish');
      const st = state[l];
      await st.pending;
      st.pending = runPromtool(promtool, files[l], join(work, l)).then(() => rmSync(files[l]));
      st.pending.catch(() => {});
    }
    log(`fleet layers: to ${new Date(chunkEnd).toISOString()} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const meta = {} as Record<Layer, LayerMeta>;
  for (const l of LAYERS) {
    const st = state[l];
    await st.pending;
    meta[l] = { series: st.series.size, samples: st.samples, seconds: (Date.now() - t0) / 1000, blocksBytes: dirSize(join(work, l)) };
    log(`fleet layer ${l}: ${meta[l].series} series, ${meta[l].samples} samples, blocks ${(meta[l].blocksBytes / 2 ** 20).toFixed(0)} MiB`);
  }
  return meta;
}

/** The cached layers of the cached fleet `fleetDs`, generated first if missing. */
export async function ensureLayers(root: string, promtool: string, fleetDs: FleetDataset, params: FleetParams = DEFAULT_FLEET, log: (l: string) => void = () => {}): Promise<FleetLayers> {
  const dir = join(root, `fleet-${fleetHash(params)}-layers-v${LAYERS_VERSION}-${fleetDs.endMs}`);
  const metaFile = join(dir, 'meta.json');
  const blocksDir = { router: join(dir, 'router'), gpus: join(dir, 'gpus') };
  if (existsSync(metaFile)) return { dir, blocksDir, meta: JSON.parse(readFileSync(metaFile, 'utf8')) as Record<Layer, LayerMeta> };
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  for (const layer of LAYERS) mkdirSync(join(work, layer), { recursive: true });
  const meta = await writeLayers(params, fleetDs, promtool, work, log);
  writeFileSync(join(work, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(work, dir);
  return { dir, blocksDir, meta };
}
