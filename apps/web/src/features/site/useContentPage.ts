import type { ContentPage } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageNotFoundError, siteApi } from '../../api/site.js';
import { useBrand } from '../../lib/BrandProvider.js';
import { readJson, removeItem, writeJson } from '../../lib/storage.js';

/** localStorage key of a cached page: per brand, language and slug (spec §4 page cache per slug). */
export const pageCacheKey = (brand: string, lang: string, slug: string) => `ob.page.${brand}.${lang}.${slug}`;

const readCached = (key: string): ContentPage | undefined => {
  const cached = readJson<ContentPage>(key);
  return cached && typeof cached === 'object' && Array.isArray(cached.components) ? cached : undefined;
};

/**
 * spec §4: page content is cached per slug in local storage; the cached copy shows first, then the fresh
 * copy replaces it; when the lookup finds nothing the page gets the error value (`isError`), and the
 * stale copy is dropped. The chosen language is sent as `lang` (spec §7).
 */
export function useContentPage(slug: string) {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const key = pageCacheKey(brand.slug, lang, slug);
  return useQuery({
    queryKey: ['content-page', brand.slug, lang, slug],
    queryFn: async ({ signal }) => {
      try {
        const page = await siteApi.getPage(slug, lang, brand.contentToken, signal);
        writeJson(key, page);
        return page;
      } catch (error) {
        if (error instanceof PageNotFoundError) removeItem(key);
        throw error;
      }
    },
    initialData: () => readCached(key),
    // The cached copy is shown at once but counts as old, so the fresh one is asked for straight away.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });
}
