import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { brandApi } from '../api/brand.js';
import type { Brand } from '../api/types.js';
import { applyBrandTheme } from './brandTheme.js';

const BrandContext = createContext<Brand | null>(null);

export const BRAND_QUERY_KEY = ['brand'] as const;

/** What the app shows while the brand loads, and when the server cannot be reached (with a retry). */
export interface BrandWaitScreens {
  loading: ReactNode;
  unreachable: (retry: { onRetry: () => void; retrying: boolean }) => ReactNode;
}

/**
 * Loads the brand once at start and holds the app until it is known (its flags decide routes and menus).
 * If the server cannot be reached, the shell's full-page message says so instead of a blank screen.
 */
export function BrandProvider({ children, screens }: { children: ReactNode; screens: BrandWaitScreens }) {
  const query = useQuery({
    queryKey: BRAND_QUERY_KEY,
    queryFn: ({ signal }) => brandApi.get(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

  useEffect(() => {
    if (!query.data) return;
    applyBrandTheme(query.data.theme);
    document.title = query.data.name;
  }, [query.data]);

  if (query.data) return <BrandContext.Provider value={query.data}>{children}</BrandContext.Provider>;
  if (query.isError)
    return screens.unreachable({ retrying: query.isFetching, onRetry: () => void query.refetch() });
  return screens.loading;
}

/** The current brand; only valid below BrandProvider, which renders nothing else until it is loaded. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand must be used below <BrandProvider>');
  return brand;
}
