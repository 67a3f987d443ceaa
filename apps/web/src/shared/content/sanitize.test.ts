// DOMPurify needs a complete DOM (happy-dom's lets scripts through), so this file runs in jsdom.
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize.js';

describe('content HTML is cleaned on render (architecture §8)', () => {
  it('drops scripts, handlers and javascript links', () => {
    const html = sanitizeContentHtml(
      '<p onclick="steal()">Hi</p><script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">x</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<p>Hi</p>');
  });

  it('keeps links to this site in the same tab (the router takes them) and opens others in a new one', () => {
    const html = sanitizeContentHtml('<a href="/about">about</a> <a href="https://example.com">out</a>');
    expect(html).toContain('<a href="/about">about</a>');
    expect(html).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
  });
});
