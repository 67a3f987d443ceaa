import { isInternalUrl } from './links.js';
import { sanitizePopupHtml } from './sanitizePopupHtml.js';

/**
 * Content HTML (html and text components) is cleaned on render as well as on save (architecture §8):
 * the pop-up notices' DOMPurify rules, except that links to this site stay in the same tab, where the
 * router takes them.
 */
export function sanitizeContentHtml(html: string): string {
  const clean = sanitizePopupHtml(html);
  if (!clean.includes('href')) return clean;
  const box = document.createElement('div');
  box.innerHTML = clean;
  for (const link of box.querySelectorAll('a[href]')) {
    if (isInternalUrl(link.getAttribute('href') ?? '')) {
      link.removeAttribute('target');
      link.removeAttribute('rel');
    }
  }
  return box.innerHTML;
}
