import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type TradingAccountList, tradingAccountsApi } from '../../api/tradingAccounts.js';
import { useAuth } from '../session/useAuth.js';
import { accountChanges, currentAccountStore, liveFiguresStore } from './currentAccount.js';

export const TRADING_ACCOUNTS_QUERY_KEY = ['trading-accounts'] as const;

/**
 * Queries that belong to the client or the brand, not to a trading account: a switch leaves them. Every other
 * query of the client area (getBalance, transactions, statements, auto-trading, alerts, charges, the fill audit,
 * the withdrawal's free margin, ...) is account-scoped and starts afresh after a switch.
 */
const NOT_ACCOUNT_SCOPED: ReadonlySet<string> = new Set([
  'brand',
  'site-settings',
  'content-page',
  'page-list',
  'daily-closes',
  'economic-events',
  'countries',
  'instruments',
  'assets',
  'candles',
  'watchlists',
  'session',
  'popups',
  'referrals',
  'affiliate',
  TRADING_ACCOUNTS_QUERY_KEY[0],
]);

/** Writes the list's current account into the shared store (money formatting, the terminal's socket). */
function syncCurrent(token: string, list: TradingAccountList): void {
  const account = list.accounts.find((a) => a.current);
  const known = currentAccountStore.get();
  if (!account) return;
  if (
    known?.token === token &&
    known.id === account.id &&
    known.currency === account.currency &&
    known.number === account.number &&
    known.kind === account.kind
  )
    return;
  currentAccountStore.set({
    token,
    id: account.id,
    number: account.number,
    kind: account.kind,
    currency: account.currency,
  });
}

/** The client's trading accounts (GET /api/accounts), refreshed when `fresh` asks (the switcher's menu opening). */
export function useTradingAccounts() {
  const token = useAuth()?.access_token ?? '';
  const query = useQuery({
    queryKey: [...TRADING_ACCOUNTS_QUERY_KEY, token],
    queryFn: ({ signal }) => tradingAccountsApi.list(token, signal),
    enabled: !!token,
    staleTime: 30_000,
    retry: 1,
  });
  const data = query.data;
  useEffect(() => {
    if (data && token) syncCurrent(token, data);
  }, [data, token]);
  return query;
}

/**
 * After the account the session acts on changed (a switch, a demo reset): every account-scoped view reloads
 * (its cached answers are dropped, so no screen shows the previous account's figures meanwhile), the terminal's
 * socket opens afresh, and the list is read again.
 */
export function reloadAccountViews(queryClient: QueryClient): void {
  liveFiguresStore.set(null);
  accountChanges.set(accountChanges.get() + 1);
  void queryClient.resetQueries({
    predicate: (query) => !NOT_ACCOUNT_SCOPED.has(String(query.queryKey[0])),
  });
  void queryClient.invalidateQueries({ queryKey: TRADING_ACCOUNTS_QUERY_KEY });
}

/** After money moved between accounts (a transfer): the list and every account-scoped view read their figures again. */
export function refreshAccountViews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: (query) => !NOT_ACCOUNT_SCOPED.has(String(query.queryKey[0])),
  });
  void queryClient.invalidateQueries({ queryKey: TRADING_ACCOUNTS_QUERY_KEY });
}

/** Takes an answer that is the new list straight into the cache (the list is read again anyway). */
export function takeList(queryClient: QueryClient, token: string, answer: unknown): void {
  if (answer && typeof answer === 'object' && 'accounts' in answer && 'liveCurrencies' in answer) {
    const list = answer as TradingAccountList;
    queryClient.setQueryData([...TRADING_ACCOUNTS_QUERY_KEY, token], list);
    syncCurrent(token, list);
  }
}
