// The stack's floor (anchor bench, scripts/bench/anchor.ts): the least a page built on this board's
// own libraries does to draw the anchor's graph. React 19 renders one component; TanStack Query
// asks the same `query_range` as the bare page (`?expr=`, the last hour at a 15 s step, same
// origin); ECharts, with the components our chart wrapper registers (src/charts/core/echart.tsx),
// draws one line per series on one instance made in an effect (echarts-for-react's wrapper would
// add a throwaway instance: src/charts/core/echart.tsx). No worker, no router, no styles, no
// discovery, one bundle. Its time against the bare page is what React + TanStack Query + ECharts
// cost before any of our code runs; against our embed, what our code adds on top.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { LineChart, BarChart } from 'echarts/charts';
import { AxisPointerComponent, GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, AxisPointerComponent, MarkLineComponent, CanvasRenderer]);

interface Matrix {
  data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> };
}

const expr = new URLSearchParams(location.search).get('expr') ?? 'up';
const end = Math.floor(Date.now() / 1000);

async function rangeQuery(): Promise<Matrix> {
  const body = new URLSearchParams({ query: expr, start: String(end - 3600), end: String(end), step: '15' });
  const res = await fetch('/api/v1/query_range', { method: 'POST', body });
  if (!res.ok) throw new Error(`query_range answered ${res.status}`);
  return (await res.json()) as Matrix;
}

function Chart({ answer }: { answer: Matrix }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const series = answer.data.result.map((s) => ({
      type: 'line' as const,
      name: Object.values(s.metric).join(' '),
      showSymbol: false,
      data: s.values.map(([t, v]) => [t * 1000, Number(v)]),
    }));
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption({ animation: false, grid: { left: 50, right: 10, top: 10, bottom: 24 }, tooltip: { trigger: 'axis' }, xAxis: { type: 'time', min: (end - 3600) * 1000, max: end * 1000 }, yAxis: { type: 'value' }, series });
    return () => chart.dispose();
  }, [answer]);
  return <div ref={box} style={{ height: 300, width: 600 }} />;
}

function Graph() {
  const { data } = useQuery({ queryKey: ['range', expr, end], queryFn: rangeQuery });
  return data ? <Chart answer={data} /> : <p>loading</p>;
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <div data-panel-id="stack">
      <Graph />
    </div>
  </QueryClientProvider>,
);
