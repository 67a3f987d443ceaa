import { describe, expect, it } from 'vitest';
import { CACHE_PREFIX, cacheStrategyFor, offlineShellFor, shellKeyFor, staleCaches } from './strategy.js';

const ORIGIN = 'https://broker.example.com';

function decide(
  path: string,
  { method = 'GET', mode = 'cors', headers = {} as Record<string, string>, origin = ORIGIN } = {},
) {
  return cacheStrategyFor(new URL(path, origin), { method, mode, headers: new Headers(headers) }, ORIGIN);
}

describe('what the service worker caches', () => {
  it.each(['/', '/platform', '/platform/EURUSD', '/my-account/info', '/about'])(
    'loads the page %s from the network first, the cached shell offline',
    (path) => {
      expect(decide(path, { mode: 'navigate' })).toBe('shell');
    },
  );

  it('serves hashed build files from the cache first', () => {
    expect(decide('/assets/index-Ab12Cd.js')).toBe('asset');
    expect(decide('/assets/PlatformPage-Zz9.css')).toBe('asset');
  });

  it.each([
    '/api/brand',
    '/api',
    '/api/trading/positions?open=1',
    '/socket.io/?EIO=4&transport=polling',
    '/socket.io',
  ])('never caches %s: the API and the socket carry the session', (path) => {
    expect(decide(path)).toBe('network');
    expect(decide(path, { mode: 'navigate' })).toBe('network');
  });

  it.each(['/backoffice', '/backoffice/clients/7'])('leaves the back office page %s alone', (path) => {
    expect(decide(path, { mode: 'navigate' })).toBe('network');
  });

  it('keeps paths that merely start like a private one', () => {
    expect(decide('/apis-explained', { mode: 'navigate' })).toBe('shell');
    expect(decide('/backoffice-jobs', { mode: 'navigate' })).toBe('shell');
  });

  it('never caches a request with an Authorization header, even for a build file', () => {
    expect(decide('/assets/index-Ab12Cd.js', { headers: { Authorization: 'Bearer x' } })).toBe('network');
    expect(decide('/platform', { mode: 'navigate', headers: { authorization: 'Bearer x' } })).toBe('network');
  });

  it('lets everything but GET through', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
      expect(decide('/assets/index-Ab12Cd.js', { method })).toBe('network');
      expect(decide('/platform', { method, mode: 'navigate' })).toBe('network');
    }
  });

  it('leaves other origins alone', () => {
    expect(decide('/assets/x.js', { origin: 'https://cdn.example.net' })).toBe('network');
    expect(decide('/', { mode: 'navigate', origin: 'https://other.example.com' })).toBe('network');
  });

  it('does not intercept the worker, the manifest, icons, media or the brand files', () => {
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/media/3/logo.png',
      '/logo.svg',
    ])
      expect(decide(path)).toBe('network');
  });
});

describe('the offline shell', () => {
  it('keeps the home and terminal shells only, never a path that may carry a code', () => {
    expect(shellKeyFor(new URL('/', ORIGIN))).toBe('/');
    expect(shellKeyFor(new URL('/platform?x=1', ORIGIN))).toBe('/platform');
    for (const path of ['/autoLogin/secret-code', '/password/reset/a-token', '/platform/EURUSD', '/about'])
      expect(shellKeyFor(new URL(path, ORIGIN))).toBeUndefined();
  });

  it("answers an offline page load with its kept shell, else the terminal's", () => {
    expect(offlineShellFor(new URL('/', ORIGIN))).toBe('/');
    expect(offlineShellFor(new URL('/platform/EURUSD', ORIGIN))).toBe('/platform');
    expect(offlineShellFor(new URL('/my-account/info', ORIGIN))).toBe('/platform');
  });
});

describe('a new build', () => {
  it("deletes the older builds' caches on activate, and nobody else's", () => {
    const names = [`${CACHE_PREFIX}old1`, `${CACHE_PREFIX}new`, 'another-app-cache', `${CACHE_PREFIX}old2`];
    expect(staleCaches(names, 'new')).toEqual([`${CACHE_PREFIX}old1`, `${CACHE_PREFIX}old2`]);
  });
});
