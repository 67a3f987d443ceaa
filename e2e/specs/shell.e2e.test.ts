import { MESSAGES_EN } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, screenshot } from '../support/browser.js';

const NOT_FOUND = MESSAGES_EN['page.notFound'];

describe('the web shell in a real browser', () => {
  it('renders the home page with header, menu and footer, without console errors', async () => {
    const { page, context, errors } = await newSession();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('nav-login').isVisible()).toBe(true);
    await expect.poll(() => page.locator('footer').isVisible()).toBe(true);
    expect(await page.title()).not.toBe('');
    expect(await page.locator('footer').innerText()).toContain('OpenBroker Demo Ltd.');
    await screenshot(page, 'home-desktop-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['/this-page-does-not-exist-xyz', '/404'])('shows the exact 404 text on %s', async (url) => {
    const { page, context } = await newSession();
    // the page load itself says 404 too
    expect((await page.goto(url))?.status()).toBe(404);
    await expect.poll(() => page.getByTestId('not-found').innerText()).toContain(NOT_FOUND);
    await screenshot(page, `not-found${url.replaceAll('/', '-')}`);
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const { page, context } = await newSession();
    await page.goto('/');
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));
    await expect.poll(theme).toBe('light');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('theme-toggle').click()]);
    await expect.poll(theme).toBe('dark');
    await page.reload();
    await expect.poll(theme).toBe('dark');
    await screenshot(page, 'home-desktop-dark');
    await context.close();
  });

  it('switches visible texts to German and keeps the choice', async () => {
    const { page, context } = await newSession();
    await page.goto('/');
    const login = page.getByTestId('nav-login');
    await expect.poll(() => login.innerText()).toBe('Login');
    await page.getByTestId('language-select').selectOption('de');
    await expect.poll(() => login.innerText()).toBe('Anmelden');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-login').innerText()).toBe('Anmelden');
    await screenshot(page, 'home-desktop-de');
    await context.close();
  });

  it.each([
    '/platform',
    '/platform/EURUSD',
    '/my-account',
    '/my-account/documents',
    '/transactions',
    '/transactions/withdrawals',
    '/referrals',
    '/payment',
    '/payment/withdraw',
  ])('sends a logged-out visitor from %s to /login', async (url) => {
    const { page, context } = await newSession();
    await page.goto(url);
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByTestId('login-form').isVisible()).toBe(true);
    await context.close();
  });
});

describe('route rules for a logged-in client (spec §2)', async () => {
  const { page, context } = await newSession();
  await logInThroughForm(page);

  it.each([
    ['/platform', '/platform/BTCUSD'],
    ['/platform?tvwidgetsymbol=BINANCE%3AETHUSDT', '/platform/ETHUSD'],
    ['/platform?symbol=FX%3AEURUSD', '/platform/EURUSD'],
    ['/platform?symbol=EURUSD', '/platform/BTCUSD'],
    ['/my-account', '/my-account/info'],
    ['/my-account/unknown-page', '/my-account/info'],
    ['/my-account/password', '/my-account/password'],
    ['/transactions', '/transactions/deposits'],
    ['/transactions/refunds', '/transactions/deposits'],
    ['/transactions/credits', '/transactions/credits'],
    ['/payment', '/payment/creditCard'],
    ['/', '/platform/BTCUSD'],
  ])('%s resolves to %s', async (from, to) => {
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
    expect(new URL(page.url()).pathname).toBe(to);
  });

  it('shows the greeting with the client and the platform screen', async () => {
    await page.goto('/platform/BTCUSD');
    await expect.poll(() => page.getByTestId('platform-screen').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('user-greeting').innerText()).toContain('Dana Demo');
  });

  it('logs out to /login and forgets the session', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => localStorage.getItem('ob.auth'));
    expect(stored).toBeNull();
    await page.goto('/platform/BTCUSD');
    await page.waitForURL('**/login');
    await context.close();
  });
});
