/**
 * Which requests the service worker (sw.ts) answers from its cache, and how. A pure function, so every
 * rule is tested (strategy.test.ts): the worker only carries out what it says.
 */

/**
 * - `network`: the worker stays out of the way (the browser's own fetch, nothing cached);
 * - `shell`: a page load: the network first, the cached shell when offline;
 * - `asset`: a hashed build file (`/assets/…`): the cache first, its content never changes.
 */
export type CacheStrategy = 'network' | 'shell' | 'asset';

/** What the decision reads of a request. */
export interface RequestFacts {
  method: string;
  /** `navigate` for a page load. */
  mode: string;
  headers: Pick<Headers, 'has'>;
}

/** Paths never cached: the API and the price socket carry a session; the back office has its own rules. */
const NEVER_CACHED = ['/api', '/socket.io', '/backoffice'];

/** The worker itself and the per-brand files the browser revalidates on its own terms. */
const NOT_INTERCEPTED = new Set(['/sw.js', '/manifest.webmanifest']);

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** How the worker handles a request for `url` from a page of `origin`. */
export function cacheStrategyFor(url: URL, request: RequestFacts, origin: string): CacheStrategy {
  if (request.method !== 'GET') return 'network';
  if (url.origin !== origin) return 'network';
  if (request.headers.has('authorization')) return 'network';
  const { pathname } = url;
  if (NEVER_CACHED.some((prefix) => under(pathname, prefix))) return 'network';
  if (NOT_INTERCEPTED.has(pathname)) return 'network';
  if (pathname.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate') return 'shell';
  return 'network';
}

/**
 * The page loads whose shell is kept for offline use: the home page and the terminal (the installed
 * app's start page). Other addresses are not stored: a path may carry a one-time code
 * (`/autoLogin/…`, `/password/reset/…`), and the shell is the same app on every path.
 */
export const SHELL_PATHS = ['/', '/platform'] as const;

/** The cached shell a page load gets when the network is down: its own if kept, else the terminal's. */
export function offlineShellFor(url: URL): string {
  return (SHELL_PATHS as readonly string[]).includes(url.pathname) ? url.pathname : '/platform';
}

/** The key under which a page load's shell is stored, or undefined when it is not stored. */
export function shellKeyFor(url: URL): string | undefined {
  return (SHELL_PATHS as readonly string[]).includes(url.pathname) ? url.pathname : undefined;
}

/** Cache names of this worker start with it; `activate` deletes those of other builds. */
export const CACHE_PREFIX = 'openbroker-app-';

/** The caches an activating worker of build `version` deletes: every older build's. */
export function staleCaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== `${CACHE_PREFIX}${version}`);
}
