import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { autoTradingApi } from '../../api/autoTrading.js';
import { tradingApi } from '../../api/trading.js';
import { useAuth } from '../session/useAuth.js';
import { useLogout } from '../session/useLogout.js';

/** Query key prefix of everything on the auto-trading page; the switch and the form invalidate it. */
export const AUTO_TRADING_QUERY_KEY = ['autoTrading'] as const;

/** Journal lines per page. */
export const JOURNAL_PAGE = 20;

/** Figures of a running strategy change at candle closes: a half-minute refresh keeps the page current. */
const REFRESH_MS = 30_000;

/** A 401 on any of the page's calls ends the session like everywhere else. */
function useExpiry(error: unknown) {
  const logout = useLogout();
  useEffect(() => {
    if (isApiError(error) && error.isUnauthorized) logout('expired');
  }, [error, logout]);
}

/** POST /api/autoTrading/overview: state, settings, the brand's offer, instruments and results. */
export function useAutoTradingOverview() {
  const token = useAuth()?.access_token ?? '';
  const query = useQuery({
    queryKey: [...AUTO_TRADING_QUERY_KEY, 'overview', token],
    queryFn: ({ signal }) => autoTradingApi.overview(token, signal),
    enabled: !!token,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  useExpiry(query.error);
  return query;
}

/** POST /api/autoTrading/journal, newest first, a page at a time ("load more" asks for the entries before). */
export function useJournal() {
  const token = useAuth()?.access_token ?? '';
  const query = useInfiniteQuery({
    queryKey: [...AUTO_TRADING_QUERY_KEY, 'journal', token],
    queryFn: ({ pageParam, signal }) =>
      autoTradingApi.journal(
        token,
        pageParam == null ? { limit: JOURNAL_PAGE } : { before: pageParam, limit: JOURNAL_PAGE },
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    enabled: !!token,
    refetchInterval: REFRESH_MS,
  });
  useExpiry(query.error);
  return query;
}

/** The strategy's open positions (origin 'auto') from getBalance, with the server's profit at the time of asking. */
export function useAutoPositions() {
  const token = useAuth()?.access_token ?? '';
  const query = useQuery({
    queryKey: [...AUTO_TRADING_QUERY_KEY, 'positions', token],
    queryFn: ({ signal }) => tradingApi.getBalance(token, signal),
    select: (data) => data.positions.open.filter((position) => position.origin === 'auto'),
    enabled: !!token,
    refetchInterval: REFRESH_MS,
  });
  useExpiry(query.error);
  return query;
}
