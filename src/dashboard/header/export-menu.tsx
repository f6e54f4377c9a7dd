// The header's Export menu: the board as a Grafana or Perses dashboard file, with the names this
// backend has and every query checked against it first. The export module (src/export) is a lazy
// chunk, loaded on the first choice; the CLI (`npm run export`) runs the same module.
import { useContext, useState } from 'react';
import { Menu } from '../../components/menu';
import { downloadText } from '../../components/download';
import { useLang, useT } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { DashboardContext, rangeSeconds } from '../data/context';

type Format = 'grafana' | 'perses' | 'perses-cr';

export function ExportMenu({ names }: { names: ReadonlySet<string> | null }) {
  const t = useT();
  const lang = useLang();
  const ctx = useContext(DashboardContext);
  const [status, setStatus] = useState<{ busy: boolean; ok: boolean; text: string } | null>(null);
  if (!ctx) return null;
  const run = async (format: Format) => {
    setStatus({ busy: true, ok: true, text: t.exportBoard.checking });
    try {
      const { exportDashboard, ExportInputError } = await import('../../export');
      try {
        const r = await exportDashboard({
          client: ctx.client,
          engine: ctx.catalog.engine,
          format,
          names,
          recordedNames: ctx.metricNames ?? null,
          rateInterval: ctx.rateInterval,
          rangeSec: rangeSeconds(ctx.window),
          filters: ctx.filters,
          gpuPeakFlops: ctx.gpuPeakFlops,
          slo: ctx.slo ?? null,
        });
        downloadText(r.fileName, r.text, r.mime);
        setStatus({ busy: false, ok: true, text: t.exportBoard.done(r.fileName, r.plan.sections.reduce((n, s) => n + s.items.length, 0), r.plan.dropped.length) });
      } catch (e) {
        setStatus({ busy: false, ok: false, text: t.exportBoard.failed(e instanceof ExportInputError ? e.message : errorText(e, lang)) });
      }
    } catch (e) {
      // The chunk itself did not load (a partial deploy).
      setStatus({ busy: false, ok: false, text: t.exportBoard.failed(errorText(e, lang)) });
    }
  };
  const busy = status?.busy ?? false;
  return (
    <div className="flex items-center gap-1 iw-no-print">
      <Menu
        label={t.exportBoard.label}
        icon={<span className="text-xs">{t.exportBoard.button}</span>}
        items={[
          { label: t.exportBoard.grafana, onSelect: () => void run('grafana'), disabled: busy },
          { label: t.exportBoard.perses, onSelect: () => void run('perses'), disabled: busy },
          { label: t.exportBoard.persesCr, onSelect: () => void run('perses-cr'), disabled: busy },
        ]}
      />
      {status && (
        <span role="status" data-testid="export-result" className={`text-xs ${status.ok ? 'iw-muted' : 'iw-error'}`}>
          {status.text}
        </span>
      )}
    </div>
  );
}
