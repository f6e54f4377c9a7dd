// HTML escaping for the few places that must build HTML strings (ECharts tooltips render HTML).

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for use in HTML element content and quoted attribute values. Label values come
 * from whoever runs the scrape targets, so they are hostile until escaped.
 *
 * @example
 * escapeHtml('<img src=x onerror=alert(1)>') // '&lt;img src=x onerror=alert(1)&gt;'
 * escapeHtml(`a"b'c&d`)                      // 'a&quot;b&#39;c&amp;d'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
