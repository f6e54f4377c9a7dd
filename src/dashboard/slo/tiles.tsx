// The SLO tiles of the stat row: attainment per SLO over the selected range (`ttft-slo`,
// `itl-slo`, `e2e-slo`), goodput bounds (`slo-goodput`) and the worst burn rate over 1 h and
// 6 h (`slo-burn-1h`, `slo-burn-6h`). DOM contract (docs/url-contract.md): data-stat-id, data-state,
// data-value in base units, and data-value-low/-high when the value is only known to lie in an interval.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { expandExpr } from '../../catalog';
import { formatDuration } from '../../lib/time';
import { formatValue } from '../../lib/units';
import { burnColor, burnOf, goodputBounds, SLO_PER_TOKEN, type Attainment, type SloKind } from '../../lib/slo';
import { instantQueryOptions } from '../../prometheus';
import { useLang, useT, type Lang, type Messages } from '../../i18n';
import { useDashboard } from '../data/context';
import type { PanelState, View } from '../data/view-state';
import { viewReasonText } from '../data/view-text';
import { useSloSetup, useSloWindow, type SloSetup, type SloWindowResults } from './data';
import type { EffectiveSlo } from './queries';

const COLORS = { green: 'var(--iw-green)', amber: 'var(--iw-amber)', red: 'var(--iw-red)', none: 'var(--iw-accent)' } as const;
type Color = keyof typeof COLORS;
const KIND_LABEL: Record<SloKind, string> = { ttft: 'TTFT', itl: 'ITL', e2e: 'E2E' };

interface TileProps {
  id: string;
  title: string;
  state: PanelState;
  value?: number;
  low?: number;
  high?: number;
  color?: Color;
  text: string;
  /** The explanation (bucket bounds, assumptions): shown under the value and as the tooltip. */
  note?: string;
  /** Shown next to the value: the window was not full of data ("from 3 min of data"). */
  partial?: string;
  /** Seconds of data the window had, when short of the window. */
  spanSec?: number;
  /** The value is the last one received, the backend not answering since. */
  stale?: boolean;
}

function Tile({ id, title, state, value, low, high, color = 'none', text, note, partial, spanSec, stale }: TileProps) {
  const interval = low !== undefined && high !== undefined && low !== high;
  return (
    <div role="listitem">
      <div
        className="iw-stat"
        data-stat-id={id}
        data-state={state}
        data-stale={stale || undefined}
        data-color={color}
        data-value={state === 'ok' && value !== undefined ? String(value) : undefined}
        data-value-low={state === 'ok' && interval ? String(low) : undefined}
        data-value-high={state === 'ok' && interval ? String(high) : undefined}
        data-partial={partial ? 'true' : undefined}
        data-span-sec={partial && spanSec !== undefined ? String(Math.round(spanSec)) : undefined}
        role="group"
        aria-label={title}
        title={note}
      >
        <div className="iw-stat-title">{title}</div>
        <div className="iw-stat-value" style={{ color: COLORS[color] }}>
          {text}
        </div>
        {partial && (
          <div className="iw-stat-partial text-xs" data-testid="stat-partial">
            {partial}
          </div>
        )}
        {note && <p className="iw-stat-note">{note}</p>}
      </div>
    </div>
  );
}

const pct = (v: number, locale: string) => formatValue(v, 'ratio', { locale, digits: 4 });
const sec = (v: number, locale: string) => formatValue(v, 'seconds', { locale });

type Described = { state: PanelState; note?: string; a?: Extract<Attainment, { kind: 'value' }> };

/**
 * Text, state and explanation of one attainment, shared by the attainment and burn tiles: what the
 * setup settles without a query (no histogram, no bounds), else the window's view of it.
 */
function describe(setup: SloSetup, view: View<SloWindowResults>, t: Messages, locale: string, lang: Lang): Described {
  if (setup.status === 'unavailable') return { state: 'unavailable', note: t.slo.unavailable(`${setup.kind}_bucket`) };
  if (setup.status === 'no-series') return { state: 'empty' };
  if (setup.status === 'no-bounds') return { state: 'unavailable', note: t.slo.noBounds };
  const r = view.value?.[setup.kind];
  if (!r) return view.state === 'error' ? { state: 'error', note: viewReasonText(view.reason, lang) ?? undefined } : { state: 'loading' };
  if (r.error) return { state: 'error', note: r.error };
  const a = r.attainment;
  if (!a) return { state: 'loading' };
  switch (a.kind) {
    case 'no-traffic':
      return { state: 'empty' };
    case 'no-total':
      return { state: 'unavailable', note: t.slo.noTotal };
    case 'no-buckets':
      return { state: 'unavailable', note: t.slo.noBounds };
    case 'value': {
      const note = a.exact
        ? t.slo.exact(sec(setup.threshold, locale))
        : a.upperBound === null
          ? t.slo.above(sec(a.lowerBound ?? 0, locale), pct(a.low, locale))
          : t.slo.between(sec(a.lowerBound ?? 0, locale), sec(a.upperBound, locale), pct(a.low, locale), pct(a.high, locale));
      return { state: 'ok', note, a };
    }
  }
}

function AttainmentTile({ setup, objective }: { setup: SloSetup; objective: number }) {
  const t = useT();
  const lang = useLang();
  const { locale } = useDashboard();
  const mine = useMemo(() => [setup], [setup]);
  const view = useSloWindow(mine, 'range');
  const d = describe(setup, view, t, locale, lang);
  const unitNote = SLO_PER_TOKEN[setup.kind] ? t.slo.ofTokens : t.slo.ofRequests;
  const title = t.slo.tileTitle(KIND_LABEL[setup.kind], sec(setup.threshold, locale));
  const text = stateText(d.state, t) ?? (d.a ? (d.a.exact ? pct(d.a.value, locale) : `≈ ${pct(d.a.value, locale)}`) : '');
  // Green while the objective is met; red when the range burns at paging speed; amber between.
  const color: Color = !d.a ? 'none' : d.a.value >= objective ? 'green' : burnColor(burnOf(d.a, objective)?.value ?? null) === 'red' ? 'red' : 'amber';
  return (
    <Tile
      id={`${setup.kind}-slo`}
      title={title}
      state={d.state}
      value={d.a?.value}
      low={d.a?.low}
      high={d.a?.high}
      color={color}
      text={text}
      note={[d.note, `${unitNote}, ${t.slo.overRange}.`].filter(Boolean).join(' ')}
      stale={view.stale}
    />
  );
}

function stateText(state: PanelState, t: Messages): string | null {
  return state === 'loading' ? '…' : state === 'empty' ? t.stat.noData : state === 'unavailable' ? '–' : state === 'error' ? '!' : null;
}

/**
 * Goodput against the objective: green when even its lower bound meets it, red when even the upper
 * bound misses it, amber when the interval straddles it (which requests missed is unknown).
 */
export function goodputColor(g: { low: number; high: number } | null, objective: number): Color {
  if (!g) return 'none';
  return g.low >= objective ? 'green' : g.high < objective ? 'red' : 'amber';
}

function GoodputTile({ setups, objective }: { setups: SloSetup[]; objective: number }) {
  const t = useT();
  const lang = useLang();
  const { locale } = useDashboard();
  const requestLevel = useMemo(() => setups.filter((s) => !SLO_PER_TOKEN[s.kind]), [setups]);
  const view = useSloWindow(requestLevel, 'range');
  let state: PanelState = 'ok';
  let text = '';
  let g: ReturnType<typeof goodputBounds> = null;
  if (requestLevel.length === 0) {
    state = 'unavailable';
    text = '–';
  } else {
    const ds = requestLevel.map((s) => describe(s, view, t, locale, lang));
    const worst = (['error', 'unavailable', 'loading', 'empty'] as const).find((st) => ds.some((d) => d.state === st));
    if (worst) {
      state = worst;
      text = stateText(worst, t) ?? '';
    } else {
      const as = ds.flatMap((d) => (d.a ? [d.a] : []));
      // Requests/s: E2E counts finished requests; TTFT those that got a first token.
      const e2e = as.find((_, i) => requestLevel[i]?.kind === 'e2e');
      g = goodputBounds(as, (e2e ?? as[0])?.total ?? null);
      text = g ? `${pct(g.low, locale)} – ${pct(g.high, locale)}` : '–';
    }
  }
  const rate = g && g.lowRate !== null && g.highRate !== null ? t.slo.perSecond(formatValue(g.lowRate, 'reqps', { locale }), formatValue(g.highRate, 'reqps', { locale })) : null;
  return (
    <Tile
      id="slo-goodput"
      title={t.slo.goodput}
      state={state}
      value={g?.low}
      low={g?.low}
      high={g?.high}
      color={state === 'ok' ? goodputColor(g, objective) : 'none'}
      text={String(text)}
      note={requestLevel.length === 0 ? t.slo.goodputNeeds : `${rate ? `${rate}. ` : ''}${t.slo.goodputHint}`}
      stale={view.stale}
    />
  );
}

/** Seconds short of a full window below which the tile says how much data it used. */
const SPAN_SLACK_SEC = 300;

/**
 * How many seconds of data the longest-lived series of the first ready SLO's `_count` has inside
 * `win`: the window's end minus its first sample's timestamp (a subquery of 240 steps; exact where
 * the step is at most the scrape interval, else within a step, and not thrown off by irregular
 * scrapes as a sample count would be); null when unknown. A fresh Prometheus has minutes, not six
 * hours, and a 6 h rate then reads as the last minutes' one.
 */
function useDataSpan(setups: SloSetup[], win: '1h' | '6h'): number | null {
  const { client, baseUrl, window: w, catalog, resolved, filters } = useDashboard();
  const s = setups.find((x) => x.status === 'ready' && x.hasCount);
  let expr: string | null = null;
  if (s && resolved) {
    const id = `${s.kind}_count`;
    const r = expandExpr('span', `time() - min(min_over_time(timestamp({{${id}}})[${win}:${win === '1h' ? 15 : 90}s]))`, catalog, { resolved, filters, rateInterval: win, by: [] });
    if ('expr' in r) expr = r.expr;
  }
  const q = useQuery({ ...instantQueryOptions(client, { baseUrl, expr: expr ?? '', time: w.endSec }), enabled: expr !== null });
  const res = q.data?.result;
  if (!expr || !res || res.resultType !== 'vector') return null;
  const v = Number(res.result[0]?.value[1]);
  return Number.isFinite(v) ? v : null;
}

function BurnTile({ win, setups, objective }: { win: '1h' | '6h'; setups: SloSetup[]; objective: number }) {
  const t = useT();
  const lang = useLang();
  const { locale } = useDashboard();
  const view = useSloWindow(setups, win);
  const span = useDataSpan(setups, win);
  const winSec = win === '1h' ? 3600 : 21_600;
  const short = span !== null && span < winSec - SPAN_SLACK_SEC ? formatDuration(Math.max(60, Math.round(span / 60) * 60) * 1000) : null;
  const ds = setups.map((s) => ({ s, d: describe(s, view, t, locale, lang) }));
  const burns = ds.flatMap(({ s, d }) => {
    const b = d.a ? burnOf(d.a, objective) : null;
    return b ? [{ kind: s.kind, ...b }] : [];
  });
  const worst = burns.reduce<(typeof burns)[number] | null>((m, b) => (m === null || b.value > m.value ? b : m), null);
  const pending = (['error', 'loading'] as const).find((st) => ds.some(({ d }) => d.state === st));
  const state: PanelState = worst ? 'ok' : (pending ?? (ds.some(({ d }) => d.state === 'empty') ? 'empty' : 'unavailable'));
  const fmt = (v: number) => `${formatValue(v, 'count', { locale })}×`;
  const perSlo = burns.map((b) => `${KIND_LABEL[b.kind]} ${fmt(b.value)}`).join(' · ');
  return (
    <Tile
      id={`slo-burn-${win}`}
      title={t.slo.burn(win)}
      state={state}
      value={worst?.value}
      low={worst ? Math.max(...burns.map((b) => b.low)) : undefined}
      high={worst ? Math.max(...burns.map((b) => b.high)) : undefined}
      color={burnColor(worst?.value ?? null, win)}
      text={worst ? fmt(worst.value) : (stateText(state, t) ?? '')}
      partial={worst && short ? t.slo.fromData(short) : undefined}
      spanSec={span ?? undefined}
      note={`${perSlo ? `${perSlo}. ` : ''}${short ? `${t.slo.partialHint(win, short)} ` : ''}${t.slo.burnHint(pct(objective, locale))}`}
      stale={view.stale}
    />
  );
}

/** Nothing when no SLO is set; otherwise one tile per SLO, goodput bounds and the two burn windows. */
export function SloTiles({ slo }: { slo: EffectiveSlo }) {
  const setups = useSloSetup(slo);
  if (setups.length === 0) return null;
  return (
    <>
      {setups.map((s) => (
        <AttainmentTile key={s.kind} setup={s} objective={slo.objective} />
      ))}
      <GoodputTile setups={setups} objective={slo.objective} />
      <BurnTile win="1h" setups={setups} objective={slo.objective} />
      <BurnTile win="6h" setups={setups} objective={slo.objective} />
    </>
  );
}
