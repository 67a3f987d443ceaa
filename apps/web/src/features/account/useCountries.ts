import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from '../../api/accounts.js';
import type { Country } from '../../api/types.js';
import { regionName } from '../../lib/regionNames.js';
import { readJson, writeJson } from '../../lib/storage.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useLogout } from '../../shared/session/useLogout.js';

/** spec §7: the countries list is cached locally: `{at, countries}` under this key. */
export const COUNTRIES_STORAGE_KEY = 'ob.countries';
/** Countries hardly ever change: a cached list is used for a day before it is asked for again. */
const COUNTRIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface CachedCountries {
  at: number;
  countries: Country[];
}

const isCountry = (value: unknown): value is Country => {
  const c = value as Partial<Country> | null;
  return !!c && typeof c.id === 'number' && typeof c.name === 'string' && typeof c.alpha2 === 'string';
};

function readCache(): CachedCountries | null {
  const cached = readJson<Partial<CachedCountries>>(COUNTRIES_STORAGE_KEY);
  if (!cached || typeof cached.at !== 'number' || !Array.isArray(cached.countries)) return null;
  if (cached.countries.length === 0 || !cached.countries.every(isCountry)) return null;
  return { at: cached.at, countries: cached.countries };
}

/** A country with its name in the reader's language. */
export interface CountryOption extends Country {
  label: string;
}

export interface Countries {
  /** Sorted by their name in the reader's language; undefined while the first load runs. */
  options: CountryOption[] | undefined;
  byId: (id: unknown) => CountryOption | undefined;
  isLoading: boolean;
}

/**
 * The countries of GET /api/get/countries, cached in localStorage (spec §7). spec §8: when they cannot
 * be loaded (and no cached copy exists) the client is logged out and returned home.
 */
export function useCountries(): Countries {
  const { i18n } = useTranslation();
  const token = useAuth()?.access_token;
  const logout = useLogout();
  const query = useQuery({
    queryKey: ['countries'],
    queryFn: async ({ signal }) => {
      const countries = (await accountsApi.countries(token ?? '', signal)).filter(isCountry);
      writeJson(COUNTRIES_STORAGE_KEY, { at: Date.now(), countries } satisfies CachedCountries);
      return countries;
    },
    enabled: !!token,
    initialData: () => readCache()?.countries,
    initialDataUpdatedAt: () => readCache()?.at,
    staleTime: COUNTRIES_MAX_AGE_MS,
  });

  const failed = query.isError && !query.data;
  useEffect(() => {
    if (failed) logout(undefined, '/');
  }, [failed, logout]);

  const language = i18n.language;
  const options = useMemo(
    () =>
      query.data
        ?.map((country) => ({ ...country, label: regionName(country.alpha2, language, country.name) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [query.data, language],
  );
  const byId = useMemo(() => {
    const index = new Map(options?.map((country) => [String(country.id), country]));
    return (id: unknown) => (id === null || id === undefined ? undefined : index.get(String(id)));
  }, [options]);

  return { options, byId, isLoading: !query.data && query.isFetching };
}
