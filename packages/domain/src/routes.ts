/** Route rules of spec §2: which screens exist and where unknown or bare routes go. */

export const DEFAULT_SYMBOL = 'BTCUSD';
export const DEFAULT_PLATFORM_PATH = `/platform/${DEFAULT_SYMBOL}`;

export const MY_ACCOUNT_PAGES = ['info', 'password', 'documents', 'appropriateness'] as const;
export type MyAccountPage = (typeof MY_ACCOUNT_PAGES)[number];

/** spec §2: an unknown my-account page falls back to info. */
export function normalizeMyAccountPage(page: string | undefined): MyAccountPage {
  return (MY_ACCOUNT_PAGES as readonly string[]).includes(page ?? '') ? (page as MyAccountPage) : 'info';
}

/** spec §2's four tabs, and ours for staff corrections of the balance (decision 0025). */
export const TRANSACTION_ROUTE_TYPES = [
  'deposits',
  'withdrawals',
  'bonuses',
  'credits',
  'corrections',
] as const;
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

// ------------------------------------------------------------------------------------ page-load status

/*
 * What the web app shows at a path (spec §2), for the server's answer to a page load: the app's
 * one page is sent for every path, with HTTP 404 where the app shows its 404 page, so search engines and
 * link checkers see a missing page as missing. It follows the web's route table (apps/web/src/app/routes.tsx,
 * whose test walks these paths): a path no screen takes is a content page by slug, else not found.
 */

/**
 * A content page's slug: lower-case words with dashes, parts separated by '/' ('about', 'blog/first-post'),
 * at most CONTENT_SLUG_MAX characters. The back office's slug rule (content-admin.ts SLUG_PATTERN, maxSlug),
 * kept here without the editor's schemas so the public pages can use it.
 */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
export const CONTENT_SLUG_MAX = 120;

export const isContentSlug = (slug: string): boolean =>
  slug.length <= CONTENT_SLUG_MAX && CONTENT_SLUG_PATTERN.test(slug);

export type SitePath =
  /** A screen of the app, or a path the app redirects from (`/transactions/x`, `/my-account`): found. */
  | { kind: 'screen' }
  /** A content page by slug (spec §2 /{slug}): found when the brand has published a page with that slug. */
  | { kind: 'content'; slug: string }
  /** The trading screen (spec §2 /platform/{symbol}): a 404 box when the symbol is unknown. */
  | { kind: 'platform'; symbol: string }
  /** The economic calendar: only when the brand's economics flag is on. */
  | { kind: 'economics' }
  /** The referrals screen: not found in the brand's restricted mode (spec §2). */
  | { kind: 'referrals' }
  /** The 404 page itself, or a path nothing takes. */
  | { kind: 'notFound' };

const SCREEN: SitePath = { kind: 'screen' };
const NOT_FOUND: SitePath = { kind: 'notFound' };

/** Screens by their path segments (spec §2): how many segments follow the first one. */
const SCREENS: Readonly<Record<string, readonly number[]>> = {
  autoLogin: [1],
  login: [0],
  register: [0],
  // the public site's "Try a demo"
  demo: [0],
  affiliate: [0],
  'contact-us': [0],
  'auto-trading': [0],
  statements: [0],
  'fill-audit': [2],
  // bare /payment and /platform redirect to their default page
  payment: [0, 1],
  platform: [0],
};

/** The screen a path shows, or undefined when no screen's route takes it. */
function screenAt(first: string, rest: readonly string[]): SitePath | undefined {
  // spec §2: an unknown page of my account or transactions falls back to a known one
  if (first === 'my-account' || first === 'transactions') return SCREEN;
  // the back office has its own routes (and its own not-found screen) in its lazily loaded tree
  if (first === 'backoffice') return SCREEN;
  if (SCREENS[first]?.includes(rest.length)) return SCREEN;
  if (first === 'password' && rest.length === 1 && rest[0] === 'request') return SCREEN;
  if (first === 'password' && rest.length === 2 && rest[0] === 'reset') return SCREEN;
  if (rest.length > 0) return undefined;
  if (first === '404') return NOT_FOUND;
  if (first === 'referrals') return { kind: 'referrals' };
  if (first === 'economic-calendar') return { kind: 'economics' };
  return undefined;
}

/**
 * What the app shows at `pathname` (the URL's path, percent-encoded as sent; no query): '/' is the home
 * page (a screen); a path no screen takes is a content page when it is a slug, else not found.
 */
export function classifySitePath(pathname: string): SitePath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return NOT_FOUND;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  const [first, ...rest] = segments;
  if (first === undefined) return SCREEN;
  if (first === 'platform' && rest.length === 1 && rest[0])
    return { kind: 'platform', symbol: rest[0].toUpperCase() };
  const screen = screenAt(first, rest);
  if (screen) return screen;
  const slug = segments.join('/');
  return isContentSlug(slug) ? { kind: 'content', slug } : NOT_FOUND;
}
