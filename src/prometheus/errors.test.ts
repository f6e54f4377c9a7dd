// summarizeBody: what an error page becomes in a message, whatever its size or shape.
import { describe, expect, it } from 'vitest';
import { summarizeBody } from './errors';

describe('summarizeBody', () => {
  it('keeps the title of an HTML page, whatever its case and attributes', () => {
    expect(summarizeBody('<html><head><TITLE lang="en">502 Bad\n Gateway</TITLE></head><body>x</body></html>')).toBe('502 Bad Gateway');
  });

  it('without a title, keeps the text: tags, scripts and styles dropped', () => {
    const html = '<html><style>p{color:red}</style><body><h1>Access</h1><script>var a="<b>";</script><p>denied</p></body></html>';
    expect(summarizeBody(html)).toBe('Access denied');
  });

  it('an unclosed title or tag gives the text before it, not an error', () => {
    expect(summarizeBody('<p>Gateway down</p><title>never closed')).toBe('Gateway down never closed');
    expect(summarizeBody('<p>half<a href="')).toBe('half');
  });

  it('plain text is cut at max characters', () => {
    expect(summarizeBody('a  b\n\nc')).toBe('a b c');
    expect(summarizeBody('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('looks only at the first 64 KB: a title past it is not found', () => {
    const late = `<html><body>${'y'.repeat(70_000)}</body><title>late</title></html>`;
    expect(summarizeBody(late)).not.toContain('late');
    expect(summarizeBody(`<html><title>early</title>${'y'.repeat(2_000_000)}`)).toBe('early');
  });

  it('a crafted title bomb gives a bounded summary', () => {
    const bomb = `<${'<title'.repeat(200_000)}`;
    const out = summarizeBody(bomb);
    expect(out.length).toBeLessThanOrEqual(201);
  });
});
