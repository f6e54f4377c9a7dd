// Strings of the fleet-view fixes: the A/B summary (range quantiles, the size floor, label
// suggestions), the heatmap colour scale. Spread into en.ts and zh-CN.ts with one line each.

export const en = {
  fleetViews: {
    abCaption: (label: string) =>
      `B against A by ${label}, largest relative difference first. Quantiles (p50, p95, p99) over the whole range, as the Models table computes them; other rows: the mean of the panel's line over the range.`,
    abOverRange: 'Over the range: the quantile of all requests in the range (the Models table’s figure), not the mean of the line.',
    abOverMean: 'The mean of the panel’s line over the range.',
    abSmall: (floor: string) => `The difference is under ${floor}: listed after the larger differences whatever its ratio.`,
    abSuggestions: (n: number) => `${n} values seen in the range; type to pick, comma-separated.`,
    heatmapScale: 'Requests/s per bucket',
    columnsShown: (n: number, total: number) => `${n} of ${total} columns fit this width; the board shows all.`,
  },
};
