// The heatmap's ECharts modules, registered only when this chunk loads (a heatmap panel came into
// view): the main ECharts chunk and the initial bundle do not carry them. It reuses the one
// wrapper (echart.tsx), whose chunk it shares.
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapContinuousComponent } from 'echarts/components';

echarts.use([HeatmapChart, VisualMapContinuousComponent]);

export { EChart as HeatmapEChart } from '../core/echart';
