import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize.js';
import { wrapTables } from './TextBlocks.js';

describe('content tables scroll in their own box, never the page (account levels at 390 px)', () => {
  it('wraps every table of cleaned content in a focusable horizontally scrolling box', () => {
    const html = wrapTables(
      sanitizeContentHtml(
        '<p>Levels</p><table><tr><td>Basic</td></tr></table><p>and</p><table><tr><td>Gold</td></tr></table>',
      ),
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const boxes = [...doc.querySelectorAll('.ob-table-scroll')];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      expect(box.getAttribute('tabindex')).toBe('0');
      expect(box.children).toHaveLength(1);
      expect(box.firstElementChild?.tagName).toBe('TABLE');
    }
    expect(doc.body.textContent).toBe('LevelsBasicandGold');
  });

  it('leaves content without tables as it is', () => {
    expect(wrapTables('<p>No <strong>table</strong> here</p>')).toBe('<p>No <strong>table</strong> here</p>');
  });
});
