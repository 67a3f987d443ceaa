import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../shared/session/authStore.js';
import { renderApp, userFixture } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const MENU = [
  { title: 'Home', url: '/' },
  { title: 'About', url: '/about' },
  { title: 'Account levels', url: '/account-levels' },
  { title: 'Economic calendar', url: '/economic-calendar' },
  { title: 'Contact', url: '/contact-us' },
  { title: 'Blog', url: 'https://blog.example.com' },
];

const settings = (data: Record<string, unknown>) => ({
  '/api/singletons/get/settings': () => ({ status: 200, json: { status: true, data } }),
});

const header = () => within(screen.getByRole('navigation', { name: 'Main menu' }));

describe("the public header shows the brand's menu from the site settings", () => {
  it('shows three links inline, the rest under "More", and no second link to a page the header already has', async () => {
    renderApp('/404', { api: settings({ menu: MENU }) });
    const inline = await screen.findAllByTestId('site-menu-link');
    expect(inline.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Account levels', '/account-levels'],
    ]);
    // the brand shows the economic calendar itself: one link to it, the header's own
    expect(
      header()
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href') === '/economic-calendar'),
    ).toHaveLength(1);
    fireEvent.click(header().getByRole('button', { name: 'More' }));
    const more = await screen.findAllByTestId('site-menu-more-link');
    expect(more.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Contact', '/contact-us'],
      ['Blog', 'https://blog.example.com'],
    ]);
    expect(more[1]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a short menu needs no "More"', async () => {
    renderApp('/404', { api: settings({ menu: MENU.slice(0, 2) }) });
    expect(await screen.findAllByTestId('site-menu-link')).toHaveLength(2);
    expect(header().queryByRole('button', { name: 'More' })).toBeNull();
  });

  it("keeps the client area's header to its own links", async () => {
    const auth = { access_token: 't', user: userFixture() };
    renderApp('/my-account/info', {
      auth,
      api: {
        ...settings({ menu: MENU, risk_warning: 'CFDs are complex instruments.' }),
        '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }),
      },
    });
    // the site settings have arrived (the footer shows their risk warning) ...
    expect(await screen.findByTestId('footer-risk-warning')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Referrals' })).toBeTruthy();
    // ... and the client area's header still carries none of the menu's links
    expect(screen.queryAllByTestId('site-menu-link')).toHaveLength(0);
    expect(header().queryByRole('link', { name: 'About' })).toBeNull();
    expect(header().queryByRole('button', { name: 'More' })).toBeNull();
  });
});

describe('client-area screens the site settings switch off (spec §3 platform components)', () => {
  const signedIn = (components: Record<string, boolean>, path: string) => {
    const auth = { access_token: 't', user: userFixture() };
    return renderApp(path, {
      auth,
      api: {
        ...settings({ platform_components: components, risk_warning: 'CFDs are complex instruments.' }),
        '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }),
      },
    });
  };

  it('leave the navigation: no referrals link, the level without its link to the account levels', async () => {
    signedIn({ referrals: false, account_levels: false, auto_trading: true }, '/my-account/info');
    expect(await screen.findByTestId('footer-risk-warning')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'My account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Referrals' })).toBeNull();
    const greeting = screen.getByTestId('user-greeting');
    expect(within(greeting).getByText('Level Gold')).toBeTruthy();
    expect(within(greeting).queryByRole('link', { name: 'Level Gold' })).toBeNull();
  });

  it('still link where they are on (a document without the switches keeps every screen)', async () => {
    signedIn({}, '/my-account/info');
    expect(await screen.findByTestId('footer-risk-warning')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Referrals' })).toBeTruthy();
    expect(
      within(screen.getByTestId('user-greeting')).getByRole('link', { name: 'Level Gold' }),
    ).toBeTruthy();
  });

  it.each([
    ['/referrals', { referrals: false }],
    ['/auto-trading', { auto_trading: false }],
    ['/account-levels', { account_levels: false }],
  ])('%s sends a signed-in client to the platform once switched off', async (path, off) => {
    const { router } = signedIn({ referrals: true, account_levels: true, auto_trading: true, ...off }, path);
    // the screen's code may load first (a lazy route); then the layout sends on
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/platform\//), {
      timeout: 5000,
    });
  });
});
