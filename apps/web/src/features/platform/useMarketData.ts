import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { marketApi } from '../../api/market.js';
import { type Asset, INSTRUMENT_CATEGORIES, type Instrument } from '../../api/types.js';
import { useAuth } from '../auth/useAuth.js';
import { useLogout } from '../auth/useLogout.js';

const isInstrument = (value: unknown): value is Instrument => {
  const v = value as Partial<Instrument> | null;
  return (
    !!v &&
    typeof v.symbol === 'string' &&
    typeof v.category === 'string' &&
    (INSTRUMENT_CATEGORIES as readonly string[]).includes(v.category)
  );
};

export interface Instruments {
  list: Instrument[] | undefined;
  bySymbol: Map<string, Instrument>;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

/** The instrument catalogue (GET /api/market/instruments): the market list, names and categories. */
export function useInstruments(): Instruments {
  const query = useQuery({
    queryKey: ['instruments'],
    queryFn: async ({ signal }) => (await marketApi.instruments(signal)).filter(isInstrument),
    staleTime: 10 * 60_000,
  });
  const bySymbol = useMemo(
    () => new Map((query.data ?? []).map((instrument) => [instrument.symbol, instrument])),
    [query.data],
  );
  return {
    list: query.data,
    bySymbol,
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    retry: () => void query.refetch(),
  };
}

export interface Assets {
  bySymbol: Map<string, Asset>;
  isLoading: boolean;
}

/**
 * The client's tradable assets (spec §7 GET /api/get/assets): category id and leverage list per symbol.
 * spec §8: when they cannot be loaded the client is logged out and returned home.
 */
export function useAssets(): Assets {
  const token = useAuth()?.access_token ?? '';
  const logout = useLogout();
  const query = useQuery({
    queryKey: ['assets', token],
    queryFn: ({ signal }) => marketApi.assets(token, signal),
    enabled: !!token,
    staleTime: 10 * 60_000,
  });
  const failed = query.isError && !query.data;
  const unauthorized = isApiError(query.error) && query.error.isUnauthorized;
  useEffect(() => {
    if (failed) logout(unauthorized ? 'expired' : undefined, unauthorized ? undefined : '/');
  }, [failed, unauthorized, logout]);
  const bySymbol = useMemo(
    () => new Map((query.data ?? []).map((asset) => [asset.symbol.toUpperCase(), asset])),
    [query.data],
  );
  return { bySymbol, isLoading: query.isPending };
}
