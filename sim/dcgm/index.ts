// Starts the simulated DCGM exporters (one listener per node, consecutive ports from `port`) and
// the simulated kube-state-metrics (the next port), all following `fleet`.
import { createServer, type Server } from 'node:http';
import type { Fleet } from '../fleet.ts';
import { DcgmSim } from './exporter.ts';
import { type GpuLayout, gpuLayout } from './layout.ts';
import { renderKsmText } from './ksm.ts';

export { DcgmSim, UNSUPPORTED } from './exporter.ts';
export { gpuLayout, gpusOf, podOf, type GpuLayout, type SimGpu, type SimNode, type SimPod, EXPORTER_NAMESPACE, ENGINE_GPU_MODEL, IDLE_GPU_MODEL } from './layout.ts';
export { renderKsmStored } from './ksm.ts';

export interface GpuSimHandle {
  layout: GpuLayout;
  dcgm: DcgmSim;
  /** `host:port` of each node's exporter, in node order. */
  exporterTargets: string[];
  ksmTarget: string;
  close(): Promise<void>;
}

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** `dcgm` may be one that a backfill already advanced (its energy counters continue). */
export async function startGpuSim(fleet: Fleet, port: number, dcgm: DcgmSim = new DcgmSim(gpuLayout(fleet))): Promise<GpuSimHandle> {
  const layout = dcgm.layout;
  const servers: Server[] = [];
  const serve = async (p: number, body: () => string): Promise<string> => {
    const s = createServer((req, res) => {
      if ((req.url ?? '/').split('?')[0] !== '/metrics') {
        res.writeHead(404);
        res.end('not found\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': CONTENT_TYPE });
      res.end(body());
    });
    servers.push(s);
    await listen(s, p, fleet.host);
    return `${fleet.host}:${p}`;
  };
  const close = async (): Promise<void> => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((r) => {
            s.closeAllConnections();
            s.close(() => r());
          }),
      ),
    );
  };
  try {
    const exporterTargets: string[] = [];
    for (const n of layout.nodes) {
      exporterTargets.push(
        await serve(port + n.index, () => {
          const now = Date.now();
          fleet.instances.forEach((i) => i.advanceTo(now));
          dcgm.advanceTo(now);
          return dcgm.renderText(n.index);
        }),
      );
    }
    const ksmTarget = await serve(port + layout.nodes.length, () => renderKsmText(layout));
    return { layout, dcgm, exporterTargets, ksmTarget, close };
  } catch (err) {
    await close();
    throw err;
  }
}
