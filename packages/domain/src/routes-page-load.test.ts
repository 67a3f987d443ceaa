import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS, SLUG_PATTERN } from './content-admin.js';
import { CONTENT_SLUG_MAX, CONTENT_SLUG_PATTERN, classifySitePath, isContentSlug } from './routes.js';

describe('what the web app shows at a path (the status of a page load)', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/demo',
    '/affiliate',
    '/contact-us',
    '/auto-trading',
    '/autoLogin/abc123',
    '/password/request',
    '/password/reset/some-token',
    '/my-account',
    '/my-account/info',
    '/my-account/anything/else',
    '/transactions',
    '/transactions/withdrawals',
    '/transactions/unknown',
    '/payment',
    '/payment/creditCard',
    '/payment/withdraw',
    '/platform',
    '/backoffice',
    '/backoffice/clients/12',
    '/login/',
  ])('%s is a screen', (path) => {
    expect(classifySitePath(path)).toEqual({ kind: 'screen' });
  });

  it.each([
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/terms-conditions', 'terms-conditions'],
    ['/blog/weekly-outlook', 'blog/weekly-outlook'],
    ['/password', 'password'],
  ])('%s is the content page %s', (path, slug) => {
    expect(classifySitePath(path)).toEqual({ kind: 'content', slug });
  });

  it('reads the symbol of the trading screen in capitals, as the screen does', () => {
    expect(classifySitePath('/platform/btcusd')).toEqual({ kind: 'platform', symbol: 'BTCUSD' });
    expect(classifySitePath('/platform/EURUSD')).toEqual({ kind: 'platform', symbol: 'EURUSD' });
  });

  it('names the screens that depend on the brand', () => {
    expect(classifySitePath('/referrals')).toEqual({ kind: 'referrals' });
    expect(classifySitePath('/economic-calendar')).toEqual({ kind: 'economics' });
  });

  it.each([
    '/404',
    '/About',
    '/autoLogin',
    '/some_page',
    '/a--b',
    '/%E0%A4%A',
    '/<script>',
    `/${'a'.repeat(121)}`,
    '/platform/BTCUSD/chart',
  ])('%s is not found', (path) => {
    expect(classifySitePath(path)).toEqual({ kind: 'notFound' });
  });

  it('treats a page below a screen path as a content page, as the route table does', () => {
    expect(classifySitePath('/login/help')).toEqual({ kind: 'content', slug: 'login/help' });
    expect(classifySitePath('/referrals/faq')).toEqual({ kind: 'content', slug: 'referrals/faq' });
    expect(classifySitePath('/platform/a/b')).toEqual({ kind: 'content', slug: 'platform/a/b' });
  });

  it("uses the back office's slug rule", () => {
    expect(CONTENT_SLUG_PATTERN.source).toBe(SLUG_PATTERN.source);
    expect(CONTENT_SLUG_MAX).toBe(CONTENT_LIMITS.maxSlug);
    expect(isContentSlug('blog/first-post')).toBe(true);
    expect(isContentSlug('blog//post')).toBe(false);
  });
});
