import { useEffect } from 'react';
import { useBrand } from './BrandProvider.js';

/**
 * Sets the window title to exactly `text` while the calling screen is shown, and puts back `fallback` (else the
 * title before it) when it goes away. For screens outside the brand's site, such as the back office's.
 */
export function useWindowTitle(text: string, fallback?: string) {
  useEffect(() => {
    const before = fallback ?? document.title;
    document.title = text;
    let current = true;
    // BrandProvider sets the brand's name in its own effect, which React runs after the page's effects on the
    // first render; applying the title once more after this flush keeps the page's.
    queueMicrotask(() => {
      if (current && document.title !== text) document.title = text;
    });
    return () => {
      current = false;
      document.title = before;
    };
  }, [text, fallback]);
}

/**
 * The window title of a page: 'Page · Brand' ('Brand' alone without a page title), so every page of the
 * client area, the site and the platform has its own (they all showed the brand). It goes back to
 * the brand's name when the page goes away.
 */
export function useDocumentTitle(title: string | undefined) {
  const brand = useBrand();
  useWindowTitle(title ? `${title} · ${brand.name}` : brand.name, brand.name);
}
