import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SiteSettings, siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';

/** The content token of the current brand (spec §7: content calls carry it in the query). */
export const useContentToken = (): string | undefined => useBrand().contentToken;

/**
 * spec §3 Site settings: the brand's 'settings' singleton (map tiles, copyright, ...); undefined while
 * loading or when it cannot be read, so callers fall back to their defaults. Its header menu, footer links,
 * copyright, regulatory text and risk warning come in the active language where the brand has them translated
 *; a language switch loads them again, showing the previous language's until they arrive.
 */
export function useSiteSettings(): SiteSettings | undefined {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({
    queryKey: ['site-settings', brand.slug, language],
    queryFn: ({ signal }) =>
      siteApi.getSingleton<SiteSettings>('settings', brand.contentToken, signal, language),
    staleTime: 10 * 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  return query.data;
}
