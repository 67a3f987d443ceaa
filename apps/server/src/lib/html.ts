import type { DOMPurify } from 'dompurify';

/**
 * CMS and popup HTML is sanitised when it is saved (architecture §2, §8), with DOMPurify over a
 * jsdom window: scripts, event handlers, `javascript:` links, forms, frames, SVG and inline styles
 * are removed; headings, paragraphs, lists, links, images, tables and emphasis stay.
 */
let purifier: Promise<DOMPurify> | undefined;

async function loadPurifier(): Promise<DOMPurify> {
  // Loaded on first use: jsdom is large and most processes (the CLI, most requests) never need it.
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Links open outside the client area and cannot reach back into it.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify;
}

export async function sanitizeHtml(html: string): Promise<string> {
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify
    .sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: [
        'style',
        'form',
        'input',
        'textarea',
        'select',
        'option',
        'button',
        'iframe',
        'object',
        'embed',
      ],
      FORBID_ATTR: ['style'],
      ALLOW_DATA_ATTR: false,
    })
    .trim();
}
