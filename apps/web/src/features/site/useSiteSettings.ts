import { useQuery } from '@tanstack/react-query';
import { type SiteSettings, siteApi } from '../../api/site.js';
import { useBrand } from '../../app/BrandProvider.js';

/** The content token of the current brand (spec §7: content calls carry it in the query). */
export const useContentToken = (): string | undefined => useBrand().contentToken;

/**
 * spec §3 Site settings: the brand's 'settings' singleton (map tiles, copyright, ...); undefined while
 * loading or when it cannot be read, so callers fall back to their defaults.
 */
export function useSiteSettings(): SiteSettings | undefined {
  const brand = useBrand();
  const query = useQuery({
    queryKey: ['site-settings', brand.slug],
    queryFn: ({ signal }) => siteApi.getSingleton<SiteSettings>('settings', brand.contentToken, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return query.data;
}
