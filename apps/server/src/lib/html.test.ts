import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.js';

describe('HTML sanitising on save (architecture §8: CMS and popup HTML are XSS vectors)', () => {
  it.each([
    ['a script element', '<p>Hi</p><script>alert(1)</script>', /<script/i],
    ['an event handler', '<img src="x.png" onerror="alert(1)">', /onerror/i],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', /javascript:/i],
    ['an entity-encoded javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>', /ascript:/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['an SVG with a handler', '<svg onload="alert(1)"><circle r="1"/></svg>', /<svg|onload/i],
    [
      'a form that could phish for passwords',
      '<form action="https://evil"><input name="password"></form>',
      /<form|<input/i,
    ],
    ['inline styles that could cover the page', '<div style="position:fixed;inset:0">x</div>', /style=/i],
    ['a style element', '<style>body{display:none}</style><p>x</p>', /<style/i],
    ['a textarea mutation trick', '<textarea></textarea/><img src=x onerror=alert(1)>', /onerror|<textarea/i],
    ['an object element', '<object data="evil.swf"></object>', /<object/i],
    ['data attributes', '<p data-x="1">x</p>', /data-x/i],
  ])('removes %s', async (_, html, forbidden) => {
    expect(await sanitizeHtml(html)).not.toMatch(forbidden);
  });

  it('keeps ordinary formatting: headings, paragraphs, emphasis, lists, images and tables', async () => {
    const html =
      '<h2>News</h2><p>Our <strong>new</strong> <em>offer</em></p><ul><li>one</li></ul>' +
      '<img src="https://cdn.example.com/a.png" alt="A"><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it('opens links in a new tab that cannot reach back into the client area', async () => {
    expect(await sanitizeHtml('<a href="https://example.com/terms">terms</a>')).toBe(
      '<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">terms</a>',
    );
  });

  it('turns text that is not HTML into safe text', async () => {
    expect(await sanitizeHtml('  1 < 2 & 3 > 2  ')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});
