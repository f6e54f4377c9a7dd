import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('turns markup into inert text', () => {
    const out = escapeHtml('<img src=x onerror=alert(1)>');
    expect(out).toBe('&lt;img src=x onerror=alert(1)&gt;');
    const div = { innerHTML: out };
    expect(div.innerHTML).not.toMatch(/<img/);
  });

  it('escapes already-escaped text again (no double-decoding shortcut)', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves plain, RTL and non-Latin text alone', () => {
    expect(escapeHtml('llama-3 \u202Eevil\u202C 模型')).toBe('llama-3 \u202Eevil\u202C 模型');
  });
});
