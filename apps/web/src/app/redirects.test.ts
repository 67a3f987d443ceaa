import { describe, expect, it } from 'vitest';
import { isProtectedPath, type RedirectContext, redirectStep, resolveRedirect } from './redirects.js';

const visitor: RedirectContext = {
  loggedIn: false,
  registrationEnabled: false,
  homeRedirectsToPlatform: false,
};
const client: RedirectContext = { ...visitor, loggedIn: true };

describe('spec §2 redirects', () => {
  it('sends a bare /my-account to its info tab', () => {
    expect(resolveRedirect('/my-account', '', client)).toEqual({ to: '/my-account/info' });
    expect(resolveRedirect('/my-account/', '', client)).toEqual({ to: '/my-account/info' });
  });

  it('keeps known my-account tabs and sends unknown ones to info', () => {
    expect(resolveRedirect('/my-account/password', '', client)).toBeNull();
    expect(resolveRedirect('/my-account/documents', '', client)).toBeNull();
    expect(resolveRedirect('/my-account/settings', '', client)).toEqual({ to: '/my-account/info' });
    expect(resolveRedirect('/my-account/info/extra', '', client)).toEqual({ to: '/my-account/info' });
  });

  it('sends /transactions and unknown transaction types to deposits', () => {
    expect(resolveRedirect('/transactions', '', client)).toEqual({ to: '/transactions/deposits' });
    expect(resolveRedirect('/transactions/refunds', '', client)).toEqual({ to: '/transactions/deposits' });
    for (const type of ['deposits', 'withdrawals', 'bonuses', 'credits']) {
      expect(resolveRedirect(`/transactions/${type}`, '', client)).toBeNull();
    }
  });

  it('sends /payment to the credit card method and keeps any method', () => {
    expect(resolveRedirect('/payment', '', client)).toEqual({ to: '/payment/creditCard' });
    expect(resolveRedirect('/payment/withdraw', '', client)).toBeNull();
  });

  it('sends /platform to BTCUSD', () => {
    expect(resolveRedirect('/platform', '', client)).toEqual({ to: '/platform/BTCUSD' });
    expect(resolveRedirect('/platform/EURUSD', '', client)).toBeNull();
  });

  it('picks the symbol after an encoded colon in the raw query, with USDT as USD', () => {
    expect(resolveRedirect('/platform', '?tvwidgetsymbol=BINANCE%3AETHUSDT', client)).toEqual({
      to: '/platform/ETHUSD',
    });
    expect(resolveRedirect('/platform', '?symbol=FX%3aEURUSD', client)).toEqual({ to: '/platform/EURUSD' });
    // a decoded colon is not the spec's signal
    expect(resolveRedirect('/platform', '?tvwidgetsymbol=BINANCE:ETHUSDT', client)).toEqual({
      to: '/platform/BTCUSD',
    });
  });

  it('applies the platform redirect first, then the login check', () => {
    expect(redirectStep('/platform', '?s=X%3ASOLUSDT', visitor)).toBe('/platform/SOLUSD');
    expect(resolveRedirect('/platform', '?s=X%3ASOLUSDT', visitor)).toEqual({
      to: '/login',
      from: '/platform/SOLUSD',
    });
  });

  it('sends logged-out visitors of every protected screen to /login', () => {
    const cases: [string, string][] = [
      ['/platform/BTCUSD', '/platform/BTCUSD'],
      ['/my-account', '/my-account/info'],
      ['/my-account/documents', '/my-account/documents'],
      ['/referrals', '/referrals'],
      ['/transactions', '/transactions/deposits'],
      ['/transactions/bonuses', '/transactions/bonuses'],
      ['/payment', '/payment/creditCard'],
      ['/payment/withdraw', '/payment/withdraw'],
    ];
    for (const [path, wanted] of cases) {
      expect(resolveRedirect(path, '', visitor), path).toEqual({ to: '/login', from: wanted });
    }
  });

  it('leaves public screens alone', () => {
    for (const path of [
      '/login',
      '/password/request',
      '/password/reset/abc',
      '/autoLogin/xyz',
      '/affiliate',
      '/contact-us',
      '/404',
      '/about',
      '/this-page-does-not-exist-xyz',
    ]) {
      expect(resolveRedirect(path, '', visitor), path).toBeNull();
    }
  });

  it('shows home to visitors, and the platform to clients or when the brand says so', () => {
    expect(resolveRedirect('/', '', visitor)).toBeNull();
    expect(resolveRedirect('/', '', client)).toEqual({ to: '/platform/BTCUSD' });
    expect(resolveRedirect('/', '', { ...visitor, homeRedirectsToPlatform: true })).toEqual({
      to: '/login',
      from: '/platform/BTCUSD',
    });
  });

  it('opens /register only when registration is enabled', () => {
    expect(resolveRedirect('/register', '', visitor)).toEqual({ to: '/login' });
    expect(resolveRedirect('/register', '', { ...visitor, registrationEnabled: true })).toBeNull();
  });

  it('knows which sections are protected', () => {
    expect(isProtectedPath('/platform/BTCUSD')).toBe(true);
    expect(isProtectedPath('/payment')).toBe(true);
    expect(isProtectedPath('/platforms')).toBe(false);
    expect(isProtectedPath('/')).toBe(false);
  });
});
