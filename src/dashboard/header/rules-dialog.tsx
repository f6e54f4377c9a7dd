// The "Rules" button and dialog: downloads the rules pack (src/rules) for the current backend,
// engine and SLO settings. The generator is pure, so it runs here in the browser, on the metric
// names the board already read and, for SLO thresholds, the `le` bounds the backend stores.
import { useEffect, useRef, useState } from 'react';
import type { EngineId } from '../../catalog/types';
import { downloadText } from '../../components/download';
import { useLang, useT } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import type { PrometheusClient } from '../../prometheus';
import { generateRules, leSeriesNames, rulesFileName, RulesInputError, sloMetrics, type SloMetric, type SloSettings } from '../../rules';

type Field = 'ttft' | 'itl' | 'e2e' | 'objective';
const FIELDS: Field[] = ['ttft', 'itl', 'e2e', 'objective'];
const LABEL: Record<Exclude<Field, 'objective'>, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' };

/** Empty fields are unset; anything else must be a number (the generator checks the rest). */
function parseSlo(values: Record<Field, string>): SloSettings | string {
  const slo: SloSettings = {};
  for (const f of FIELDS) {
    const v = values[f].trim();
    if (v === '') continue;
    const n = Number(v);
    if (!Number.isFinite(n)) return `${f === 'objective' ? f : LABEL[f]}: "${v}"`;
    slo[f] = n;
  }
  return slo;
}

/**
 * The runbook base as typed: empty (the pack's relative `docs/alerts.md`, which only a Git host
 * resolves), an absolute http(s) URL, or null for anything else. The board does not serve the
 * docs, so there is no URL of its own to default to.
 */
export function parseRunbookBase(v: string): string | undefined | null {
  const s = v.trim();
  if (s === '') return undefined;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.hash ? s : null;
  } catch {
    return null;
  }
}

/** The board's SLO settings (URL `slo_*`, then config.json) as the dialog's starting values. */
export function sloFieldValues(slo: BoardSlo | undefined): Record<Field, string> {
  const th = slo?.thresholds;
  const str = (v: number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
  const any = !!th && (th.ttft !== null || th.itl !== null || th.e2e !== null);
  return { ttft: str(th?.ttft), itl: str(th?.itl), e2e: str(th?.e2e), objective: any ? str(slo?.objective) : '' };
}

/** Thresholds in seconds (null: no SLO) and the objective, as the board applies them. */
export interface BoardSlo {
  thresholds: { ttft: number | null; itl: number | null; e2e: number | null };
  objective: number;
}

function RulesDialog({ client, engine, names, slo, onClose }: { client: PrometheusClient; engine: EngineId; names: ReadonlySet<string> | null; slo?: BoardSlo; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<Field, string>>(() => sloFieldValues(slo));
  const [runbook, setRunbook] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; notes: string[]; nearest?: { metric: SloMetric; bounds: number[] } } | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const download = async () => {
    const slo = parseSlo(values);
    if (typeof slo === 'string') {
      setResult({ ok: false, text: t.rules.invalid(slo), notes: [] });
      return;
    }
    const runbookBase = parseRunbookBase(runbook);
    if (runbookBase === null) {
      setResult({ ok: false, text: t.rules.invalid(t.rules.runbookInvalid(runbook.trim())), notes: [] });
      return;
    }
    setBusy(true);
    try {
      const metricNames = names ? [...names] : undefined;
      const leValues: Partial<Record<SloMetric, string[]>> = {};
      if (metricNames) {
        for (const [m, name] of Object.entries(leSeriesNames(engine, metricNames, sloMetrics(slo))) as [SloMetric, string][]) {
          leValues[m] = await client.labelValues('le', { match: [`{__name__="${name}"}`] });
        }
      }
      // Router rules for the routers the backend holds (none found: none written).
      const r = generateRules({ engine, slo, metricNames, leValues, runbookBase, routers: metricNames !== undefined });
      downloadText(rulesFileName(engine), r.yaml, 'application/yaml');
      setResult({ ok: true, text: t.rules.summary(r.groups.length, r.groups.reduce((n, g) => n + g.rules.length, 0)), notes: r.notes });
    } catch (e) {
      setResult({ ok: false, text: t.rules.invalid(e instanceof RulesInputError ? e.message : errorText(e, lang)), notes: [], nearest: e instanceof RulesInputError ? e.nearest : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="iw-dialog" aria-label={t.rules.title} onClose={onClose}>
      <div className="flex items-center justify-between gap-4 mb-3">
        <h2 className="text-base font-semibold">{t.rules.title}</h2>
        <button type="button" className="iw-button" onClick={() => ref.current?.close()}>
          {t.rules.close}
        </button>
      </div>
      <p className="text-sm iw-muted mb-3">{t.rules.hint}</p>
      <fieldset className="mb-3">
        <legend className="text-sm mb-1">{t.rules.slo}</legend>
        <div className="flex flex-wrap gap-3">
          {FIELDS.map((f) => (
            <label key={f} className="iw-control">
              <span className="iw-control-label">{f === 'objective' ? t.rules.objective : LABEL[f]}</span>
              <input
                className="iw-input w-20"
                inputMode="decimal"
                placeholder={f === 'objective' ? '0.99' : ''}
                value={values[f]}
                onChange={(e) => {
                  setValues({ ...values, [f]: e.target.value });
                  // An error about the old values is not about the ones being typed.
                  if (result && !result.ok) setResult(null);
                }}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <label className="iw-control mb-1">
        <span className="iw-control-label">{t.rules.runbookBase}</span>
        <input
          className="iw-input w-80"
          type="url"
          inputMode="url"
          placeholder="https://example.com/docs/alerts.md"
          value={runbook}
          onChange={(e) => {
            setRunbook(e.target.value);
            if (result && !result.ok) setResult(null);
          }}
        />
      </label>
      <p className="text-xs iw-muted mb-3">{t.rules.runbookHint}</p>
      <div className="flex items-center gap-3">
        <button type="button" className="iw-button" disabled={busy} onClick={() => void download()}>
          {t.rules.download} {rulesFileName(engine)}
        </button>
        {busy && <span className="text-xs iw-muted">{t.rules.preparing}</span>}
      </div>
      {result && (
        <div role="status" className={`text-sm mt-3 ${result.ok ? '' : 'iw-error'}`} data-testid="rules-result">
          <p>{result.text}</p>
          {result.nearest && (
            <p className="flex flex-wrap gap-2 mt-1">
              {result.nearest.bounds.map((b) => (
                <button
                  key={b}
                  type="button"
                  className="iw-button"
                  onClick={() => {
                    setValues({ ...values, [result.nearest!.metric]: String(b) });
                    setResult(null);
                  }}
                >
                  {t.rules.useBound(LABEL[result.nearest!.metric], String(b))}
                </button>
              ))}
            </p>
          )}
          {result.notes.map((n) => (
            <p key={n} className="text-xs iw-muted">
              {n}
            </p>
          ))}
        </div>
      )}
    </dialog>
  );
}

export function RulesButton(props: { client: PrometheusClient | null; engine: EngineId; names: ReadonlySet<string> | null; slo?: BoardSlo }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { client } = props;
  if (!client) return null;
  return (
    <>
      <button type="button" className="iw-button" onClick={() => setOpen(true)}>
        {t.rules.button}
      </button>
      {open && <RulesDialog client={client} engine={props.engine} names={props.names} slo={props.slo} onClose={() => setOpen(false)} />}
    </>
  );
}
