import {
  DEFAULT_PAYMENT_METHOD_ROUTE,
  DEFAULT_PLATFORM_PATH,
  normalizeMyAccountPage,
  normalizeTransactionRouteType,
  type PlatformComponentSwitch,
  platformSymbolFromQuery,
} from '@openbroker/domain';
import { LOGIN_PATH } from '../shared/session/authStore.js';

/** Route redirects of spec §2 and §6 as pure functions of the URL and the session. */

/** spec §6: first path segments of the screens that need a logged-in client. */
export const PROTECTED_SECTIONS = ['my-account', 'referrals', 'transactions', 'platform', 'payment'] as const;

export interface RedirectContext {
  loggedIn: boolean;
  /** Brand flag: registration is open (spec §6: currently false). */
  registrationEnabled: boolean;
  /** Brand flag: the home page always goes to the platform (spec §2 'a site flag'). */
  homeRedirectsToPlatform: boolean;
}

export interface Redirect {
  to: string;
  /** The path the visitor wanted, when they are sent to log in first. */
  from?: string;
}

const pathSegments = (pathname: string): string[] => pathname.split('/').filter((segment) => segment !== '');

export const isProtectedPath = (pathname: string): boolean =>
  (PROTECTED_SECTIONS as readonly string[]).includes(pathSegments(pathname)[0] ?? '');

/** First path segments of the client-area screens the site settings switch (spec §3 platform components). */
const SWITCHED_SCREENS: Record<string, PlatformComponentSwitch> = {
  referrals: 'referrals',
  'account-levels': 'account_levels',
  'auto-trading': 'auto_trading',
};

/**
 * Where a screen the brand switched off sends to: the default page, the platform for a signed-in
 * client and the home page for a visitor; null when `pathname` is no such screen.
 */
export function switchedOffRedirect(
  pathname: string,
  screens: Record<PlatformComponentSwitch, boolean>,
  loggedIn: boolean,
): string | null {
  const screen = SWITCHED_SCREENS[pathSegments(pathname)[0] ?? ''];
  if (!screen || screens[screen]) return null;
  return loggedIn ? DEFAULT_PLATFORM_PATH : '/';
}

/**
 * One redirect step for `pathname`, or null when the route is final. `rawSearch` is the query of the same
 * location as `pathname` (the router's `location.search`), still percent-encoded: the platform rule looks for an
 * encoded colon. Never `window.location.search` next to the router's path: the two differ while a redirect is
 * under way.
 * Normalising redirects come before the login check (spec §2: `/platform` first becomes
 * `/platform/BTCUSD`, which then needs a login).
 */
export function redirectStep(pathname: string, rawSearch: string, ctx: RedirectContext): string | null {
  const [section, page, ...rest] = pathSegments(pathname);
  switch (section) {
    case undefined:
      if (ctx.loggedIn || ctx.homeRedirectsToPlatform) return DEFAULT_PLATFORM_PATH;
      break;
    case 'platform':
      if (page === undefined) return `/platform/${platformSymbolFromQuery(rawSearch)}`;
      break;
    case 'my-account': {
      const known = normalizeMyAccountPage(page);
      if (known !== page || rest.length > 0) return `/my-account/${known}`;
      break;
    }
    case 'transactions': {
      const known = normalizeTransactionRouteType(page);
      if (known !== page || rest.length > 0) return `/transactions/${known}`;
      break;
    }
    case 'payment':
      if (page === undefined) return `/payment/${DEFAULT_PAYMENT_METHOD_ROUTE}`;
      break;
    case 'register':
      if (!ctx.registrationEnabled) return LOGIN_PATH;
      break;
    // a signed-in client has an account already: the demo sign-up leads to the platform
    case 'demo':
      if (ctx.loggedIn) return DEFAULT_PLATFORM_PATH;
      break;
  }
  if (!ctx.loggedIn && isProtectedPath(pathname)) return LOGIN_PATH;
  return null;
}

/** Follows redirect steps to the final route; null when `pathname` needs no redirect. */
export function resolveRedirect(pathname: string, rawSearch: string, ctx: RedirectContext): Redirect | null {
  let current = pathname;
  let search = rawSearch;
  let wanted: string | undefined;
  // Every rule lands on a final route within three steps; the bound only guards against a future cycle.
  for (let step = 0; step < 5; step += 1) {
    const next = redirectStep(current, search, ctx);
    if (next === null) break;
    if (next === LOGIN_PATH && isProtectedPath(current)) wanted = current;
    current = next;
    search = '';
  }
  if (current === pathname) return null;
  return wanted ? { to: current, from: wanted } : { to: current };
}
