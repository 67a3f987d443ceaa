/** Route rules of spec §2: which screens exist and where unknown or bare routes go. */

export const DEFAULT_SYMBOL = 'BTCUSD';
export const DEFAULT_PLATFORM_PATH = `/platform/${DEFAULT_SYMBOL}`;

export const MY_ACCOUNT_PAGES = ['info', 'password', 'documents'] as const;
export type MyAccountPage = (typeof MY_ACCOUNT_PAGES)[number];

/** spec §2: an unknown my-account page falls back to info. */
export function normalizeMyAccountPage(page: string | undefined): MyAccountPage {
  return (MY_ACCOUNT_PAGES as readonly string[]).includes(page ?? '') ? (page as MyAccountPage) : 'info';
}

export const TRANSACTION_ROUTE_TYPES = ['deposits', 'withdrawals', 'bonuses', 'credits'] as const;
export type TransactionRouteType = (typeof TRANSACTION_ROUTE_TYPES)[number];

/** spec §2: other transaction types redirect to deposits. */
export function normalizeTransactionRouteType(type: string | undefined): TransactionRouteType {
  return (TRANSACTION_ROUTE_TYPES as readonly string[]).includes(type ?? '')
    ? (type as TransactionRouteType)
    : 'deposits';
}

export const DEFAULT_PAYMENT_METHOD_ROUTE = 'creditCard';

/**
 * spec §2: `/platform` with a query containing an encoded colon (e.g. `?tvwidgetsymbol=BINANCE%3ABTCUSDT`)
 * selects the symbol after the colon, with USDT replaced by USD; otherwise BTCUSD.
 * `search` is the raw query string as in `location.search` (still percent-encoded).
 */
export function platformSymbolFromQuery(search: string): string {
  const match = /%3A([^&=#%]+)/i.exec(search);
  const raw = match?.[1];
  if (!raw) return DEFAULT_SYMBOL;
  const symbol = decodeURIComponent(raw).trim().toUpperCase().replace(/USDT/g, 'USD');
  return /^[A-Z0-9._-]{1,32}$/.test(symbol) ? symbol : DEFAULT_SYMBOL;
}
