import { useEffect } from 'react';
import { useBrand } from '../../lib/BrandProvider.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';

const setMetaDescription = (content: string) => {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
};

/**
 * The window title 'Page title · Brand' (the brand alone without a title, see useDocumentTitle) and, when
 * given, the meta description; both go back to the brand's own when the page goes away.
 */
export function usePageTitle(title: string | undefined, description?: string) {
  const brand = useBrand();
  useDocumentTitle(title);
  useEffect(() => {
    if (!description) return;
    setMetaDescription(description);
    return () => setMetaDescription(brand.tagline ?? '');
  }, [description, brand.tagline]);
}
