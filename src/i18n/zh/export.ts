// The Chinese half of export.ts (the header's Export menu): the same keys as its `en` (the type says so).
import type { en } from '../export';

export const zh: typeof en = {
  exportBoard: {
    button: '导出',
    label: '导出看板',
    grafana: 'Grafana 看板（JSON）',
    perses: 'Perses 看板（JSON）',
    persesCr: 'PersesDashboard 资源（YAML）',
    checking: '正在逐条向后端检查查询…',
    done: (file: string, panels: number, left: number) => `${file}：${panels} 个面板${left > 0 ? `，${left} 项未导出（列在文件顶部）` : ''}`,
    failed: (why: string) => `无法导出：${why}`,
  },
};
