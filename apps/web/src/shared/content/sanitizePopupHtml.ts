import DOMPurify from 'dompurify';

/**
 * Popup HTML comes from the back office: it is cleaned before it is shown (architecture §8: CMS HTML is an
 * XSS vector). Only ordinary HTML survives; links open in a new tab without access to this page.
 */
export function sanitizePopupHtml(html: string): string {
  // A browser DOMPurify cannot work in gets the text only, never unchecked HTML.
  if (!DOMPurify.isSupported) {
    const text = document.createElement('p');
    text.textContent = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    return text.outerHTML;
  }
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of clean.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}
