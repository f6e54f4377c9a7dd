// What an exported PNG says about itself, from the page's context: a pure function, tested.
import { ENGINES } from '../../catalog';
import type { EngineId } from '../../catalog/types';
import { chartTokens, composePanelPng, exportPng, seriesStats, trimIncompleteSteps, type ChartSeries, type ChartTheme, type EChartsInstance, type PngContext } from '../../charts';
import { downloadUrl, exportName } from '../../components/download';
import type { Messages } from '../../i18n/en';
import { formatDateTimeZone, formatRange } from '../../lib/time';
import { formatValue, type Unit } from '../../lib/units';

/** Each engine's name as the UI writes it (the registry's label). */
export const ENGINE_NAMES = Object.fromEntries(ENGINES.map((e) => [e.id, e.label])) as Record<EngineId, string>;

export interface PngContextInput {
  title: string;
  engine: EngineId;
  baseUrl: string;
  /** Label → selected values (empty = all). */
  filters: Record<string, string[]>;
  rateInterval: string;
  startMs: number;
  endMs: number;
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  colors: ReadonlyMap<string, string>;
  unit: Unit;
  theme: ChartTheme;
  locale: string;
  nowMs: number;
  t: Pick<Messages, 'png'>;
}

/**
 * @example
 * pngContext({ title: 'TTFT', engine: 'vllm', baseUrl: 'http://prom:9090', filters: { model_name: ['llama'] }, … })
 * // { title: 'TTFT', lines: ['2026-12-01 02:00:00 → 03:00:00 UTC', 'vLLM · http://prom:9090 · rate window 1m',
 * //   'model_name = llama'], legend: [{ name: 'llama p95', color: '#2563eb', last: '0.2 s', hidden: false }], … }
 */
export function pngContext(input: PngContextInput): PngContext {
  const { t, locale } = input;
  const chosen = Object.entries(input.filters).filter(([, values]) => values.length > 0);
  const filterLine = chosen.length === 0 ? t.png.noFilters : chosen.map(([label, values]) => `${label} = ${values.join(', ')}`).join(' · ');
  const legend = trimIncompleteSteps(input.series).map((s) => {
    const last = seriesStats(s.points).last;
    return { name: s.name, color: input.colors.get(s.id) ?? '#888888', last: last === null ? '' : formatValue(last, input.unit, { locale }), hidden: input.hidden.has(s.id) };
  });
  return {
    title: input.title,
    lines: [
      formatRange(input.startMs, input.endMs, locale, { seconds: true }),
      `${ENGINE_NAMES[input.engine]} · ${input.baseUrl} · ${t.png.rateWindow(input.rateInterval)}`,
      filterLine,
    ],
    legend,
    footer: t.png.footer(formatDateTimeZone(input.nowMs, locale)),
    more: t.png.more,
    theme: input.theme,
  };
}

/**
 * Downloads the panel as a PNG that says what it is. Should composing fail (no 2D canvas), the
 * chart's own image is saved instead: a picture without captions beats no picture.
 */
export async function exportPanelPng(instance: EChartsInstance, panelId: string, input: PngContextInput): Promise<void> {
  const name = exportName(panelId, 'png', input.nowMs);
  try {
    downloadUrl(name, await composePanelPng(instance, pngContext(input)));
  } catch {
    downloadUrl(name, exportPng(instance, chartTokens(input.theme).background));
  }
}
