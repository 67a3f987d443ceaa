import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { marketApi } from '../../api/market.js';
import { type Asset, INSTRUMENT_CATEGORIES, type Instrument } from '../../api/types.js';
import { useAuth } from '../session/useAuth.js';
import { useLogout } from '../session/useLogout.js';
import type { QuoteStore } from './quoteStore.js';

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

const INSTRUMENTS_KEY = ['instruments'] as const;

/**
 * Keeps the catalogue's `halted` flags in step with the price socket's `halts` message: a dealer's halt (or its
 * lifting) reaches an open trade ticket at once, which disables its buttons before the client submits.
 */
export function useLiveHalts(store: QuoteStore): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      store.onHalts((symbols) => {
        const halted = new Set(symbols);
        queryClient.setQueryData<Instrument[]>(INSTRUMENTS_KEY, (list) => {
          if (!list?.some((i) => (i.halted === true) !== halted.has(i.symbol))) return list;
          return list.map((i) =>
            (i.halted === true) === halted.has(i.symbol) ? i : { ...i, halted: halted.has(i.symbol) },
          );
        });
        // a lifted halt: ask again whether the market itself is open now
        void queryClient.invalidateQueries({ queryKey: INSTRUMENTS_KEY });
      }),
    [store, queryClient],
  );
}

/**
 * The instrument catalogue (GET /api/market/instruments): the market list, names, categories and when a closed
 * market opens next. Kept 10 minutes; a market that closes in between asks for it again (`useOpeningRefresh`).
 */
export function useInstruments(): Instruments {
  const query = useQuery({
    queryKey: INSTRUMENTS_KEY,
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

/**
 * A market that closes while the page is open shows when it opens next without a reload. While
 * `unknown` (a closed market whose next opening the catalogue does not give, or gives already past), the
 * catalogue is fetched again once, unless it was fetched after the market was seen closed; several closed
 * markets at once share one request.
 */
export function useOpeningRefresh(unknown: boolean): void {
  const queryClient = useQueryClient();
  const since = useRef<number | null>(null);
  useEffect(() => {
    if (!unknown) {
      since.current = null;
      return;
    }
    since.current ??= Date.now();
    const state = queryClient.getQueryState(INSTRUMENTS_KEY);
    if (!state || state.dataUpdatedAt > since.current) return;
    void queryClient.refetchQueries({ queryKey: INSTRUMENTS_KEY }, { cancelRefetch: false });
  }, [unknown, queryClient]);
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
