// The GPUs section (docs/gpus.md): shown only when DCGM exporter series are present. It states the
// join it used and how many engine instances it matched, the label form, the GPUs by model, the
// GPUs no engine holds and what they cost, missing prices (with inputs), then the DCGM charts.
import { useMemo } from 'react';
import type { PanelSpec } from '../../catalog/types';
import { gpuInstancePanel } from '../../catalog/gpus/columns';
import { gpuPanels } from '../../catalog/gpus/panels';
import { useDashboard } from '../data/context';
import { useLang, useT } from '../../i18n';
import { formatValue } from '../../lib/units';
import { Panel } from '../panel/panel';
import { Section } from '../panel/section';
import { useGpus, type GpuSource } from './use-gpu-source';

function JoinStatement({ gpus }: { gpus: GpuSource }) {
  const t = useT();
  const j = gpus.join;
  if (!j) return null;
  const byIp = j.matched - j.byPod - j.byNode;
  const by = j.matched === 0 ? 'none' : j.byPod === j.matched ? 'pod' : byIp === j.matched ? 'ip' : j.byNode === j.matched ? 'node' : 'mixed';
  const how = by === 'pod' ? t.gpuJoinByPod : by === 'ip' ? t.gpuJoinByIp : by === 'node' ? t.gpuJoinByNode : t.gpuJoinMixed(j.byPod, byIp, j.byNode);
  return (
    <p data-gpu-join={by} data-matched={j.matched} data-instances={j.instances} className={j.matched === 0 ? 'iw-error' : undefined}>
      {j.matched === 0 ? t.gpuJoinNone(j.instances) : t.gpuJoin(j.matched, j.instances, how)}
    </p>
  );
}

function idleCost(gpus: GpuSource): number | null {
  let usd = 0;
  let priced = false;
  for (const u of gpus.inventory?.unattributed ?? []) {
    const p = gpus.prices.get(u.name);
    if (p === undefined) continue;
    // A GPU out of service is not idle capacity: it is named apart, not priced as idle.
    const faulty = gpus.inventory?.faulty.find((f) => f.name === u.name)?.count ?? 0;
    usd += p * Math.max(0, u.count - faulty);
    priced = true;
  }
  return priced ? usd : null;
}

function Prices({ gpus }: { gpus: GpuSource }) {
  const t = useT();
  const models = gpus.inventory?.models ?? [];
  return (
    <fieldset className="iw-gpu-prices" data-testid="gpu-prices">
      <legend>{t.gpuPricesTitle}</legend>
      {models.map((m) => {
        const fromConfig = gpus.typed[m.name] === undefined && gpus.prices.has(m.name);
        return (
          <label key={m.name} className="mr-4">
            <span className="iw-muted">{m.name} </span>
            <input
              type="number"
              min={0}
              step={0.01}
              aria-label={t.gpuPriceLabel(m.name)}
              className="iw-input w-20"
              value={gpus.typed[m.name] ?? (gpus.prices.get(m.name) ?? '')}
              onChange={(e) => {
                const v = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
                gpus.setTyped(m.name, v !== null && Number.isFinite(v) && v >= 0 ? v : null);
              }}
            />
            {fromConfig && <span className="iw-muted"> {t.gpuPriceFromConfig}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The section's panels in the page's language: the GPUs by instance table (null without a join) and the charts. */
export function useGpuPanels(gpus: GpuSource): { table: PanelSpec | null; panels: PanelSpec[] } {
  const t = useT();
  const { catalog } = useDashboard();
  const openCost = gpus.join?.openCost ?? false;
  const panels = useMemo(() => gpuPanels((id) => t.gpuPanels[id], openCost, t.gpuIdleRow), [t, openCost]);
  const matched = (gpus.join?.matched ?? 0) > 0;
  const table = useMemo(
    () => (matched && catalog.roles ? gpuInstancePanel(catalog.roles, catalog.filterLabels.model, gpus.priceExpr, t.gpuInstancesPanel) : null),
    [matched, catalog, gpus.priceExpr, t],
  );
  return { table, panels };
}

export function GpuSection() {
  const gpus = useGpus();
  const t = useT();
  const lang = useLang();
  const openCost = gpus.join?.openCost ?? false;
  const { table, panels } = useGpuPanels(gpus);
  const { state, setState } = useDashboard();
  if (gpus.status !== 'present' || !gpus.inventory) return null;
  const inv = gpus.inventory;
  const free = inv.unattributed.reduce((n, u) => n + u.count, 0);
  const faulty = inv.faulty.reduce((n, u) => n + u.count, 0);
  const idle = idleCost(gpus);
  const collapsed = state.collapsed.includes('gpus');
  const toggle = () => setState({ collapsed: collapsed ? state.collapsed.filter((c) => c !== 'gpus') : [...state.collapsed, 'gpus'] });
  return (
    <Section
      id="gpus"
      title={t.gpuSection}
      collapsed={collapsed}
      onToggle={toggle}
      summary={
        <div data-testid="gpu-summary">
          <JoinStatement gpus={gpus} />
          {gpus.join && <p data-gpu-labels={gpus.join.form}>{gpus.join.form === 'exported' ? t.gpuLabelsExported : gpus.join.form === 'mixed' ? t.gpuLabelsMixed : t.gpuLabelsPod}</p>}
          <p data-gpu-total={inv.total}>{t.gpuInventory(inv.total, inv.models.map((m) => `${m.count} × ${m.name}`).join(', '))}</p>
          {free > 0 && (
            <p data-gpu-unattributed={free} data-idle-usd-per-hour={idle ?? undefined}>
              {t.gpuUnattributed(free)} {idle !== null && t.gpuIdleCost(formatValue(idle, 'usd', { locale: lang }))}
            </p>
          )}
          {faulty > 0 && (
            <p className="iw-error" data-gpu-faulty={faulty}>
              {t.gpuFaultyFree(faulty)}
            </p>
          )}
          {(gpus.join?.sharedGpus ?? 0) > 0 && (
            <p className="iw-error" data-gpu-shared={gpus.join?.sharedGpus}>
              {t.gpuShared(gpus.join?.sharedGpus ?? 0, gpus.join?.sharedHolders ?? 2)}
            </p>
          )}
          {(gpus.join?.idleEngineGpus ?? 0) > 0 && <p data-idle-engine-gpus={gpus.join?.idleEngineGpus}>{t.gpuIdleEngines(gpus.join?.idleEngineGpus ?? 0)}</p>}
          {gpus.missingPrices.length > 0 && <p data-gpu-missing-prices={gpus.missingPrices.length}>{t.gpuPricesMissing(gpus.missingPrices.join(', '))}</p>}
          <Prices gpus={gpus} />
          {openCost && <p>{t.gpuOpenCost}</p>}
          <p className="iw-muted">{t.gpuMfuNote}</p>
        </div>
      }
    >
      {table && <Panel panel={table} />}
      {panels.map((p) => (
        <Panel key={p.id} panel={p} />
      ))}
    </Section>
  );
}

/** For the MFU area when no exporter is found: where to get one. */
export function GpuAbsentNote() {
  const gpus = useGpus();
  const t = useT();
  return gpus.status === 'absent' ? <span className="iw-muted" data-testid="gpu-absent">{t.gpuAbsent}</span> : null;
}
