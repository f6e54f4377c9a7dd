// Text from data (alert names, labels) drawn by ECharts on the canvas. A string `formatter` is a
// template: `{a}`, `{b}`, `{c}` and `{@dim}` are replaced with the series' values, so an alert named
// `{b}{c}` read as a timestamp. A function's result is taken as the text itself.
export function plainText(text: string): () => string {
  return () => text;
}
