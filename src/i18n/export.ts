// Interface strings of the header's Export menu (src/dashboard/header/export-menu.tsx). Spread into
// en.ts and zh-CN.ts.
export const en = {
  exportBoard: {
    button: 'Export',
    label: 'Export dashboard',
    grafana: 'Grafana dashboard (JSON)',
    perses: 'Perses dashboard (JSON)',
    persesCr: 'PersesDashboard resource (YAML)',
    checking: 'Checking every query against the backend…',
    done: (file: string, panels: number, left: number) => `${file}: ${panels} panels${left > 0 ? `, ${left} left out (listed at its top)` : ''}`,
    failed: (why: string) => `Cannot export: ${why}`,
  },
};
